import { transportNtrNotice } from '@pilote/content';
import { BILLING_RETURN_PATH, settingsMessages } from '@pilote/contracts';
import { Calculator } from 'lucide-react';
import { type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import type { FieldErrors } from 'react-hook-form';
import { toast } from 'sonner';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input, Select } from '../../../components/ui/input.tsx';
import { Link } from '../../../components/ui/link.tsx';
import { formatDate } from '../../../lib/format.ts';
import { DATASET_CHOICES, useConsumptionDatasets } from '../../consumption-data/index.ts';
import { formNumber, PceDataPicker } from '../../mandates/index.ts';
import { CodeCombobox, communesOf, useNetworkOptions } from '../../network-options/index.ts';
import { useOptimisationForm } from '../hooks/use-optimisation-form.ts';
import { type OptimisationAccess, UNRESTRICTED } from '../utils/optimisation-access.ts';
import {
  buildOptimisationRequest,
  cascadeParams,
  defaultDatasetId,
  ESTIMATED_YEAR,
  inputNameOf,
  MONTHS_IN_YEAR,
  monthLabel,
  type NetworkPoint,
  networkPoints,
  type OptimisationFormValues,
  type OptimisationRequest,
  reconcileWithOptions,
  requestOf,
  tarifChoices,
  withCode,
  withCommune,
  withPoint,
} from '../utils/optimisation-form.ts';

/** French month names, index 0 = January (from Intl, like every other French format of the app). */
const MONTH_NAMES = Array.from({ length: 12 }, (_, month) =>
  new Intl.DateTimeFormat('fr-FR', { month: 'long', timeZone: 'UTC' }).format(Date.UTC(2024, month, 1)),
);

const pointLabels: Record<NetworkPoint, string> = {
  PITD: 'PITD (point d’interface transport-distribution)',
  LI: 'LI (livraison industrielle)',
  PIC: 'PIC (point d’interconnexion client)',
};

export const ESTIMATED_YEAR_LABEL = 'Année type estimée';

/** The message of a field in react-hook-form's errors (`capacitesMensuelles.3` → the 4th month's). */
function messageAt(errors: FieldErrors<OptimisationFormValues>, name: string): string | undefined {
  const [field, index] = name.split('.') as [keyof OptimisationFormValues, string | undefined];
  const error = errors[field];
  if (!error) {
    return undefined;
  }
  const found = index === undefined ? error : (error as Record<string, { message?: unknown } | undefined>)[index];
  return typeof found?.message === 'string' ? found.message : undefined;
}

/**
 * The parameters of spec §3 (optimisation request), their cascade (the simulator's options endpoint) and the
 * client checks of spec §5 (the contract's schema through react-hook-form, issue #22, ADR 0065): on submit, the
 * first failure in the spec's order is an error toast (spec §8) and takes the focus, and every failing field says
 * its message under it (the toasted one once its toast is gone, so one message is not shown twice at once).
 * Remounted (new `key`) by the reset button.
 */
