import type { OptimisationResponse } from '@pilote/contracts';
import * as Collapsible from '@radix-ui/react-collapsible';
import { ChevronDown, RotateCcw } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { LoadingState } from '../../../components/ui/spinner.tsx';
import { paths } from '../../../config/paths.ts';
import { useUsage } from '../../../lib/usage.ts';
import { ConsumptionDataPanel } from '../../consumption-data/index.ts';
import { CreateGuard } from '../../organisations/index.ts';
import { useSiteParam } from '../../sites/index.ts';
import { useRunOptimisation } from '../api/run-optimisation.ts';
import { optimisationAccess } from '../utils/optimisation-access.ts';
import type { OptimisationRequest } from '../utils/optimisation-form.ts';
import { OPTIMISATION_SUCCESS_MESSAGE, optimisationErrorMessage } from '../utils/optimisation-response.ts';
import { optimisationValuesFromSite } from '../utils/site-prefill.ts';
import { DailyChartSection } from './daily-chart-section.tsx';
import { OptimisationForm } from './optimisation-form.tsx';
import { OptimisationSummary, ParametersUsed } from './optimisation-results.tsx';

export const FORM_TITLE = 'Optimisation – Paramètres';

/**
 * `/private/gas/optimisation` (spec §2.9, §4 "Optimisation"): the collapsible parameter form with its reset button,
 * the consumption-data panel, then the results — KPI cards, the avant/après table, the daily chart and the
 * parameters used. idle → pending ('Calcul en cours…') → success (toast, form collapses) or an error toast.
 */
export function OptimisationPage() {
  const [formOpen, setFormOpen] = useState(true);
  const [formKey, setFormKey] = useState(0);
  const [result, setResult] = useState<OptimisationResponse | null>(null);
  const [importedDatasetId, setImportedDatasetId] = useState<string | null>(null);
  // `?site=<id>` (ADR 0068): the form starts from the site's data and the result is saved to the site.
  const { siteId, site } = useSiteParam();
  const optimisation = useRunOptimisation(siteId);
  const usage = useUsage();

  function submit(request: OptimisationRequest) {
    optimisation.mutate(request, {
      onSuccess: (data) => {
        setResult(data);
        setFormOpen(false);
        toast.success(OPTIMISATION_SUCCESS_MESSAGE);
      },
      onError: (error) => toast.error(optimisationErrorMessage(error)),
    });
  }

  function reset() {
    optimisation.reset();
    setResult(null);
    setImportedDatasetId(null);
    setFormKey((key) => key + 1);
    setFormOpen(true);
  }

  return (
    <div className="flex w-full max-w-[1400px] flex-col gap-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-foreground">Optimisation</h1>
        <p className="mt-2 max-w-3xl text-sm leading-6 text-muted-foreground">
          Trouvez la capacité journalière (CJA) qui minimise le coût annuel lié à la capacité de votre point T4 ou TP :
          termes de distribution et de transport, compensation stockage et pénalités de dépassement.
        </p>
      </div>

      {site ? (
        <Alert data-testid="optimisation-site">
          Optimisation du site{' '}
          <Link to={paths.site.getHref(site.id)} className="font-medium underline underline-offset-4">
            {site.name}
          </Link>{' '}
          (PCE {site.pce}) : le formulaire reprend ses données et le résultat est enregistré sur le site.
        </Alert>
      ) : null}

      <Collapsible.Root open={formOpen} onOpenChange={setFormOpen} asChild>
        <section
          aria-labelledby="optimisation-form-title"
          className="rounded-xl border border-border bg-surface shadow-sm"
        >
          <div className="flex items-center gap-2 pr-3 sm:pr-4">
            <h2 id="optimisation-form-title" className="flex-1 text-lg font-semibold text-foreground">
              <Collapsible.Trigger className="flex w-full items-center gap-3 rounded-xl px-4 py-4 text-left hover:bg-muted sm:px-6">
                <ChevronDown
                  aria-hidden="true"
                  className={`size-5 shrink-0 transition-transform motion-reduce:transition-none ${formOpen ? '' : '-rotate-90'}`}
                />
                {FORM_TITLE}
              </Collapsible.Trigger>
            </h2>
            <Button
              variant="ghost"
              size="icon"
              onClick={reset}
              aria-label="Réinitialiser le formulaire"
              title="Réinitialiser le formulaire"
            >
              <RotateCcw aria-hidden="true" className="size-5" />
            </Button>
          </div>
          <Collapsible.Content className="border-t border-border px-4 py-5 sm:px-6" forceMount hidden={!formOpen}>
            {siteId && !site ? <LoadingState label="Chargement du site…" /> : null}
            {/* A viewer of the active organisation sees the form disabled, with why (ADR 0066). */}
            <CreateGuard>
              <OptimisationForm
                key={`${formKey}-${site?.id ?? ''}`}
                initialValues={site ? optimisationValuesFromSite(site) : undefined}
                pending={optimisation.isPending}
                importedDatasetId={importedDatasetId}
                access={optimisationAccess(usage.data)}
                onSubmit={submit}
              />
            </CreateGuard>
          </Collapsible.Content>
        </section>
      </Collapsible.Root>

      <ConsumptionDataPanel onImported={(dataset) => setImportedDatasetId(dataset.id)} />

      <div aria-live="polite" className="sr-only">
        {optimisation.isPending ? 'Calcul en cours…' : result ? 'Résultats de l’optimisation affichés.' : ''}
      </div>
      {result ? <OptimisationSummary result={result} /> : null}
      <DailyChartSection result={result} />
      {result ? <ParametersUsed params={result.params} /> : null}
    </div>
  );
}
