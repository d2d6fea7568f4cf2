import { z } from 'zod';
import { consumptionQualiteSchema, normalisePce } from './consumption.ts';
import { type FormValue, formText, formValueSchema } from './form-fields.ts';
import {
  addFormIssues,
  type FormIssue,
  lineSourceSchema,
  parseFrenchNumber,
  referenceDatasetInfoSchema,
  type SimulatorProfil,
  simulatorPoints,
  simulatorProfils,
  simulatorTarifs,
} from './simulator.ts';

/**
 * CJA optimisation (issue 5, item 4; spec §3 request/response, §5 "Optimisation", §7, §8).
 * `POST /api/optimisation/` — docs/api.md § Optimisation, ADR 0013 (series rule), docs/optimiser.md (model).
 */

/** Spec §5 "Optimisation", exact wording, checked in this order. */
export const OPTIMISATION_MESSAGES = {
  pointDeReseau: 'Veuillez sélectionner le point de réseau.',
  code: 'Veuillez indiquer le code.',
  commune: 'Veuillez indiquer la commune.',
  tso: 'Veuillez indiquer le TSO.',
  tarif: 'Veuillez indiquer le tarif.',
  profil: 'Veuillez indiquer le profil.',
  assiette: "Veuillez indiquer l'assiette.",
  capacitesCount: '12 capacités mensuelles requises (M1-M12).',
  capacitesNumbers: 'Toutes les capacités doivent être des nombres valides.',
  capacitesEmpty: "Veuillez remplir toutes les capacités mensuelles ou désactiver l'option.",
  /** Written for the spec's « For PITD the tariff choices are limited to T4 and TP » (LI / PIC: any option, ADR 0052). */
  tarifPitd: "Pour un point PITD, l'optimisation de la CJA ne concerne que les options T4 et TP.",
  dateEffetMonth: "Date d'effet invalide : attendu AAAA-MM.",
  pceFormat: 'Le PCE doit contenir exactement 14 chiffres',
} as const;

/** 'Capacité M{n} invalide' (n = 1…12). */
export function capaciteInvalideMessage(n: number): string {
  return `Capacité M${n} invalide`;
}

/** 'Valeur numérique invalide: …' — the value and the field it was given for. */
export function valeurNumeriqueInvalideMessage(raw: string, label: string): string {
  return `Valeur numérique invalide: « ${raw} » (${label}).`;
}

/** The tariff options the CJA optimiser handles for a PITD point. */
export const optimisationTarifs = ['T4', 'TP'] as const;
/**
 * The options of an optimised point: T4 / TP for a PITD; any option for an LI / PIC point (connected to the
 * transport network, the ATRD option does not enter its price: ADR 0024, 0052).
 */
export type OptimisationTarif = (typeof simulatorTarifs)[number];

/**
 * Spec §3 optimisation request (camelCase), values as numbers or French strings. Beyond the spec, to pick the
 * daily series: `datasetId` (one of the user's consumption datasets) or `pce` (14 digits: the user's datasets
 * of that PCE) — see ADR 0013. Without either, a typical year is synthesised (an estimate).
 */
export const optimisationBodySchema = z
  .object({
    pointDeReseau: formValueSchema,
    code: formValueSchema,
    commune: formValueSchema,
    tarif: formValueSchema,
    tso: formValueSchema,
    profil: formValueSchema,
    /** MWh/an: required; used to synthesise the year when no imported year is used. */
    assiette: formValueSchema,
    /** MWh/j; empty = 0. */
    cjsInterruptible: formValueSchema,
    /** MWh/j (capacité de livraison, transport-connected points); empty = 0; not used for PITD. */
    cpl: formValueSchema,
    /** YYYY-MM (grids read at its first day); default: the current month. */
    dateEffetMonth: formValueSchema,
    /** MWh/j; empty = the year's largest day rounded up (docs/optimiser.md). */
    cjaActuelle: formValueSchema,
    /** Monthly mode: exactly 12 values M1 (January) … M12, MWh/j subscribed on top of the CJA. Absent/null: off. */
    capacitesMensuelles: z.array(formValueSchema).max(100).nullish(),
    datasetId: z.string().max(100).nullish(),
    pce: formValueSchema,
  })
  .meta({
    // A T4 PITD of the official table shipped with the server (ADR 0051), on a typical year (no dataset).
    examples: [
      {
        pointDeReseau: 'PITD',
        code: 'GD1057',
        commune: 'Paris',
        tso: 'NaTran',
        tarif: 'T4',
        profil: 'P016',
        assiette: '18 000',
        cjsInterruptible: '',
        cpl: '',
        dateEffetMonth: '2026-07',
      },
    ],
  });
