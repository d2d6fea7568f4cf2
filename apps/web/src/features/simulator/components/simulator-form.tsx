import { transportNtrNotice } from '@pilote/content';
import { type SimulatorOptionsResponse, simulatorPoints } from '@pilote/contracts';
import { RotateCcw } from 'lucide-react';
import { type Dispatch, type FormEvent, type ReactNode, useState } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input, Select } from '../../../components/ui/input.tsx';
import { LoadingState } from '../../../components/ui/spinner.tsx';
import { formatDate, formatNumber } from '../../../lib/format.ts';
import { AddressAutocomplete } from '../../address/index.ts';
import { formNumber, PceDataPicker } from '../../mandates/index.ts';
import { CodeCombobox, CommunePitdChoice, communesOf } from '../../network-options/index.ts';
import { ntrChoicesOf, ntrOf, type SimulatorFormAction, type SimulatorFormState } from '../utils/cascade.ts';
import { defaultCeeFor } from '../utils/cee-default.ts';
import {
  fieldLabels,
  isSimulatorPoint,
  isSubscribedTarif,
  pointLabels,
  type SimulatorField,
  showsCapacite,
  showsCar,
  showsCja,
  showsDebitNormalise,
  showsDistance,
  showsDso,
} from '../utils/form-values.ts';
import { formatMonth } from '../utils/months.ts';

export const SIMULATOR_FORM_TITLE = 'Données Client';

/** Stable ids: the page moves the focus to the first invalid field. */
export function simulatorFieldId(field: SimulatorField): string {
  return `simulateur-${field}`;
}

type TextFieldName =
  | 'car'
  | 'cja'
  | 'assiette'
  | 'cjsInterruptible'
  | 'capacite'
  | 'distanceM'
  | 'debitNormalise'
  | 'cee';

/** Help of the débit normalisé (PITD T1–T3 from July 2026, ADR 0026). */
export const DEBIT_NORMALISE_HINT =
  'Facultatif : débit du compteur (m³/h) × (1 + pression de livraison en bar). Sert au terme de débit normalisé (TDN), facturé en T1, T2 et T3 au-delà de 40 Nm³/h depuis le 1er juillet 2026 ; laissé vide, le TDN n’est pas inclus.';

/** The address field of a PITD (issue #23 §4): pre-fills the commune's PITD through the PITD table. */
function SiteAddress({
  code,
  onChoose,
}: {
  code: string;
  onChoose: (values: { code: string; commune: string; tso: string; dso: string }) => void;
}) {
  const [address, setAddress] = useState('');
  const [commune, setCommune] = useState<{ insee: string; label: string } | null>(null);
  return (
    <div className="flex flex-col gap-3 sm:col-span-2">
      <FormField
        id="simulateur-adresse"
        label="Adresse du site (facultatif)"
        hint="Tapez l’adresse : la commune, son PITD et son NTR sont repris de la table des PITD."
      >
        {(control) => (
          <AddressAutocomplete
            control={control}
            value={address}
            onChange={setAddress}
            onPick={(suggestion) => {
              setAddress(suggestion.label);
              setCommune(
                suggestion.citycode
                  ? { insee: suggestion.citycode, label: `${suggestion.city} (${suggestion.citycode})` }
                  : null,
              );
            }}
          />
        )}
      </FormField>
      <CommunePitdChoice
        insee={commune?.insee ?? null}
        communeLabel={commune?.label ?? ''}
        selectedCode={code}
        onChoose={(point) => onChoose({ code: point.code, commune: point.commune, tso: point.tso, dso: point.dso })}
      />
    </div>
  );
}

function ChoiceList({
  values,
  label = (value) => value,
  placeholder,
}: {
  values: readonly string[];
  label?: (value: string) => string;
  placeholder: string;
}) {
  return (
    <>
      <option value="">{placeholder}</option>
      {values.map((value) => (
        <option key={value} value={value}>
          {label(value)}
        </option>
      ))}
    </>
  );
}

