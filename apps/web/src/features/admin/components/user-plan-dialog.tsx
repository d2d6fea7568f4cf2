import {
  type AdminUser,
  type AdminUserPlanResponse,
  featureLabels,
  isLimitReached,
  type PlanEvent,
  settingsMessages,
  tierLabels,
  type UserTier,
  userTiers,
} from '@pilote/contracts';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { Alert } from '../../../components/ui/alert.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogContent, DialogTrigger } from '../../../components/ui/dialog.tsx';
import { Select } from '../../../components/ui/input.tsx';
import { Meter } from '../../../components/ui/meter.tsx';
import { Pager } from '../../../components/ui/pager.tsx';
import { LoadingState } from '../../../components/ui/spinner.tsx';
import { formatDateTime, formatPercent } from '../../../lib/format.ts';
import { formatBillingDate, formatPeriodLastDay, formatUsed } from '../../../lib/plan-format.ts';
import { meterToneOf, sortFeaturesByUsage } from '../../../lib/usage-level.ts';
import { useForbiddenError } from '../../../lib/use-forbidden-error.ts';
import { useUserPlan } from '../api/get-user-plan.ts';
import { useUserPlanEvents } from '../api/get-user-plan-events.ts';
import { useResetUserUsage } from '../api/reset-user-usage.ts';
import { useSetUserTier } from '../api/set-user-tier.ts';

const sourceLabels: Record<string, string> = {
  admin: 'Administrateur',
  stripe: 'Stripe',
  local: 'Paiement de démonstration',
  trial: 'Essai gratuit',
  trial_end: "Fin de l'essai",
  period_end: 'Fin de période',
};

function describeEvent(event: PlanEvent): string {
  if (event.kind === 'usage_reset') {
    return `Compteur remis à zéro : ${event.feature ? featureLabels[event.feature] : '—'}`;
  }
  const from = event.from_tier ? tierLabels[event.from_tier] : '—';
  const to = event.to_tier ? tierLabels[event.to_tier] : '—';
  return `Niveau : ${from} → ${to}`;
}

function TierForm({ userId, current }: { userId: string; current: UserTier }) {
  const [tier, setTier] = useState<UserTier>(current);
  const setUserTier = useSetUserTier({
    onSaved: ({ organisation }) =>
      toast.success(`Niveau de l’organisation ${organisation.name} : ${tierLabels[organisation.tier]}.`),
  });
  const selectId = useId();
  const save = () => setUserTier.mutate({ userId, tier });
  return (
    <div className="flex flex-wrap items-end gap-2">
      <div className="flex min-w-48 flex-col gap-1.5">
        <label htmlFor={selectId} className="text-sm font-medium text-foreground">
          Changer le niveau de l’organisation
        </label>
        <Select id={selectId} value={tier} onChange={(event) => setTier(event.target.value as UserTier)}>
          {userTiers.map((value) => (
            <option key={value} value={value}>
              {tierLabels[value]}
            </option>
          ))}
        </Select>
      </div>
      <Button onClick={save} disabled={tier === current || setUserTier.isPending}>
        {setUserTier.isPending ? 'Enregistrement…' : 'Enregistrer le niveau de l’organisation'}
      </Button>
      {setUserTier.error ? (
        <Alert tone="error" className="w-full">
          {setUserTier.error.message}
        </Alert>
      ) : null}
    </div>
  );
}

