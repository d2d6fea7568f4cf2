import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router';
import { buttonStyles } from '../ui/button.tsx';
import { usePublicAccountLinks } from './use-public-account-links.ts';

/** The free-trial call to action (spec §1: no bank card) and the sign-in link. */
export function TrialCta({ title = 'Essayez Pilote Énergie sur vos propres sites' }: { title?: string }) {
  const { account, trialHref } = usePublicAccountLinks();
  return (
    <section
      aria-label="Essai gratuit"
      className="not-prose mt-12 rounded-xl border border-border bg-surface p-6 sm:p-8"
    >
      <p className="text-xl font-semibold tracking-tight text-foreground">{title}</p>
      <p className="mt-2 text-muted-foreground">
        Créez un compte en deux minutes avec votre adresse e-mail professionnelle. L'essai est gratuit et ne demande
        aucune carte bancaire.
      </p>
      <div className="mt-6 flex flex-col gap-3 sm:flex-row sm:items-center">
        {trialHref ? (
          <Link to={trialHref} className={buttonStyles({ size: 'lg' })}>
            Essai gratuit, sans carte bancaire
            <ArrowRight aria-hidden="true" className="size-5" />
          </Link>
        ) : null}
        <Link to={account.href} className={buttonStyles({ variant: 'outline', size: 'lg' })}>
          {account.label}
        </Link>
      </div>
    </section>
  );
}
