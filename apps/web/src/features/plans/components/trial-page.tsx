import { planErrorMessages } from '@pilote/contracts';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { DocumentTitle } from '../../../components/layout/page-header.tsx';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Link } from '../../../components/ui/link.tsx';
import { LoadingState } from '../../../components/ui/spinner.tsx';
import { paths } from '../../../config/paths.ts';
import { formatBillingDate } from '../../../lib/plan-format.ts';
import { useUsage } from '../../../lib/usage.ts';
import { usePricing } from '../api/get-pricing.ts';
import { useStartTrial } from '../api/start-trial.ts';
import { PlanSummary } from './plan-summary.tsx';

export const trialMessages = {
  started: (end: string) => `Essai gratuit activé jusqu'au ${end}.`,
  failed: "Impossible de démarrer l'essai gratuit",
} as const;

/**
 * `/private/account/trial`: where « Essai gratuit » leads once signed in (ADR 0029). One click starts the 14-day
 * business trial without a card (`POST /api/account/trial/`); it ends on its own, back on the free plan.
 */
export function TrialPage() {
  const usage = useUsage();
  const pricing = usePricing();
  const start = useStartTrial();
  const navigate = useNavigate();

  const onStart = () =>
    start.mutate(undefined, {
      onSuccess: ({ trial_ends_at }) => {
        toast.success(trialMessages.started(formatBillingDate(trial_ends_at)));
        void navigate(paths.accountSettings.getHref());
      },
      onError: (error) => toast.error(trialMessages.failed, { description: error.message }),
    });

  const trial = pricing.data?.trial;
  return (
    <div className="flex max-w-3xl flex-col gap-6">
      <DocumentTitle title="Essai gratuit" />
      <h1 className="text-2xl font-bold tracking-tight text-foreground">Essai gratuit</h1>
      {usage.isPending || pricing.isPending ? <LoadingState /> : null}
      {usage.isError || pricing.isError ? <Alert tone="error">{(usage.error ?? pricing.error)?.message}</Alert> : null}
      {trial && usage.data ? (
        <>
          <p className="text-muted-foreground">
            {trial.days} jours avec les limites du plan Premium, sans carte bancaire. À la fin de l'essai, votre compte
            revient au plan Gratuit, sans engagement.
          </p>
          {usage.data.user.tier === 'business_trial' && usage.data.trial_ends_at ? (
            <Alert tone="success">
              Votre essai est en cours jusqu'au {formatBillingDate(usage.data.trial_ends_at)}.
            </Alert>
          ) : null}
          {usage.data.user.tier !== 'business_trial' && !usage.data.trial_available ? (
            <Alert tone="info">{planErrorMessages.TRIAL_UNAVAILABLE}</Alert>
          ) : null}
          <PlanSummary plan={trial.plan}>
            {usage.data.trial_available ? (
              <Button
                className="mt-6"
                size="lg"
                onClick={onStart}
                disabled={start.isPending}
                aria-busy={start.isPending}
              >
                {start.isPending ? 'Activation…' : "Démarrer l'essai gratuit"}
              </Button>
            ) : null}
          </PlanSummary>
          <Link to={paths.accountSettings.getHref()}>Voir mon utilisation et les plans</Link>
        </>
      ) : null}
    </div>
  );
}