export type OptimisationBody = z.infer<typeof optimisationBodySchema>;

export interface ValidatedOptimisationForm {
  pointDeReseau: (typeof simulatorPoints)[number];
  code: string;
  commune: string;
  tso: string;
  tarif: OptimisationTarif;
  profil: SimulatorProfil;
  assiette: number;
  cjsInterruptible: number;
  cpl: number;
  /** undefined: default (largest day rounded up). */
  cjaActuelle: number | undefined;
  /** 12 values, or undefined when the monthly mode is off. */
  capacitesMensuelles: number[] | undefined;
  dateEffetMonth: string | undefined;
  datasetId: string | undefined;
  pce: string | undefined;
}

export type OptimisationFormCheck =
  | { ok: true; value: ValidatedOptimisationForm }
  | { ok: false; field: string; message: string };

const LABELS: Record<string, string> = {
  assiette: 'assiette',
  cjsInterruptible: 'capacité interruptible',
  cpl: 'capacité de livraison',
  cjaActuelle: 'CJA actuelle',
};

/**
 * Every failure of the optimisation form, in the order of spec §5 "Optimisation": point, code, commune, TSO, tarif
 * (and, for PITD, T4/TP only), profil, assiette; then the 12 monthly capacities when given (the whole list's
 * failure first: count, numbers, empty; then each negative month); then the optional numbers (a non-numeric or
 * negative one), the month and the PCE. Each field is named once, with its first failure. Also the value the form
 * means when there is none.
 */
export function checkOptimisationForm(body: OptimisationBody): {
  issues: FormIssue[];
  value: ValidatedOptimisationForm | null;
} {
  const issues: FormIssue[] = [];
  const fail = (field: string, message: string) => issues.push({ field, message });
  const number = (value: FormValue, field: string, empty: number | undefined): number | undefined => {
    const raw = formText(value);
    if (raw === undefined) {
      return empty;
    }
    const parsed = parseFrenchNumber(raw);
    if (parsed === null || parsed < 0) {
      fail(field, valeurNumeriqueInvalideMessage(raw, LABELS[field] ?? field));
      return undefined;
    }
    return parsed;
  };
  const point = formText(body.pointDeReseau)?.toUpperCase();
  const pointKnown = point !== undefined && (simulatorPoints as readonly string[]).includes(point);
  if (!pointKnown) {
    fail('pointDeReseau', OPTIMISATION_MESSAGES.pointDeReseau);
  }
  const code = formText(body.code);
  if (!code) {
    fail('code', OPTIMISATION_MESSAGES.code);
  }
  const commune = formText(body.commune);
  if (!commune) {
    fail('commune', OPTIMISATION_MESSAGES.commune);
  }
  const tso = formText(body.tso);
  if (!tso) {
    fail('tso', OPTIMISATION_MESSAGES.tso);
  }
  const tarifText = formText(body.tarif)?.toUpperCase();
  if (!tarifText || !(simulatorTarifs as readonly string[]).includes(tarifText)) {
    fail('tarif', OPTIMISATION_MESSAGES.tarif);
  } else if (point === 'PITD' && !(optimisationTarifs as readonly string[]).includes(tarifText)) {
    fail('tarif', OPTIMISATION_MESSAGES.tarifPitd);
  }
  const profilText = formText(body.profil)?.toUpperCase();
  if (!profilText || !(simulatorProfils as readonly string[]).includes(profilText)) {
    fail('profil', OPTIMISATION_MESSAGES.profil);
  }
  const assietteText = formText(body.assiette);
  const assiette = number(body.assiette, 'assiette', undefined);
  if (assietteText === undefined) {
    fail('assiette', OPTIMISATION_MESSAGES.assiette);
  }
  const capacitesMensuelles =
    body.capacitesMensuelles === null || body.capacitesMensuelles === undefined
      ? undefined
      : capacities(body.capacitesMensuelles, fail);
  const cjaActuelle = number(body.cjaActuelle, 'cjaActuelle', undefined);
  const cjsInterruptible = number(body.cjsInterruptible, 'cjsInterruptible', 0);
  const cpl = number(body.cpl, 'cpl', 0);
  const month = formText(body.dateEffetMonth);
  if (month !== undefined && !/^\d{4}-(0[1-9]|1[0-2])$/.test(month)) {
    fail('dateEffetMonth', OPTIMISATION_MESSAGES.dateEffetMonth);
  }
  const pceText = formText(body.pce);
  const pce = pceText === undefined ? undefined : normalisePce(pceText);
  if (pce !== undefined && !/^\d{14}$/.test(pce)) {
    fail('pce', OPTIMISATION_MESSAGES.pceFormat);
  }
  const datasetId = formText(body.datasetId);
  if (
    issues.length > 0 ||
    !code ||
    !commune ||
    !tso ||
    assiette === undefined ||
    cjsInterruptible === undefined ||
    cpl === undefined
  ) {
    return { issues, value: null };
  }
  return {
    issues: [],
    value: {
      pointDeReseau: point as ValidatedOptimisationForm['pointDeReseau'],
      code,
      commune,
      tso,
      tarif: tarifText as OptimisationTarif,
      profil: profilText as SimulatorProfil,
      assiette,
      cjsInterruptible,
      cpl,
      cjaActuelle,
      capacitesMensuelles,
      dateEffetMonth: month,
      datasetId,
      pce,
    },
  };
}

