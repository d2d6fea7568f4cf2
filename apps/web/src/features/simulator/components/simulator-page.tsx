import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { Alert } from '../../../components/ui/alert.tsx';
import { paths } from '../../../config/paths.ts';
import { isApiClientError } from '../../../lib/api-error.ts';
import { useNetworkOptions } from '../../network-options/index.ts';
import { CreateGuard } from '../../organisations/index.ts';
import { useSiteParam } from '../../sites/index.ts';
import { SIMULATOR_CONFIG_DETAIL, SIMULATOR_CONFIG_MESSAGE, useSimulatorConfig } from '../api/get-simulator-config.ts';
import { useSimulate } from '../api/simulate.ts';
import { useSimulatorForm } from '../hooks/use-simulator-form.ts';
import { fieldErrorFromServer, optionsQueryParams } from '../utils/cascade.ts';
import { type SimulatorFormValues, toSimulateBody } from '../utils/form-values.ts';
import { readSimulationResult, type SimulationReading } from '../utils/read-result.ts';
import { describeCascadeError, describeSimulateError, SIMULATOR_TOAST_DURATION_MS } from '../utils/simulate-error.ts';
import { simulatorValuesFromSite } from '../utils/site-prefill.ts';
import { SimulationResults } from './simulation-results.tsx';
import { SimulatorForm, simulatorFieldId } from './simulator-form.tsx';
import { UnsupportedPointCard } from './unsupported-point-card.tsx';

type View =
  | { name: 'form' }
  | { name: 'results'; reading: SimulationReading; values: SimulatorFormValues }
  | { name: 'unsupported'; message: string };

/** Where the focus goes when the view changes (results heading, card title, form title). */
function focusSoon(id: string) {
  requestAnimationFrame(() => document.getElementById(id)?.focus());
}

/**
 * `/private/gas/simulator` (spec §2.8, §4): the 'Données Client' form with its options cascade, then the results
 * view, or the 'Point non supporté' card. The entries are kept when going back to the form.
 */
export function SimulatorPage() {
  const { state, dispatch, submit: submitForm, prefill } = useSimulatorForm();
  // `?site=<id>` (ADR 0068): the form starts from the site's data and the result is saved to the site.
  const { siteId, site } = useSiteParam();
  const prefilledSite = useRef<string | null>(null);
  useEffect(() => {
    if (site && prefilledSite.current !== site.id) {
      prefilledSite.current = site.id;
      prefill(simulatorValuesFromSite(site));
    }
  }, [site, prefill]);
  const [view, setView] = useState<View>({ name: 'form' });
  const [announcement, setAnnouncement] = useState('');
  const params = optionsQueryParams(state.values);
  const options = useNetworkOptions(params);
  const simulate = useSimulate(siteId);
  // Spec §8: with no simulate endpoint configured, the configuration message (not on network / server failures).
  const configMissing = useSimulatorConfig() === 'missing';

  // The cascade: apply each answer that belongs to the current values (not the previous answer kept on screen).
  useEffect(() => {
    if (options.data && options.isSuccess && !options.isPlaceholderData) {
      dispatch({ type: 'options', options: options.data });
    }
  }, [options.data, options.isSuccess, options.isPlaceholderData, dispatch]);

  const cascadeError = options.isError && params ? describeCascadeError(params.point, options.error) : null;

  const submit = () => {
    if (configMissing) {
      toast.error(SIMULATOR_CONFIG_MESSAGE, {
        description: SIMULATOR_CONFIG_DETAIL,
        duration: SIMULATOR_TOAST_DURATION_MS,
      });
      return;
    }
    void submitForm(send, (firstField) => {
      if (firstField) {
        document.getElementById(simulatorFieldId(firstField))?.focus();
      }
    });
  };

  const send = (submitted: SimulatorFormValues) => {
    simulate.mutate(toSimulateBody(submitted), {
      onSuccess: (data) => {
        const reading = readSimulationResult(data);
        setView({ name: 'results', reading, values: submitted });
        setAnnouncement('Résultats de la simulation affichés.');
        focusSoon('resultats-simulation');
      },
      onError: (error) => {
        const described = describeSimulateError(error);
        toast.error(described.title, { description: described.message, duration: SIMULATOR_TOAST_DURATION_MS });
        if (described.kind === 'unsupported') {
          setView({ name: 'unsupported', message: described.message });
          focusSoon('point-non-supporte');
          return;
        }
        const fieldError = isApiClientError(error) ? fieldErrorFromServer(error.body, described.message) : null;
        if (fieldError) {
          dispatch({ type: 'setErrors', errors: fieldError });
          const field = Object.keys(fieldError)[0];
          if (field) {
            focusSoon(simulatorFieldId(field as keyof SimulatorFormValues));
          }
        }
      },
    });
  };

  const backToForm = () => {
    setView({ name: 'form' });
    setAnnouncement('');
    focusSoon('simulateur-titre');
  };

  return (
    <div className="flex w-full max-w-6xl min-w-0 flex-col gap-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-foreground">Simulateur</h1>
        <p className="mt-1 text-sm text-muted-foreground">
          Coûts mensuels et annuels d’acheminement du gaz d’un point PITD, LI ou PIC, ligne par ligne avec leurs
          sources.
        </p>
      </div>
      <p className="sr-only" aria-live="polite">
        {announcement}
      </p>
      {site ? (
        <Alert data-testid="simulation-site">
          Simulation du site{' '}
          <Link to={paths.site.getHref(site.id)} className="font-medium underline underline-offset-4">
            {site.name}
          </Link>{' '}
          (PCE {site.pce}) : le formulaire reprend ses données et le résultat est enregistré sur le site.
        </Alert>
      ) : null}
      {configMissing ? (
        <Alert tone="error" data-testid="simulateur-configuration">
          <p className="font-medium">{SIMULATOR_CONFIG_MESSAGE}</p>
          <p>{SIMULATOR_CONFIG_DETAIL}</p>
        </Alert>
      ) : null}
      {view.name === 'form' ? (
        // A viewer of the active organisation sees the form disabled, with why (ADR 0066).
        <CreateGuard>
          <SimulatorForm
            state={state}
            dispatch={dispatch}
            options={options.data}
            optionsLoading={params !== null && options.isLoading}
            cascadeError={cascadeError}
            pending={simulate.isPending}
            onSubmit={submit}
          />
        </CreateGuard>
      ) : null}
      {view.name === 'results' ? (
        <SimulationResults reading={view.reading} values={view.values} onEdit={backToForm} />
      ) : null}
      {view.name === 'unsupported' ? <UnsupportedPointCard message={view.message} onBack={backToForm} /> : null}
    </div>
  );
}