function UsageTable({ plan, canEdit }: { plan: AdminUserPlanResponse; canEdit: boolean }) {
  const reset = useResetUserUsage();
  const headingId = useId();
  const onReset = (feature: Parameters<typeof reset.mutate>[0]['feature']) =>
    reset.mutate(
      { userId: plan.user.id, feature },
      { onSuccess: () => toast.success(`Compteur remis à zéro : ${featureLabels[feature]}.`) },
    );
  return (
    <section aria-labelledby={headingId}>
      <h3 id={headingId} className="font-semibold text-foreground">
        Utilisation de l’organisation sur la période
      </h3>
      <div className="relative mt-2 overflow-x-auto rounded-lg border border-border">
        <table className="w-full min-w-[32rem] text-left text-sm">
          <thead className="bg-muted text-muted-foreground">
            <tr>
              <th scope="col" className="px-3 py-2 font-medium">
                Fonctionnalité
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                Utilisation
              </th>
              <th scope="col" className="w-32 px-3 py-2 font-medium">
                <span className="sr-only">Jauge</span>
              </th>
              {canEdit ? (
                <th scope="col" className="px-3 py-2 font-medium">
                  <span className="sr-only">Actions</span>
                </th>
              ) : null}
            </tr>
          </thead>
          <tbody>
            {sortFeaturesByUsage(plan.features).map((feature) => (
              <tr key={feature.name} className="border-t border-border" data-testid="admin-usage-row">
                <th scope="row" className="px-3 py-2 font-medium text-foreground">
                  {feature.label}
                </th>
                {feature.type === 'quota' ? (
                  <>
                    <td className="px-3 py-2 text-foreground tabular-nums">
                      {formatUsed(feature)}
                      {feature.limit !== null ? (
                        <span className="ml-2 text-muted-foreground">({formatPercent(feature.pct_used)})</span>
                      ) : null}
                      {isLimitReached(feature) ? (
                        <Badge className="ml-2 border-danger/40 bg-danger-soft text-danger">
                          {settingsMessages.limitReached}
                        </Badge>
                      ) : null}
                    </td>
                    <td className="px-3 py-2">
                      {feature.limit === null ? null : (
                        <Meter value={feature.pct_used} tone={meterToneOf(feature)} aria-label={feature.label} />
                      )}
                    </td>
                    {canEdit ? (
                      <td className="px-3 py-2 text-right">
                        <Button
                          variant="outline"
                          size="sm"
                          disabled={feature.used === 0 || reset.isPending}
                          onClick={() => onReset(feature.name)}
                          aria-label={`Remettre à zéro : ${feature.label}`}
                        >
                          Remettre à zéro
                        </Button>
                      </td>
                    ) : null}
                  </>
                ) : (
                  <>
                    <td className="px-3 py-2 text-foreground">{feature.allowed ? 'Autorisé' : 'Interdit'}</td>
                    <td />
                    {canEdit ? <td /> : null}
                  </>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {reset.error ? (
        <Alert tone="error" className="mt-2">
          {reset.error.message}
        </Alert>
      ) : null}
    </section>
  );
}

function PlanEvents({ userId }: { userId: string }) {
  const [page, setPage] = useState(1);
  const events = useUserPlanEvents(userId, page);
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-2">
      <h3 id={headingId} className="font-semibold text-foreground">
        Historique
      </h3>
      {events.isPending ? <LoadingState /> : null}
      {events.error ? <Alert tone="error">{events.error.message}</Alert> : null}
      {events.data ? (
        events.data.items.length === 0 ? (
          <p className="text-sm text-muted-foreground">Aucun changement de niveau ni remise à zéro.</p>
        ) : (
          <>
            <ul className="flex flex-col divide-y divide-border rounded-lg border border-border text-sm">
              {events.data.items.map((event) => (
                <li
                  key={event.id}
                  className="flex flex-wrap justify-between gap-x-4 gap-y-1 px-3 py-2"
                  data-testid="plan-event"
                >
                  <span className="text-foreground">{describeEvent(event)}</span>
                  <span className="text-muted-foreground">
                    {formatDateTime(event.created_at)} ·{' '}
                    {event.actor?.email ?? sourceLabels[event.source] ?? event.source}
                  </span>
                </li>
              ))}
            </ul>
            <Pager label="Pages de l'historique" of={events.data} onChange={setPage} />
          </>
        )
      ) : null}
    </section>
  );
}

function UserPlanDetail({
  user,
  canEdit,
  onForbidden,
}: {
  user: AdminUser;
  canEdit: boolean;
  onForbidden: (error: Error) => void;
}) {
  const plan = useUserPlan(user.id);
  const forbidden = useForbiddenError(plan.error, onForbidden);
  if (plan.isPending) {
    return <LoadingState className="mt-4" />;
  }
  if (plan.error) {
    return forbidden ? null : (
      <Alert tone="error" className="mt-4">
        {plan.error.message}
      </Alert>
    );
  }
  const data = plan.data;
  return (
    <div className="mt-4 flex flex-col gap-6">
      <p className="text-sm text-muted-foreground" data-testid="admin-plan-scope">
        L’abonnement appartient à l’organisation active de {data.user.name}, {data.organisation.name} : son niveau, son
        utilisation et son historique valent pour tous ses membres.
      </p>
      <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
        <dt className="text-muted-foreground">Organisation</dt>
        <dd className="text-foreground">{data.organisation.name}</dd>
        <dt className="text-muted-foreground">Niveau de l’organisation</dt>
        <dd>
          <Badge data-testid="admin-user-tier">{tierLabels[data.organisation.tier]}</Badge>
        </dd>
        {data.user.tier === 'admin' ? (
          <>
            <dt className="text-muted-foreground">Niveau de l’utilisateur</dt>
            <dd className="text-foreground">
              {tierLabels.admin} (son rôle), quel que soit le niveau de l’organisation
            </dd>
          </>
        ) : null}
        <dt className="text-muted-foreground">Période</dt>
        <dd className="text-foreground">
          du {formatBillingDate(data.period.start)} au {formatPeriodLastDay(data.period.end)} ({data.period.days_left} j
          restants)
        </dd>
        {data.trial_ends_at ? (
          <>
            <dt className="text-muted-foreground">Essai</dt>
            <dd className="text-foreground">jusqu'au {formatBillingDate(data.trial_ends_at)}</dd>
          </>
        ) : null}
        {data.subscription ? (
          <>
            <dt className="text-muted-foreground">Abonnement</dt>
            <dd className="text-foreground">
              {tierLabels[data.subscription.plan]} (
              {data.subscription.provider === 'local' ? 'démonstration' : 'Stripe'}
              ), {data.subscription.cancel_at_period_end ? 'résilié, fin le' : 'renouvelé le'}{' '}
              {formatBillingDate(data.subscription.current_period_end)}
            </dd>
          </>
        ) : null}
      </dl>
      {canEdit ? (
        <TierForm
          key={`${data.organisation.id}:${data.organisation.tier}`}
          userId={data.user.id}
          current={data.organisation.tier}
        />
      ) : null}
      <UsageTable plan={data} canEdit={canEdit} />
      <PlanEvents userId={data.user.id} />
    </div>
  );
}

/**
 * A user's plan in the admin panel (issue 12): tier, period, usage and history for staff and admins; admins
 * change the tier and reset a counter (both recorded with who and when by the server). Since ADR 0078 the plan is
 * the user's active organisation's: the texts name it, and what is changed is the organisation's tier.
 */
export function UserPlanDialog({
  user,
  canEdit,
  onForbidden,
}: {
  user: AdminUser;
  canEdit: boolean;
  onForbidden: (error: Error) => void;
}) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm" aria-label={`Abonnement de l’organisation active de ${user.email}`}>
          Abonnement
        </Button>
      </DialogTrigger>
      <DialogContent
        title={`Abonnement de l’organisation active de ${user.name}`}
        description={user.email}
        className="max-h-[90dvh] max-w-3xl overflow-y-auto"
      >
        {open ? <UserPlanDetail user={user} canEdit={canEdit} onForbidden={onForbidden} /> : null}
      </DialogContent>
    </Dialog>
  );
}