export function SimulatorForm({
  state,
  dispatch,
  options,
  optionsLoading,
  cascadeError,
  pending,
  onSubmit,
}: {
  state: SimulatorFormState;
  dispatch: Dispatch<SimulatorFormAction>;
  options: SimulatorOptionsResponse | undefined;
  optionsLoading: boolean;
  cascadeError: string | null;
  pending: boolean;
  onSubmit: () => void;
}) {
  const { values, errors } = state;
  const point = values.pointDeReseau;
  const labels = fieldLabels(point);
  const noPoint = point === '';
  const communes = communesOf(options, values.code).map((item) => item.commune);
  const defaultCee = defaultCeeFor(values.dateEffetMonth);
  const hasCodeTable = options ? options.codes.length > 0 || options.message === null : true;
  const ntrChoices = point === 'PITD' ? ntrChoicesOf(options, values.code, values.commune) : [];
  const tableNtr = point === 'PITD' && values.commune !== '' ? ntrOf(options, values.code, values.commune) : undefined;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };

  const set = (field: Exclude<SimulatorField, 'pointDeReseau'>) => (value: string) =>
    dispatch({ type: 'setField', field, value });

  const select = (
    field: 'commune' | 'tso' | 'dso' | 'ntr' | 'tarif' | 'profil' | 'dateEffetMonth',
    list: readonly string[],
    placeholder: string,
    extra: { label?: (value: string) => string; hint?: ReactNode } = {},
  ) => (
    <FormField id={simulatorFieldId(field)} label={labels[field]} error={errors[field]} hint={extra.hint}>
      {(control) => (
        <Select
          {...control}
          value={values[field]}
          disabled={noPoint || list.length === 0}
          onChange={(event) => set(field)(event.target.value)}
        >
          <ChoiceList values={list} placeholder={placeholder} {...(extra.label ? { label: extra.label } : {})} />
        </Select>
      )}
    </FormField>
  );

  const numberField = (field: TextFieldName, hint?: ReactNode, placeholder?: string) => (
    <FormField id={simulatorFieldId(field)} label={labels[field]} error={errors[field]} hint={hint}>
      {(control) => (
        <Input
          {...control}
          type="text"
          inputMode="decimal"
          autoComplete="off"
          value={values[field]}
          placeholder={placeholder}
          onChange={(event) => set(field)(event.target.value)}
        />
      )}
    </FormField>
  );

  return (
    <Card className="p-4 sm:p-6">
      <form noValidate aria-labelledby="simulateur-titre" onSubmit={submit} className="flex flex-col gap-5">
        <div className="flex items-center justify-between gap-3">
          <h2 id="simulateur-titre" tabIndex={-1} className="text-xl font-semibold text-foreground outline-none">
            {SIMULATOR_FORM_TITLE}
          </h2>
          <Button
            variant="ghost"
            size="icon"
            title="Réinitialiser le formulaire"
            aria-label="Réinitialiser le formulaire"
            onClick={() => dispatch({ type: 'reset' })}
          >
            <RotateCcw aria-hidden="true" className="size-5" />
          </Button>
        </div>

        <PceDataPicker
          withSeries={false}
          onUse={(item) => {
            // « Utiliser les données du PCE … » (ADR 0072): the PCE's contract and PITD, field after field.
            if (item.pitd) {
              dispatch({ type: 'setPoint', point: 'PITD' });
              dispatch({ type: 'setField', field: 'code', value: item.pitd.code });
            }
            const fields = [
              ['tarif', item.option],
              ['profil', item.profil],
              ['car', item.car_mwh === null ? null : formNumber(item.car_mwh)],
              ['cja', item.cja_mwh_per_day ? formNumber(item.cja_mwh_per_day) : null],
            ] as const;
            for (const [field, value] of fields) {
              if (value !== null) {
                dispatch({ type: 'setField', field, value });
              }
            }
          }}
        />
        {options?.usedSampleData ? (
          <Alert tone="info" data-testid="sample-data-notice">
            <strong>Données d’échantillon.</strong> La table de référence en service (
            {[
              options.referenceData?.pitd.isSample ? 'PITD' : null,
              options.referenceData?.zi.isSample ? 'coefficients Zi' : null,
              options.pointTable?.isSample ? `points ${options.point}` : null,
            ]
              .filter(Boolean)
              .join(', ') || 'référentiel'}
            ) est un échantillon non officiel : les résultats qui l’utilisent sont indicatifs.
          </Alert>
        ) : null}
        {options?.message ? <Alert tone="info">{options.message}</Alert> : null}

        <div className="grid gap-4 sm:grid-cols-2">
          <FormField id={simulatorFieldId('pointDeReseau')} label={labels.pointDeReseau} error={errors.pointDeReseau}>
            {(control) => (
              <Select
                {...control}
                value={point}
                onChange={(event) => {
                  const next = event.target.value;
                  dispatch({ type: 'setPoint', point: isSimulatorPoint(next) ? next : '' });
                }}
              >
                <ChoiceList
                  values={simulatorPoints}
                  label={(value) => (isSimulatorPoint(value) ? pointLabels[value] : value)}
                  placeholder="Choisissez le type de point"
                />
              </Select>
            )}
          </FormField>

          {point === 'PITD' ? (
            <SiteAddress code={values.code} onChoose={(prefill) => dispatch({ type: 'prefill', values: prefill })} />
          ) : null}

          <FormField
            id={simulatorFieldId('code')}
            label={labels.code}
            error={errors.code}
            hint={
              noPoint ? (
                'Choisissez d’abord le point de réseau.'
              ) : point === 'LI' || point === 'PIC' ? (
                <>Tapez pour rechercher (300 résultats au plus). {transportNtrNotice}</>
              ) : (
                'Tapez pour rechercher (300 résultats au plus).'
              )
            }
          >
            {(control) => (
              <CodeCombobox
                control={control}
                label={labels.code}
                point={point.toLowerCase()}
                value={values.code}
                codes={options?.codes ?? []}
                truncated={options?.truncated ?? false}
                allowFreeText={!hasCodeTable}
                disabled={noPoint}
                onSelect={set('code')}
              />
            )}
          </FormField>

          {select('commune', communes, communes.length === 0 ? 'Aucune commune' : 'Choisissez la commune', {
            hint: values.code === '' && !noPoint ? 'Choisissez d’abord un code.' : undefined,
          })}
          {select('tso', options?.tso ?? [], 'Choisissez le TSO')}
          {showsDso(values) ? select('dso', options?.dso ?? [], 'Choisissez le DSO') : null}
          {ntrChoices.length > 0
            ? select('ntr', ntrChoices.map(String), 'Choisissez le NTR', {
                hint: `La table des PITD donne deux NTR à ce PITD (*) : ${options?.ntrFootnote ?? ''}`,
              })
            : null}
          {ntrChoices.length === 0 && tableNtr !== undefined ? (
            <p className="text-sm text-muted-foreground sm:col-span-2" data-testid="simulateur-ntr">
              NTR du PITD : <strong className="text-foreground">{tableNtr}</strong> (table des PITD
              {options?.referenceData?.pitd.provenance
                ? ` du ${formatDate(options.referenceData.pitd.provenance.version)}`
                : ' en service'}
              ).
            </p>
          ) : null}
          {select('tarif', options?.tarifs ?? [], 'Choisissez l’option')}
          {select('profil', options?.profils ?? [], 'Choisissez le profil')}
          {select('dateEffetMonth', options?.months ?? [], 'Choisissez le mois', {
            label: formatMonth,
            hint:
              point === 'LI' || point === 'PIC'
                ? 'Facultatif : le mois en cours par défaut.'
                : 'Premier jour du mois : les grilles en vigueur ce jour-là s’appliquent.',
          })}

          {showsCar(values) ? numberField('car', 'Consommation annuelle de référence du point.') : null}
          {showsCja(values) ? numberField('cja', 'Capacité journalière souscrite.') : null}
          {numberField(
            'assiette',
            point !== 'PITD'
              ? undefined
              : isSubscribedTarif(values.tarif)
                ? 'Requise en T4 et TP : sert à estimer la modulation (compensation stockage) et aux montants par MWh.'
                : 'Facultatif : base des montants annuels des termes par MWh.',
          )}
          {numberField('cjsInterruptible', 'Facultatif : capacité interruptible déduite de la modulation.')}
          {showsCapacite(values) ? numberField('capacite', 'Facultatif : base du terme de livraison (TCL).') : null}
          {showsDistance(values) ? numberField('distanceM', 'Option TP : distance au réseau de transport.') : null}
          {showsDebitNormalise(values) ? numberField('debitNormalise', DEBIT_NORMALISE_HINT, 'Ex. : 163,36') : null}
          {numberField(
            'cee',
            defaultCee === null
              ? 'Laissez vide pour appliquer le coût CEE par défaut (estimation).'
              : `Laissez vide pour appliquer le coût par défaut : ${formatNumber(defaultCee.value)} €/MWh au ${formatDate(defaultCee.date)} (estimation).`,
            defaultCee === null ? 'Par défaut (estimation)' : `${formatNumber(defaultCee.value)} (estimation)`,
          )}
        </div>

        {/* Anti-bot field: invisible and out of the tab order; people never fill it. */}
        <div className="sr-only" aria-hidden="true">
          <label htmlFor={simulatorFieldId('honeypot')}>Ne pas remplir ce champ</label>
          <input
            id={simulatorFieldId('honeypot')}
            name="honeypot"
            type="text"
            tabIndex={-1}
            autoComplete="off"
            aria-hidden="true"
            value={values.honeypot}
            onChange={(event) => set('honeypot')(event.target.value)}
          />
        </div>

        {optionsLoading ? <LoadingState label="Chargement des options…" /> : null}
        {state.formError ? <Alert tone="error">{state.formError}</Alert> : null}
        {cascadeError ? (
          <Alert tone="error" data-testid="cascade-error">
            {cascadeError}
          </Alert>
        ) : null}

        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" size="lg" disabled={pending} className="w-full sm:w-auto">
            {pending ? 'Soumission en cours...' : 'Lancer la simulation'}
          </Button>
        </div>
      </form>
    </Card>
  );
}