export function OptimisationForm({
  pending,
  importedDatasetId,
  access = UNRESTRICTED,
  initialValues,
  onSubmit,
}: {
  pending: boolean;
  /** Values the form starts from (a site's data, `?site=<id>`, ADR 0068). */
  initialValues?: Partial<OptimisationFormValues> | undefined;
  /** What the user's plan allows (issue 12): a used-up quota or a capability outside the plan blocks the submit. */
  access?: OptimisationAccess;
  /** The dataset just imported in the consumption panel: it becomes the chosen series. */
  importedDatasetId: string | null;
  onSubmit: (request: OptimisationRequest) => void;
}) {
  const { form, values, update: setValues } = useOptimisationForm(initialValues);
  const errors = form.formState.errors;
  /** The field whose message the error toast shows now (not repeated under the field meanwhile). */
  const [toasted, setToasted] = useState<string | null>(null);
  const errorOf = (name: string) => (name === toasted ? undefined : messageAt(errors, name));
  /** A field's error props: its message, or only the invalid mark while the toast tells it. */
  const fieldError = (name: string) => ({ error: errorOf(name), invalid: messageAt(errors, name) !== undefined });
  const datasetTouched = useRef(false);
  const formRef = useRef<HTMLFormElement>(null);
  const upgradeHintId = useId();
  const capacitesErrorId = useId();

  const params = cascadeParams(values);
  const cascade = useNetworkOptions(params);
  const options = cascade.data?.point === values.pointDeReseau ? cascade.data : undefined;
  // The answer for the current values (not the previous one kept on screen while the next loads).
  const settledOptions = cascade.isPlaceholderData ? undefined : options;
  // While the options for the latest choice load, the form may still hold a value they will clear (e.g. a month the
  // new tariff's grids do not cover): submitting waits for them.
  const optionsSettling = params !== null && (cascade.isPlaceholderData || cascade.isPending) && !cascade.isError;
  const datasets = useConsumptionDatasets(DATASET_CHOICES);

  // Follow the options: stale choices cleared, single choices and the default TSO selected (spec §5).
  useEffect(() => {
    setValues((current) => reconcileWithOptions(current, settledOptions));
  }, [settledOptions, setValues]);

  // The newest dataset covering a year is the default series, until the user chooses.
  const items = datasets.data?.items;
  useEffect(() => {
    if (items && !datasetTouched.current) {
      setValues((current) => ({ ...current, datasetId: defaultDatasetId(items) }));
    }
  }, [items, setValues]);

  useEffect(() => {
    if (importedDatasetId) {
      datasetTouched.current = true;
      setValues((current) => ({ ...current, datasetId: importedDatasetId }));
    }
  }, [importedDatasetId, setValues]);

  const set = <K extends keyof OptimisationFormValues>(key: K, value: OptimisationFormValues[K]) =>
    setValues((current) => ({ ...current, [key]: value }));

  const handleSubmit = (event: FormEvent<HTMLFormElement>) =>
    form.handleSubmit(
      (validated) => {
        setToasted(null);
        onSubmit(requestOf(validated));
      },
      () => {
        // Every failing field is marked; the first one in the spec's order is the toast (the contract's wrapper).
        const check = buildOptimisationRequest(form.getValues());
        if (check.ok) {
          return;
        }
        const input = formRef.current?.elements.namedItem(inputNameOf(check.field));
        if (input instanceof HTMLElement) {
          input.focus();
        }
        const name = check.field.replace('/', '.');
        setToasted(name);
        const reveal = () => setToasted((current) => (current === name ? null : current));
        toast.error(check.message, { onDismiss: reveal, onAutoClose: reveal });
      },
    )(event);

  const communes = communesOf(options, values.code);
  const tarifs = tarifChoices(values.pointDeReseau, options);
  const codeLabel = values.pointDeReseau ? `Code ${values.pointDeReseau}` : 'Code';
  const selectedCode = options?.codes.find((option) => option.code === values.code);
  const cascadeError = (cascade.error ?? null) as Error | null;
  const upgradeReason = access.quotaReached
    ? "Vous avez atteint la limite d'optimisations de votre plan pour cette période."
    : values.capacitesMensuellesActives && !access.monthlyCapacitiesAllowed
      ? 'Les capacités mensuelles ne sont pas incluses dans votre plan.'
      : null;

  return (
    <form
      ref={formRef}
      aria-label="Optimisation – Paramètres"
      onSubmit={handleSubmit}
      noValidate
      className="flex flex-col gap-6"
    >
      <PceDataPicker
        onUse={(item) => {
          // « Utiliser les données du PCE … » (ADR 0072): the contract, the PITD and the fetched series.
          datasetTouched.current = true;
          setValues((current) => ({
            ...current,
            ...(item.pitd ? { pointDeReseau: 'PITD' as const, code: item.pitd.code, commune: '' } : {}),
            tarif: item.option ?? current.tarif,
            profil: item.profil ?? current.profil,
            assiette: item.car_mwh === null ? current.assiette : formNumber(item.car_mwh),
            cjaActuelle: item.cja_mwh_per_day ? formNumber(item.cja_mwh_per_day) : current.cjaActuelle,
            datasetId: item.dataset_id ?? current.datasetId,
          }));
        }}
      />
      <FieldGroup legend="Point de livraison">
        <FormField label="Point de réseau" {...fieldError('pointDeReseau')}>
          {(control) => (
            <Select
              {...control}
              name="pointDeReseau"
              value={values.pointDeReseau}
              onChange={(event) => {
                setValues((current) => withPoint(current, event.target.value as NetworkPoint | ''));
              }}
            >
              <option value="">Choisir…</option>
              {networkPoints.map((point) => (
                <option key={point} value={point}>
                  {pointLabels[point]}
                </option>
              ))}
            </Select>
          )}
        </FormField>
        <FormField
          label={codeLabel}
          {...fieldError('code')}
          hint={
            values.pointDeReseau === 'LI' || values.pointDeReseau === 'PIC' ? (
              <>
                {selectedCode ? `${selectedCode.libelle}. ` : ''}
                {transportNtrNotice}
              </>
            ) : (
              selectedCode?.libelle
            )
          }
        >
          {(control) => (
            <CodeCombobox
              control={control}
              label={codeLabel}
              point={values.pointDeReseau.toLowerCase()}
              value={values.code}
              codes={options?.codes ?? []}
              truncated={options?.truncated ?? false}
              allowFreeText={false}
              disabled={!values.pointDeReseau}
              onSelect={(code) => setValues((current) => withCode(current, code))}
            />
          )}
        </FormField>
        <FormField label="Commune" {...fieldError('commune')}>
          {(control) =>
            communes.length > 0 ? (
              <Select
                {...control}
                name="commune"
                value={values.commune}
                onChange={(event) => setValues((current) => withCommune(current, event.target.value))}
              >
                <option value="">Choisir…</option>
                {communes.map((c) => (
                  <option key={c.commune} value={c.commune}>
                    {c.commune}
                  </option>
                ))}
              </Select>
            ) : (
              <Input
                {...control}
                name="commune"
                value={values.commune}
                autoComplete="off"
                placeholder={values.code ? '' : 'Choisissez d’abord un code'}
                onChange={(event) => set('commune', event.target.value)}
              />
            )
          }
        </FormField>
        <FormField label="Gestionnaire de transport (TSO)" {...fieldError('tso')}>
          {(control) => (
            <Select {...control} name="tso" value={values.tso} onChange={(event) => set('tso', event.target.value)}>
              <option value="">Choisir…</option>
              {(options?.tso ?? (values.tso ? [values.tso] : [])).map((tso) => (
                <option key={tso} value={tso}>
                  {tso}
                </option>
              ))}
            </Select>
          )}
        </FormField>
        <FormField
          label="Option tarifaire"
          {...fieldError('tarif')}
          hint={values.pointDeReseau === 'PITD' ? 'Pour un PITD, la CJA concerne les options T4 et TP.' : undefined}
        >
          {(control) => (
            <Select
              {...control}
              name="tarif"
              value={values.tarif}
              onChange={(event) => set('tarif', event.target.value)}
            >
              <option value="">Choisir…</option>
              {tarifs.map((tarif) => (
                <option key={tarif} value={tarif}>
                  {tarif}
                </option>
              ))}
            </Select>
          )}
        </FormField>
        <FormField label="Profil de consommation" {...fieldError('profil')}>
          {(control) => (
            <Select
              {...control}
              name="profil"
              value={values.profil}
              onChange={(event) => set('profil', event.target.value)}
            >
              <option value="">Choisir…</option>
              {(options?.profils ?? []).map((profil) => (
                <option key={profil} value={profil}>
                  {profil}
                </option>
              ))}
            </Select>
          )}
        </FormField>
      </FieldGroup>

      {cascadeError ? (
        <Alert tone="error">
          Erreur de chargement des options ({cascadeError.message}). Réessayez dans un instant.
        </Alert>
      ) : options?.message ? (
        <Alert tone="info">{options.message}</Alert>
      ) : null}

      <FieldGroup legend="Consommation et capacités">
        <NumberField
          label="Assiette (MWh/an)"
          name="assiette"
          {...fieldError('assiette')}
          value={values.assiette}
          onChange={(v) => set('assiette', v)}
        />
        <NumberField
          label="Capacité interruptible (CJS, MWh/j)"
          name="cjsInterruptible"
          {...fieldError('cjsInterruptible')}
          value={values.cjsInterruptible}
          onChange={(v) => set('cjsInterruptible', v)}
          hint="Vide = 0."
        />
        <NumberField
          label="Capacité de livraison (CPL, MWh/j)"
          name="cpl"
          {...fieldError('cpl')}
          value={values.cpl}
          onChange={(v) => set('cpl', v)}
          hint="Vide = 0 (points raccordés au transport)."
        />
        <NumberField
          label="CJA actuelle (MWh/j)"
          name="cjaActuelle"
          {...fieldError('cjaActuelle')}
          value={values.cjaActuelle}
          onChange={(v) => set('cjaActuelle', v)}
          hint="Vide : la plus forte consommation journalière de l’année, arrondie au MWh/j supérieur."
        />
        <FormField label="Date d’effet" {...fieldError('dateEffetMonth')}>
          {(control) => (
            <Select
              {...control}
              name="dateEffetMonth"
              value={values.dateEffetMonth}
              onChange={(event) => set('dateEffetMonth', event.target.value)}
            >
              {(options?.months ?? []).length === 0 ? <option value="">Mois en cours (par défaut)</option> : null}
              {(options?.months ?? []).map((month) => (
                <option key={month} value={month}>
                  {monthLabel(month)}
                </option>
              ))}
            </Select>
          )}
        </FormField>
        <FormField
          label="Consommation journalière utilisée"
          {...fieldError('datasetId')}
          hint={
            values.datasetId === ESTIMATED_YEAR
              ? 'Estimation à partir de l’assiette, du profil et de la station météo du point.'
              : (datasets.data?.total ?? 0) > (datasets.data?.items.length ?? 0)
                ? `Une année de vos relevés importés (les ${datasets.data?.items.length} jeux les plus récents sont proposés).`
                : 'Une année de vos relevés importés.'
          }
        >
          {(control) => (
            <Select
              {...control}
              name="datasetId"
              value={values.datasetId}
              onChange={(event) => {
                datasetTouched.current = true;
                set('datasetId', event.target.value);
              }}
            >
              <option value={ESTIMATED_YEAR}>{ESTIMATED_YEAR_LABEL}</option>
              {(items ?? []).map((dataset) => (
                <option key={dataset.id} value={dataset.id}>
                  {`PCE ${dataset.pce}${dataset.label ? ` (${dataset.label})` : ''} — ${formatDate(dataset.debut)} → ${formatDate(dataset.fin)}${dataset.anneeComplete ? '' : ' — moins d’un an'}`}
                </option>
              ))}
            </Select>
          )}
        </FormField>
      </FieldGroup>

      <fieldset className="flex flex-col gap-4">
        <legend className="sr-only">Capacités mensuelles</legend>
        <label className="inline-flex w-fit cursor-pointer items-center gap-3 text-sm font-medium text-foreground">
          <input
            type="checkbox"
            role="switch"
            aria-checked={values.capacitesMensuellesActives}
            aria-invalid={messageAt(errors, 'capacitesMensuelles') ? true : undefined}
            aria-describedby={errorOf('capacitesMensuelles') ? capacitesErrorId : undefined}
            name="capacitesMensuellesActives"
            className="size-4 accent-[var(--primary)]"
            checked={values.capacitesMensuellesActives}
            onChange={(event) => {
              set('capacitesMensuellesActives', event.target.checked);
              form.clearErrors('capacitesMensuelles');
            }}
          />
          Capacités mensuelles en plus de la CJA (M1–M12)
        </label>
        {errorOf('capacitesMensuelles') ? (
          <p id={capacitesErrorId} aria-live="polite" className="text-sm font-medium text-danger">
            {errorOf('capacitesMensuelles')}
          </p>
        ) : null}
        {values.capacitesMensuellesActives ? (
          <div className="grid grid-cols-2 gap-3 sm:grid-cols-4 lg:grid-cols-6" data-testid="monthly-capacities">
            {Array.from({ length: MONTHS_IN_YEAR }, (_, index) => (
              <NumberField
                // biome-ignore lint/suspicious/noArrayIndexKey: the twelve months are fixed positions
                key={index}
                label={`M${index + 1} (${MONTH_NAMES[index]})`}
                name={`M${index + 1}`}
                {...fieldError(`capacitesMensuelles.${index}`)}
                value={values.capacitesMensuelles[index] ?? ''}
                onChange={(v) =>
                  setValues((current) => {
                    const capacitesMensuelles = [...current.capacitesMensuelles];
                    capacitesMensuelles[index] = v;
                    return { ...current, capacitesMensuelles };
                  })
                }
              />
            ))}
          </div>
        ) : null}
      </fieldset>

      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <Button
          type="submit"
          size="lg"
          disabled={pending || optionsSettling || upgradeReason !== null}
          title={upgradeReason ? settingsMessages.upgrade : undefined}
          aria-describedby={upgradeReason ? upgradeHintId : undefined}
          aria-busy={pending || undefined}
        >
          <Calculator aria-hidden="true" className="size-5" />
          {pending ? 'Calcul en cours…' : 'Optimiser la CJA'}
        </Button>
        {upgradeReason ? (
          <p id={upgradeHintId} className="text-sm text-foreground" data-testid="upgrade-hint">
            <span className="font-semibold">{settingsMessages.upgrade}</span> : {upgradeReason}{' '}
            <Link to={BILLING_RETURN_PATH}>Voir les plans</Link>
          </p>
        ) : null}
      </div>
    </form>
  );
}

function FieldGroup({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="mb-3 text-sm font-semibold tracking-wide text-muted-foreground uppercase">{legend}</legend>
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">{children}</div>
    </fieldset>
  );
}

function NumberField({
  label,
  name,
  value,
  onChange,
  hint,
  error,
  invalid,
}: {
  label: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  hint?: string;
  error?: string | undefined;
  invalid?: boolean;
}) {
  return (
    <FormField label={label} hint={hint} error={error} invalid={invalid}>
      {(control) => (
        <Input
          {...control}
          name={name}
          value={value}
          inputMode="decimal"
          autoComplete="off"
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </FormField>
  );
}
