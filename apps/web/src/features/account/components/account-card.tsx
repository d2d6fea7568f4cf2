import { tierLabels, type UserTier } from '@pilote/contracts';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Badge } from '../../../components/ui/badge.tsx';
import { Card, CardTitle } from '../../../components/ui/card.tsx';
import { paths } from '../../../config/paths.ts';

export type AccountCardProps = {
  name: string;
  email: string;
  tier: UserTier;
  /** Extra lines under the e-mail (trial end, subscription status…). */
  children?: ReactNode;
};

/** Spec §2.6: name, tier badge, e-mail. */
export function AccountCard({ name, email, tier, children }: AccountCardProps) {
  return (
    <Card data-testid="account-card">
      <div className="flex flex-wrap items-center gap-3">
        <CardTitle>Compte</CardTitle>
        <Badge data-testid="tier-badge">{tierLabels[tier]}</Badge>
      </div>
      <dl className="mt-4 grid gap-3 text-sm sm:grid-cols-[8rem_1fr]">
        <dt className="text-muted-foreground">Nom</dt>
        <dd className="font-medium wrap-anywhere text-foreground">{name}</dd>
        <dt className="text-muted-foreground">E-mail</dt>
        <dd className="flex flex-wrap items-center gap-x-3 gap-y-1 font-medium text-foreground">
          <span className="break-all">{email}</span>
          <Link
            to={paths.loginChangeEmail.getHref()}
            className="rounded-sm text-sm font-normal text-primary underline underline-offset-4"
          >
            Modifier l'adresse e-mail
          </Link>
        </dd>
        {children}
      </dl>
    </Card>
  );
}