/** The 12 monthly capacities, or undefined with the failures told to `fail`. */
function capacities(
  values: readonly FormValue[],
  fail: (field: string, message: string) => void,
): number[] | undefined {
  if (values.length !== 12) {
    fail('capacitesMensuelles', OPTIMISATION_MESSAGES.capacitesCount);
    return undefined;
  }
  const raws = values.map(formText);
  if (raws.some((raw) => raw !== undefined && parseFrenchNumber(raw) === null)) {
    fail('capacitesMensuelles', OPTIMISATION_MESSAGES.capacitesNumbers);
    return undefined;
  }
  if (raws.some((raw) => raw === undefined)) {
    fail('capacitesMensuelles', OPTIMISATION_MESSAGES.capacitesEmpty);
    return undefined;
  }
  const parsed = raws.map((raw) => parseFrenchNumber(raw as string) as number);
  parsed.forEach((value, index) => {
    if (value < 0) {
      fail(`capacitesMensuelles/${index}`, capaciteInvalideMessage(index + 1));
    }
  });
  return parsed.some((value) => value < 0) ? undefined : parsed;
}

/**
 * The optimisation form of spec §5 as a zod schema (issue #22, ADR 0065): every failure at once (path = the
 * request's field, message = the spec's French wording, in the spec's order), parsed to
 * {@link ValidatedOptimisationForm}. The web form resolves it through react-hook-form and toasts the first
 * failure; the server reads the first through {@link validateOptimisationForm}.
 */
export const optimisationFormSchema = optimisationBodySchema.transform((body, ctx): ValidatedOptimisationForm => {
  const check = checkOptimisationForm(body);
  if (!check.value) {
    addFormIssues(ctx, check.issues);
    return z.NEVER;
  }
  return check.value;
});

/**
 * The rules of spec §5 "Optimisation" for the server (authoritative) and the toast of the web form: the first
 * failure in the spec's order (of {@link checkOptimisationForm}), or the validated form.
 */
export function validateOptimisationForm(body: OptimisationBody): OptimisationFormCheck {
  const check = checkOptimisationForm(body);
  const first = check.issues[0];
  if (first) {
    return { ok: false, field: first.field, message: first.message };
  }
  if (!check.value) {
    throw new Error('checkOptimisationForm: no issue and no value');
  }
  return { ok: true, value: check.value };
}

// ---- response --------------------------------------------------------------------------------------------

export const optimisationCoutsSchema = z.object({
  /**
   * Transport capacity terms (TCS + TCR × NTR + TCL) × capacity, €/an; for an LI / PIC point also the per-poste
   * term and the CTA on those fixed terms (ADR 0052).
   */
  transport_fixe: z.number(),
  /** Storage compensation (modulation × TTS), €/an — the same before and after. */
  transport_stockage: z.number(),
  /** Every overrun penalty (distribution operator + transport), €/an. */
  transport_penalites: z.number(),
  /** ATRD capacity terms (annual + monthly) + CTA on them, €/an (0 for an LI / PIC point). */
  distribution_fixe: z.number(),
  total_annuel: z.number(),
});
export type OptimisationCouts = z.infer<typeof optimisationCoutsSchema>;

export const optimisationParamSchema = z.object({
  id: z.string(),
  libelle: z.string(),
  valeur: z.number(),
  unite: z.string(),
  statut: z.enum(['official', 'secondary', 'estimate']),
  /** `statut === 'estimate'`: show it as an estimate. */
  estimation: z.boolean(),
  sources: z.array(lineSourceSchema),
  notes: z.string().nullable(),
});
export type OptimisationParam = z.infer<typeof optimisationParamSchema>;

