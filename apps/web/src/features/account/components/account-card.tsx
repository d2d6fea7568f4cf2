import type { AccountUser } from '@pilote/contracts';
import { Link } from 'react-router';
import { Badge } from '../../../components/ui/badge.tsx';
import { Card, CardTitle } from '../../../components/ui/card.tsx';
import { paths } from '../../../config/paths.ts';
import { tierLabels } from '../../plans/utils/tiers.ts';

/** Spec §2.6: name, tier badge, e-mail. */
export function AccountCard({ user }: { user: AccountUser }) {
  return (
    <Card data-testid="account-card">
      <div className="flex flex-wrap items-center gap-3">
        <CardTitle>Compte</CardTitle>
        <Badge data-testid="tier-badge">{tierLabels[user.tier]}</Badge>
      </div>
      <dl className="mt-4 grid gap-3 text-sm sm:grid-cols-[8rem_1fr]">
        <dt className="text-muted-foreground">Nom</dt>
        <dd className="font-medium text-foreground">{user.name}</dd>
        <dt className="text-muted-foreground">E-mail</dt>
        <dd className="flex flex-wrap items-center gap-x-3 gap-y-1 font-medium text-foreground">
          <span className="break-all">{user.email}</span>
          <Link
            to={paths.loginChangeEmail.getHref()}
            className="rounded-sm text-sm font-normal text-primary underline underline-offset-4"
          >
            Modifier l'adresse e-mail
          </Link>
        </dd>
      </dl>
    </Card>
  );
}