const breakdownSchema = optimisationCoutsSchema.extend({
  details: z.object({
    atrdCapaciteAnnuelle: z.number(),
    atrdCapaciteMensuelle: z.number(),
    ctaCapacite: z.number(),
    transportCapaciteAnnuelle: z.number(),
    transportCapaciteMensuelle: z.number(),
    penalitesDistribution: z.number(),
    penalitesTransport: z.number(),
    /** YYYY-MM → € */
    penalitesParMois: z.record(z.string(), z.number()).meta({ examples: [{ '2026-01': 1284.6, '2026-02': 312.15 }] }),
    joursEnDepassement: z.number().int(),
    /** LI / PIC: the TSO's fixed term per delivery poste (one poste), €/an; 0 for a PITD. */
    termeFixePoste: z.number(),
  }),
});

export const optimisationSeriesSourceSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('dataset'),
    datasetId: z.string(),
    pce: z.string(),
    label: z.string().nullable(),
    regle: z.enum(['annee-precedant-date-effet', 'derniere-annee-complete']),
    debut: z.string(),
    fin: z.string(),
  }),
  z.object({
    type: z.literal('synthese'),
    /** Why no imported year was used (French). */
    raison: z.string(),
    stationMeteo: z.string(),
    villeReference: z.string(),
    partChauffage: z.number(),
    debut: z.string(),
    fin: z.string(),
    /** Where the model is documented. */
    modele: z.string(),
    sources: z.array(lineSourceSchema),
  }),
]);

export const optimisationSeriesSchema = z.object({
  /** `mesures`: the user's imported readings; `synthese`: a typical year (an ESTIMATE). */
  origine: z.enum(['mesures', 'synthese']),
  estimation: z.boolean(),
  /** One French sentence saying where the series comes from (show it above the chart). */
  message: z.string(),
  source: optimisationSeriesSourceSchema,
  consoJournaliere: z.array(z.object({ date: z.string(), mwh: z.number(), qualite: consumptionQualiteSchema })),
  joursMesures: z.number().int(),
  joursEstimes: z.number().int(),
  joursManquants: z.number().int(),
  maxJournalier: z.number(),
  totalMwh: z.number(),
});
export type OptimisationSeries = z.infer<typeof optimisationSeriesSchema>;

export const optimisationResponseSchema = z.object({
  /** YYYY-MM-DD: first day of the month of effect (grids read at that date). */
  dateEffet: z.string(),
  tarif: z.enum(simulatorTarifs),
  cjaOptimisee: z.number(),
  cjaActuelle: z.number(),
  /** avant.total_annuel − apres.total_annuel (€/an). */
  economieAnnuelle: z.number(),
  /** economie / avant × 100 (2 decimals; show 1). */
  pourcentageEconomie: z.number(),
  couts: z.object({ avant: optimisationCoutsSchema, apres: optimisationCoutsSchema }),
  /** Monthly mode: M1…M12 current and optimised (MWh/j on top of the CJA); null otherwise. */
  capacitesMensuelles: z
    .object({ actuelles: z.array(z.number()).length(12), optimisees: z.array(z.number()).length(12) })
    .nullable(),
  params: z.array(optimisationParamSchema),
  warnings: z.array(z.string()),
  /** True when a parameter or the series is an estimate. */
  hasEstimates: z.boolean(),
  /** True when the PITD (or LI / PIC) table answering is the packaged sample (ADR 0011, 0024). */
  usedSampleData: z.boolean(),
  series: optimisationSeriesSchema,
  /** Unrounded breakdowns. */
  details: z.object({ avant: breakdownSchema, apres: breakdownSchema }),
  referentiel: z.object({
    /** PITD, or LI / PIC: a consumer connected to the transport network (ADR 0052). */
    pointDeReseau: z.enum(simulatorPoints),
    code: z.string(),
    libelle: z.string(),
    commune: z.string(),
    communeInsee: z.string(),
    tso: z.string(),
    /** The PITD's distributor; '' for an LI / PIC point. */
    dso: z.string(),
    /** The point's NTR: the PITD table's, or the LI / PIC table's (entered by whoever imported it). */
    ntr: z.number().int(),
    /** The weather station of the typical year: the PITD's; for LI / PIC, the commune's PITD's; null if none. */
    stationMeteo: z.string().nullable(),
    /** The PITD table that answered (for LI / PIC: the one that gave the station, else null). */
    pitdDataset: referenceDatasetInfoSchema.nullable(),
    /** LI / PIC: the point table that answered; null for a PITD. */
    pointDataset: referenceDatasetInfoSchema.nullable(),
  }),
  stats: z.object({ candidats: z.number().int() }),
});
export type OptimisationResponse = z.infer<typeof optimisationResponseSchema>;
