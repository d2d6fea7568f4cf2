import type { EstimateBasis } from '@pilote/tariffs';
import { parseFrenchNumber } from '@pilote/tariffs/numbers';
import { z } from 'zod';
import { formText, formValueSchema } from './form-fields.ts';

/**
 * Gas tariff simulator (spec §2.8, §3, §4, §5 "Simulator", §7, §8; issue 4). docs/api.md § Simulator.
 *
 * - `GET /api/simulator/options/{pitd|li|pic}/?point=…&code=…&commune=…&tso=…&dso=…&tarif=…&profil=…&month=…&q=…`
 * - `POST /api/simulator/simulate/` with the form below → `{ simulationId, resultat, pdfUrl, pdfUrlExpiresAt }`
 * - `GET /api/simulator/simulations/:id/pdf?exp=…&sig=…` (signed link, ADR 0012)
 * - `GET /api/simulator/simulations/:id/pdf-link` (owner: a fresh signed link)
 */

export const simulatorPoints = ['PITD', 'LI', 'PIC'] as const;
export const simulatorPointSchema = z.enum(simulatorPoints);
export type SimulatorPoint = z.infer<typeof simulatorPointSchema>;

export const simulatorTarifs = ['T1', 'T2', 'T3', 'T4', 'TP'] as const;
export type SimulatorTarif = (typeof simulatorTarifs)[number];
/** Options whose capacity is subscribed (CJA): the CAR is not asked (spec §5). */
export const subscribedTarifs: readonly SimulatorTarif[] = ['T4', 'TP'];

export const simulatorProfils = ['P011', 'P012', 'P013', 'P014', 'P015', 'P016', 'P017', 'P018', 'P019'] as const;
export type SimulatorProfil = (typeof simulatorProfils)[number];

/** Code search answers at most this many codes (spec §9), with `truncated: true` beyond. */
export const SIMULATOR_CODE_SEARCH_LIMIT = 300;

/**
 * Error codes of the simulator endpoints (besides the common catalogue of errors.ts: VALIDATION_FAILED,
 * UNAUTHENTICATED, CSRF_INVALID, NOT_FOUND…). The UI maps by message (spec §8); programs branch on these.
 */
export const simulatorErrorCodes = [
  /** 400 — the hidden honeypot field was filled: 'Bot détecté. Requête bloquée.' */
  'BOT_DETECTED',
  /** 400 — point / option / operator the engine does not handle: message contains « pas encore supporté ». */
  'UNSUPPORTED_POINT',
  /** 422 — a tariff value or reference table is missing: message contains « données tarifaires » and « pas disponibles ». */
  'TARIFF_DATA_UNAVAILABLE',
  /** 403 — the PDF link's signature does not match (tampered, or for another simulation). */
  'PDF_LINK_INVALID',
  /** 403 — the PDF link is past its expiry. */
  'PDF_LINK_EXPIRED',
] as const;
export type SimulatorErrorCode = (typeof simulatorErrorCodes)[number];

/** Every message of spec §5 "Simulator" (exact wording), plus the LI/PIC code wording written in the same style. */
export const SIMULATOR_MESSAGES = {
  honeypot: 'Bot détecté. Requête bloquée.',
  pointDeReseau: 'Veuillez indiquer le point de réseau.',
  codePitd: 'Veuillez indiquer le code PITD.',
  codeLi: 'Veuillez indiquer le code LI.',
  codePic: 'Veuillez indiquer le code PIC.',
  commune: 'Veuillez indiquer la commune.',
  tso: 'Veuillez sélectionner le TSO.',
  dso: 'Veuillez indiquer le DSO.',
  tarif: 'Veuillez indiquer le tarif.',
  profil: 'Veuillez indiquer le profil.',
  dateEffetMonth: "Veuillez sélectionner la date d'effet.",
  assiette: "Veuillez indiquer l'assiette.",
  cja: 'Veuillez indiquer la CJA.',
  car: 'Veuillez indiquer la CAR.',
} as const;

// ---- options cascade -------------------------------------------------------------------------------------

export const simulatorOptionsParamsSchema = z.object({
  point: z
    .string()
    .transform((value) => value.toLowerCase())
    .pipe(z.enum(['pitd', 'li', 'pic'], { error: 'Type de point inconnu : attendu pitd, li ou pic.' })),
});
export type SimulatorOptionsParams = z.infer<typeof simulatorOptionsParamsSchema>;

const queryText = z.string().trim().max(200).optional();

/** Query of the cascade: the SPA sends only non-empty values; the first call sends only `point` (spec §7). */
export const simulatorOptionsQuerySchema = z.object({
  point: queryText,
  code: queryText,
  commune: queryText,
  tso: queryText,
  dso: queryText,
  tarif: queryText,
  profil: queryText,
  /** YYYY-MM (or YYYY-MM-DD). */
  month: queryText,
  /** Case-insensitive substring of the code or its label; at most 300 codes answered. */
  q: z.string().trim().max(100).optional(),
});
export type SimulatorOptionsQuery = z.infer<typeof simulatorOptionsQuerySchema>;

export const referenceDatasetInfoSchema = z.object({
  kind: z.enum(['pitd', 'zi', 'li', 'pic']),
  /** True for the sample shipped with @pilote/tariffs (no import yet) or a file imported as a sample. */
  isSample: z.boolean(),
  /** `import` = an imported version in the database; `package` = the sample shipped with the code. */
  origin: z.enum(['import', 'package']),
  version: z.number().int().nullable(),
  sourceFileName: z.string().nullable(),
  importedAt: z.iso.datetime().nullable(),
  rowCount: z.number().int(),
  description: z.string(),
  /**
   * The official table shipped with the application (origin `package`, ADR 0051): publisher, title, version date
   * of the official file, the French attribution to show, and the SHA-256 of the official file.
   */
  provenance: z
    .object({
      publisher: z.string(),
      title: z.string(),
      version: z.string(),
      attribution: z.string(),
      sha256: z.string(),
    })
    .optional(),
});
export type ReferenceDatasetInfo = z.infer<typeof referenceDatasetInfoSchema>;

export const simulatorCodeOptionSchema = z.object({ code: z.string(), libelle: z.string() });

export const pitdCommuneOptionSchema = z.object({
  commune: z.string(),
  communeInsee: z.string(),
  tso: z.string(),
  dso: z.string(),
  /** The commune's NTR (integer 0–10). */
  ntr: z.number().int().optional(),
  /**
   * Two NTR values marked « (*) » in the official table (e.g. DX0001 Dreux: 0 and 2): the form asks the user which
   * applies, with the table's footnote (`ntrFootnote`), and sends it as `ntr` (ADR 0051).
   */
  ntrChoices: z.array(z.number().int()).optional(),
});

/** One PITD serving a commune, for the address pre-fill (issue #23 §4, ADR 0051). */
export const communePitdSchema = z.object({
  code: z.string(),
  libelle: z.string(),
  commune: z.string(),
  communeInsee: z.string(),
  tso: z.string(),
  dso: z.string(),
  ntr: z.number().int(),
  ntrChoices: z.array(z.number().int()).nullable(),
  /** NIV coefficient of a non-péréqué concession; null for a péréqué commune or when the table does not say. */
  coefficientNiv: z.number().nullable(),
});
export type CommunePitd = z.infer<typeof communePitdSchema>;

/** `GET /api/simulator/communes/:insee/pitd`: the PITD(s) of a commune (the address search's INSEE code). */
export const communePitdParamsSchema = z.object({
  insee: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^(\d{5}|2[AB]\d{3})$/, { error: 'Code INSEE invalide : 5 caractères attendus (ex. 06088).' })
    .meta({ examples: ['06088'] }),
});
export const communePitdResponseSchema = z.object({
  insee: z.string(),
  /** Several when the commune is served by several PITDs (the user chooses); empty when it has no gas network. */
  points: z.array(communePitdSchema),
  ntrFootnote: z.string().nullable(),
  dataset: referenceDatasetInfoSchema,
});
export type CommunePitdResponse = z.infer<typeof communePitdResponseSchema>;

export const simulatorOptionsResponseSchema = z.object({
  point: simulatorPointSchema,
  /** Codes matching `q` (all codes without it), sorted, at most 300. */
  codes: z.array(simulatorCodeOptionSchema),
  /** True when more than 300 codes matched. */
  truncated: z.boolean(),
  tarifs: z.array(z.enum(simulatorTarifs)),
  profils: z.array(z.enum(simulatorProfils)),
  /** Months of effect (YYYY-MM) the dated grids can simulate for the chosen point / tarif / TSO. */
  months: z.array(z.string()),
  /** TSO choices: from the chosen code's communes (PITD), else every TSO. */
  tso: z.array(z.string()),
  /** DSO choices (PITD): from the chosen code's communes, narrowed by commune and tso. Empty for LI/PIC. */
  dso: z.array(z.string()),
  /** PITD: the chosen `code`'s communes (empty until a code is chosen). */
  pitdCommunesIndex: z.array(z.object({ code: z.string(), communes: z.array(pitdCommuneOptionSchema) })).optional(),
  /** LI: the chosen `code`'s communes (empty until a code is chosen). */
  liCommunesIndex: z.array(z.object({ code: z.string(), communes: z.array(z.string()) })).optional(),
  /** PIC: the chosen `code`'s communes (empty until a code is chosen). */
  picCommunesIndex: z
    .array(z.object({ code: z.string(), communes: z.array(z.object({ commune: z.string() })) }))
    .optional(),
  /** True when the answer comes (partly) from the sample shipped with the code, not an imported file. */
  usedSampleData: z.boolean(),
  /** Which PITD / Zi tables answer (PITD only; null for LI/PIC). */
  referenceData: z.object({ pitd: referenceDatasetInfoSchema, zi: referenceDatasetInfoSchema }).nullable(),
  /** LI / PIC: which point table answers (imported version or the labelled sample, ADR 0024). */
  pointTable: referenceDatasetInfoSchema.optional(),
  /** A French notice for the UI, else null. */
  message: z.string().nullable(),
  /** The footnote of a doubled NTR (`ntrChoices`), from the official table; null or absent otherwise. */
  ntrFootnote: z.string().nullable().optional(),
});
export type SimulatorOptionsResponse = z.infer<typeof simulatorOptionsResponseSchema>;

// ---- simulate --------------------------------------------------------------------------------------------

/**
 * The form of spec §3, camelCase. Numbers may be sent as numbers or as French strings ("15 466,8").
 * Beyond the spec: `cee` (€/MWh, overrides the default CEE cost) and `distanceM` (option TP: distance to the
 * transport network in metres). `capacite` is the subscribed delivery capacity (MWh/j, `cpl`), base of the
 * TCL of transport-connected points. `cjaMwhj` and `cja` both carry the CJA (the first one set wins).
 */
export const simulateBodySchema = z
  .object({
    pointDeReseau: formValueSchema,
    code: formValueSchema,
    commune: formValueSchema,
    tso: formValueSchema,
    dso: formValueSchema,
    profil: formValueSchema,
    capacite: formValueSchema,
    tarif: formValueSchema,
    car: formValueSchema,
    cja: formValueSchema,
    cjaMwhj: formValueSchema,
    assiette: formValueSchema,
    cjsInterruptible: formValueSchema,
    /** YYYY-MM. Required for PITD; LI/PIC default to the current month. */
    dateEffetMonth: formValueSchema,
    honeypot: formValueSchema,
    cee: formValueSchema,
    distanceM: formValueSchema,
    /** PITD T1–T3 from July 2026, optional: débit normalisé of the meter (Nm³/h), base of the TDN (ADR 0026). */
    debitNormalise: formValueSchema,
    /** PITD whose commune has two NTR values marked « (*) » (`ntrChoices` of the options): the one that applies. */
    ntr: formValueSchema,
  })
  .meta({
    // A PITD of the official table shipped with the server (ADR 0051): the example simulates on an instance without an imported PITD table.
    examples: [
      {
        pointDeReseau: 'PITD',
        code: 'GD1057',
        commune: 'Paris',
        tso: 'NaTran',
        dso: 'GRDF',
        profil: 'P016',
        tarif: 'T4',
        car: '15 466,8',
        cjaMwhj: '109',
        dateEffetMonth: '2026-07',
        honeypot: '',
      },
    ],
  });
export type SimulateBody = z.infer<typeof simulateBodySchema>;

/**
 * What the form means once validated (numbers parsed, blanks removed). Also what `simulations.input.form` holds:
 * the server parses the stored JSON with this schema on read (an absent key is an `undefined` the JSON dropped).
 */
export const validatedSimulatorFormSchema = z.object({
  pointDeReseau: simulatorPointSchema,
  code: z.string(),
  commune: z.string().optional(),
  tso: z.string(),
  dso: z.string().optional(),
  profil: z.enum(simulatorProfils),
  tarif: z.enum(simulatorTarifs),
  car: z.number().optional(),
  cja: z.number().optional(),
  assiette: z.number().optional(),
  cjsInterruptible: z.number().optional(),
  cpl: z.number().optional(),
  cee: z.number().optional(),
  distanceM: z.number().optional(),
  /** Nm³/h, optional; the TDN is left out with a warning without it (ADR 0026). */
  debitNormalise: z.number().optional(),
  /** YYYY-MM, or undefined (LI/PIC without a month). */
  dateEffetMonth: z.string().optional(),
  /** The NTR the user chose when the PITD has two (`ntrChoices`); undefined otherwise. */
  ntr: z.number().optional(),
});
export type ValidatedSimulatorForm = z.infer<typeof validatedSimulatorFormSchema>;

export type SimulatorFormCheck =
  | { ok: true; value: ValidatedSimulatorForm }
  | { ok: false; code: 'BOT_DETECTED' | 'VALIDATION_FAILED'; field: string; message: string };

/** The one French-number reader (packages/tariffs/src/numbers.ts), re-exported for the forms' callers. */
export { parseFrenchNumber };

const FIELD_LABELS: Record<string, string> = {
  car: 'CAR',
  cja: 'CJA',
  cjaMwhj: 'CJA',
  assiette: 'assiette',
  cjsInterruptible: 'capacité interruptible',
  capacite: 'capacité',
  cee: 'CEE',
  distanceM: 'distance',
  debitNormalise: 'débit normalisé (Nm³/h)',
  ntr: 'NTR',
};

/** A check of the form, in the spec's order: the field it names and the spec's French message. */
export interface FormIssue {
  /** The request's field (`cjaMwhj` for a PITD's CJA); `capacitesMensuelles/3` style for an element. */
  field: string;
  message: string;
}

/**
 * Reads the numbers of one form once each: empty → undefined; not a number or negative → null, and the field's
 * French message recorded (once, at the first place the rules read the field).
 */
function numberReader(body: SimulateBody, issues: FormIssue[]) {
  const read = new Map<keyof SimulateBody, number | null | undefined>();
  return (field: keyof SimulateBody): number | null | undefined => {
    if (read.has(field)) {
      return read.get(field);
    }
    const raw = formText(body[field]);
    let value: number | null | undefined;
    if (raw !== undefined) {
      const parsed = parseFrenchNumber(raw);
      const label = FIELD_LABELS[field] ?? field;
      value = parsed !== null && parsed >= 0 ? parsed : null;
      if (parsed === null) {
        issues.push({ field, message: `Valeur numérique invalide pour le champ « ${label} » : « ${raw} ».` });
      } else if (parsed < 0) {
        issues.push({ field, message: `La valeur du champ « ${label} » doit être positive ou nulle.` });
      }
    }
    read.set(field, value);
    return value;
  };
}

/** A number read by {@link numberReader}, once its issues are known to be none. */
const known = (value: number | null | undefined): number | undefined => value ?? undefined;

/**
 * Every failure of the simulator form, in the order of spec §5 "Simulator": honeypot, point, then the fields the
 * point type requires, then the CAR (unless LI or T4/TP) and the CJA (LI, PIC, and PITD in T4/TP), then the
 * optional numbers. A filled honeypot, or no point type, is the only failure told (the rest depends on it). Each
 * field is named once, with its first failure. Also the value the form means when there is none.
 */
export function checkSimulatorForm(body: SimulateBody): {
  issues: FormIssue[];
  value: ValidatedSimulatorForm | null;
} {
  if (formText(body.honeypot) !== undefined) {
    return { issues: [{ field: 'honeypot', message: SIMULATOR_MESSAGES.honeypot }], value: null };
  }
  const point = formText(body.pointDeReseau)?.toUpperCase();
  if (!point || !(simulatorPoints as readonly string[]).includes(point)) {
    return { issues: [{ field: 'pointDeReseau', message: SIMULATOR_MESSAGES.pointDeReseau }], value: null };
  }
  const issues: FormIssue[] = [];
  const fail = (field: string, message: string) => issues.push({ field, message });
  const number = numberReader(body, issues);
  const pointDeReseau = point as SimulatorPoint;
  const code = formText(body.code);
  const commune = formText(body.commune);
  const tso = formText(body.tso);
  const dso = formText(body.dso);
  const tarifText = formText(body.tarif)?.toUpperCase();
  const tarif = (simulatorTarifs as readonly string[]).includes(tarifText ?? '')
    ? (tarifText as SimulatorTarif)
    : undefined;
  const profilText = formText(body.profil)?.toUpperCase();
  const profil = (simulatorProfils as readonly string[]).includes(profilText ?? '')
    ? (profilText as SimulatorProfil)
    : undefined;
  const monthText = formText(body.dateEffetMonth);
  const month = monthText && /^\d{4}-(0[1-9]|1[0-2])$/.test(monthText) ? monthText : undefined;

  if (pointDeReseau === 'PITD') {
    if (!code) {
      fail('code', SIMULATOR_MESSAGES.codePitd);
    }
    if (!commune) {
      fail('commune', SIMULATOR_MESSAGES.commune);
    }
    if (!tso) {
      fail('tso', SIMULATOR_MESSAGES.tso);
    }
    if (!dso) {
      fail('dso', SIMULATOR_MESSAGES.dso);
    }
    if (!tarif) {
      fail('tarif', SIMULATOR_MESSAGES.tarif);
    }
    if (!profil) {
      fail('profil', SIMULATOR_MESSAGES.profil);
    }
    if (!month) {
      fail('dateEffetMonth', SIMULATOR_MESSAGES.dateEffetMonth);
    }
  } else {
    if (!code) {
      fail('code', pointDeReseau === 'LI' ? SIMULATOR_MESSAGES.codeLi : SIMULATOR_MESSAGES.codePic);
    }
    if (!tso) {
      fail('tso', SIMULATOR_MESSAGES.tso);
    }
    if (!tarif) {
      fail('tarif', SIMULATOR_MESSAGES.tarif);
    }
    if (!profil) {
      fail('profil', SIMULATOR_MESSAGES.profil);
    }
    if (number('assiette') === undefined) {
      fail('assiette', SIMULATOR_MESSAGES.assiette);
    }
    // The CJA may come as `cja` or `cjaMwhj`: `cjaMwhj` is read only when `cja` is empty.
    const cja = number('cja');
    if (cja === undefined && number('cjaMwhj') === undefined) {
      fail('cja', SIMULATOR_MESSAGES.cja);
    }
    if (monthText !== undefined && !month) {
      fail('dateEffetMonth', SIMULATOR_MESSAGES.dateEffetMonth);
    }
  }
  const subscribed = tarif !== undefined && subscribedTarifs.includes(tarif);
  const car = number('car');
  if (car === undefined && pointDeReseau !== 'LI' && !subscribed) {
    fail('car', SIMULATOR_MESSAGES.car);
  }
  const cjaMwhj = number('cjaMwhj');
  const cja = cjaMwhj === undefined ? number('cja') : cjaMwhj;
  if (cja === undefined && pointDeReseau === 'PITD' && subscribed) {
    fail('cjaMwhj', SIMULATOR_MESSAGES.cja);
  }
  // A PITD in T4 / TP has no CAR field: the storage compensation is estimated from the yearly consumption, so
  // the assiette is required there unless a CAR is sent (API clients) (ADR 0023), as it is for LI and PIC.
  if (pointDeReseau === 'PITD' && subscribed && car === undefined && number('assiette') === undefined) {
    fail('assiette', SIMULATOR_MESSAGES.assiette);
  }
  const optional = {
    assiette: number('assiette'),
    cjsInterruptible: number('cjsInterruptible'),
    cpl: number('capacite'),
    cee: number('cee'),
    distanceM: number('distanceM'),
    debitNormalise: number('debitNormalise'),
    ntr: number('ntr'),
  };
  // One failure per field, the first.
  const named = new Set<string>();
  const unique = issues.filter((issue) => !named.has(issue.field) && named.add(issue.field));
  if (unique.length > 0 || !code || !tso || !tarif || !profil) {
    return { issues: unique, value: null };
  }
  return {
    issues: [],
    value: {
      pointDeReseau,
      code,
      commune,
      tso,
      dso,
      profil,
      tarif,
      car: known(car),
      cja: known(cja),
      assiette: known(optional.assiette),
      cjsInterruptible: known(optional.cjsInterruptible),
      cpl: known(optional.cpl),
      cee: known(optional.cee),
      distanceM: known(optional.distanceM),
      debitNormalise: known(optional.debitNormalise),
      dateEffetMonth: month,
      ntr: known(optional.ntr),
    },
  };
}

/** A form check's issues as zod issues: the path is the field (`capacitesMensuelles/3` → `['capacitesMensuelles', 3]`). */
export function addFormIssues(ctx: z.RefinementCtx, issues: readonly FormIssue[]): void {
  for (const issue of issues) {
    ctx.addIssue({
      code: 'custom',
      message: issue.message,
      path: issue.field.split('/').map((part) => (/^\d+$/.test(part) ? Number(part) : part)),
    });
  }
}

/**
 * The simulator form of spec §5 as a zod schema (issue #22, ADR 0065): reports every failure at once (an issue per
 * field, path = the request's field, message = the spec's French wording, in the spec's order) and parses to
 * {@link ValidatedSimulatorForm}. The web form resolves it through react-hook-form; the server reads the first
 * failure through {@link validateSimulatorForm}.
 */
export const simulatorFormSchema = simulateBodySchema.transform((body, ctx): ValidatedSimulatorForm => {
  const check = checkSimulatorForm(body);
  if (!check.value) {
    addFormIssues(ctx, check.issues);
    return z.NEVER;
  }
  return check.value;
});

/**
 * The rules of spec §5 "Simulator" for the server (authoritative): the first failure in the spec's order (of
 * {@link checkSimulatorForm}), or the validated form.
 */
export function validateSimulatorForm(body: SimulateBody): SimulatorFormCheck {
  const check = checkSimulatorForm(body);
  const first = check.issues[0];
  if (first) {
    return {
      ok: false,
      code: first.field === 'honeypot' ? 'BOT_DETECTED' : 'VALIDATION_FAILED',
      field: first.field,
      message: first.message,
    };
  }
  if (!check.value) {
    throw new Error('checkSimulatorForm: no issue and no value');
  }
  return { ok: true, value: check.value };
}

// ---- result ----------------------------------------------------------------------------------------------

export const montantsFixesSchema = z.object({
  abonnement: z.number(),
  /** ATRD capacity and distance terms. */
  termeDistribution: z.number(),
  /** ATRT capacity terms: TCS + TCR × NTR + TCL. */
  termeTransport: z.number(),
  compensationStockage: z.number(),
  ctaTso: z.number(),
  ctaDso: z.number(),
  ctaTotal: z.number(),
  totalFixe: z.number(),
});
export type MontantsFixesDto = z.infer<typeof montantsFixesSchema>;

export const montantsParMwhSchema = z.object({
  accise: z.number(),
  /** Same value as `accise` (the accise on natural gas is the former TICGN; the UI looks for "TICGN"). */
  ticgn: z.number(),
  cee: z.number(),
  termeProportionnel: z.number(),
});

/**
 * Why an estimate is one (the engine's `EstimateBasis`, ADR 0050): observed in a secondary source, derived by the
 * formula of délib. 2024-40, or a previous value carried over. Its label: `statusLabel` of `@pilote/tariffs`.
 */
export const estimateBases = ['secondarySource', 'atrd7Formula', 'carriedOver'] as const;
/** The list above is the engine's union, exactly: a basis added there fails to compile here. */
const basesMatchTheEngine: [(typeof estimateBases)[number]] extends [EstimateBasis]
  ? [EstimateBasis] extends [(typeof estimateBases)[number]]
    ? true
    : false
  : false = true;
void basesMatchTheEngine;

export const lineSourceSchema = z
  .object({
    title: z.string(),
    url: z.string(),
    publishedOn: z.string().nullable(),
    status: z.enum(['official', 'secondary', 'estimate']),
    /** Only on an `estimate` whose kind is known; absent from results stored before ADR 0050. */
    basis: z.enum(estimateBases).optional(),
  })
  .meta({
    examples: [
      {
        title:
          "Délibération CRE n° 2026-28 du 28 janvier 2026 portant décision sur l'évolution annuelle du tarif d'utilisation des réseaux de transport de gaz naturel de NaTran et Teréga au 1er avril 2026",
        url: 'https://www.cre.fr/fileadmin/Documents/Deliberations/2026/260128_2026-28_maj_tarifaire_ATRT8_1er_avril_2026.pdf',
        publishedOn: '2026-01-28',
        status: 'official',
      },
    ],
  });
export type LineSourceDto = z.infer<typeof lineSourceSchema>;

export const simulationLineSchema = z
  .object({
    id: z.string(),
    category: z.enum([
      'abonnement',
      'termeDistribution',
      'termeTransport',
      'compensationStockage',
      'ctaTso',
      'ctaDso',
      'accise',
      'cee',
      'termeProportionnel',
    ]),
    /** `fixe`: yearly amount (monthly = annual / 12); `parMwh`: price per MWh (amounts on `assiette` when given). */
    kind: z.enum(['fixe', 'parMwh']),
    label: z.string(),
    formula: z.string(),
    inputs: z.record(z.string(), z.union([z.number(), z.string()])).meta({ examples: [{ capacite: 109, ntr: 2 }] }),
    unitPrice: z.number(),
    unit: z.string(),
    annualAmount: z.number().nullable(),
    monthlyAmount: z.number().nullable(),
    /**
     * The line's sources, in order: positions in the result's `sources`, where each source is written once per
     * result (ADR 0041). Read them with {@link sourcesOfLine}.
     */
    sourceIndices: z.array(z.number().int().nonnegative()),
    isEstimate: z.boolean(),
  })
  .meta({
    examples: [
      {
        id: 'atrt.tcr',
        category: 'termeTransport',
        kind: 'fixe',
        label: 'Terme de capacité de transport régional (TCR NaTran × NTR, ATRT8)',
        formula: '109 MWh/j × 99,12 €/MWh/j/an × 2 (NTR)',
        inputs: { capacite: 109, ntr: 2 },
        unitPrice: 99.12,
        unit: '€/MWh/j/an',
        annualAmount: 21608.16,
        monthlyAmount: 1800.68,
        sourceIndices: [0],
        isEstimate: false,
      },
    ],
  });
export type SimulationLineDto = z.infer<typeof simulationLineSchema>;

export const gridDatesSchema = z.object({
  atrd: z.string().nullable(),
  atrt: z.string(),
  stockage: z.string(),
  cta: z.string(),
  accise: z.string(),
  cee: z.string().nullable(),
});

export const simulationResultSchema = z
  .object({
    /** YYYY-MM-DD: first day of the month of effect. */
    dateEffet: z.string().meta({ examples: ['2026-07-01'] }),
    mensuel: montantsFixesSchema.meta({
      examples: [
        {
          abonnement: 1808.81,
          termeDistribution: 2616,
          termeTransport: 3490.45,
          compensationStockage: 2210.18,
          ctaTso: 173.42,
          ctaDso: 920.36,
          ctaTotal: 1093.78,
          totalFixe: 11219.22,
        },
      ],
    }),
    annuel: montantsFixesSchema.meta({
      examples: [
        {
          abonnement: 21705.72,
          termeDistribution: 31392,
          termeTransport: 41885.43,
          compensationStockage: 26522.16,
          ctaTso: 2081,
          ctaDso: 11044.33,
          ctaTotal: 13125.33,
          totalFixe: 134630.64,
        },
      ],
    }),
    parMwh: montantsParMwhSchema.meta({
      examples: [{ accise: 16.39, ticgn: 16.39, cee: 6.1, termeProportionnel: 1.18 }],
    }),
    lignes: z.array(simulationLineSchema),
    /** Every source the lines cite, once, in order of first use; a line points to its own by `sourceIndices`. */
    sources: z.array(lineSourceSchema),
    warnings: z.array(z.string()),
    gridDates: gridDatesSchema.meta({
      examples: [
        {
          atrd: '2026-07-01',
          atrt: '2026-04-01',
          stockage: '2026-04-01',
          cta: '2026-07-01',
          accise: '2026-02-01',
          cee: '2026-01-01',
        },
      ],
    }),
    usedSampleData: z.boolean(),
    hasEstimates: z.boolean(),
    /**
     * Grids read past their last sourced value (estimates that say so), with the start date of that last value.
     * Absent from simulations stored before it existed.
     */
    estimatedGrids: z.array(z.object({ grid: z.string(), lastSourcedOn: z.string() })).optional(),
    /** Reference data used for the point. */
    referentiel: z.object({
      ntr: z
        .number()
        .int()
        .meta({ examples: [2] }),
      stationMeteo: z
        .string()
        .nullable()
        .meta({ examples: ['PARIS-MONTSOURIS'] }),
      zi: z.number().nullable(),
      libelle: z
        .string()
        .nullable()
        .meta({ examples: ['Paris (NaTran, NTR 2)'] }),
      communeInsee: z
        .string()
        .nullable()
        .meta({ examples: ['75056'] }),
      pitdDataset: referenceDatasetInfoSchema.nullable(),
      ziDataset: referenceDatasetInfoSchema.nullable(),
      /** LI / PIC: the point table used (absent for PITD and for simulations stored before LI/PIC). */
      pointDataset: referenceDatasetInfoSchema.nullable().optional(),
    }),
  })
  .refine(
    (result) => result.lignes.every((line) => line.sourceIndices.every((index) => index < result.sources.length)),
    {
      message: 'Une ligne cite une source absente de la liste des sources.',
      path: ['lignes'],
    },
  );
export type SimulationResultDto = z.infer<typeof simulationResultSchema>;

/** A line's sources, resolved from the result's shared list (ADR 0041). */
export function sourcesOfLine(
  result: { readonly sources: readonly LineSourceDto[] },
  line: { readonly sourceIndices: readonly number[] },
): LineSourceDto[] {
  return line.sourceIndices.flatMap((index) => {
    const source = result.sources[index];
    return source ? [source] : [];
  });
}

/** Builds a result's shared source list while its lines are mapped (ADR 0041). */
export interface SourceList {
  /** Positions of these sources in {@link SourceList.sources}, each source added at its first use. */
  indicesOf(sources: readonly LineSourceDto[]): number[];
  /** Every source seen, once, in order of first use. */
  readonly sources: LineSourceDto[];
}

/**
 * A {@link SourceList}: two sources are the same when title, URL, publication date, status and estimate basis all
 * are. A result cites ~35 sources of which ~10 differ; the domain often hands the same object again, so an identity
 * map answers first and only a new object is compared field by field with the (few) sources kept. No key string is
 * built: the titles are long legal references, and building or hashing one per citation cost more than the bytes it
 * saved.
 */
export function sourceList(): SourceList {
  const sources: LineSourceDto[] = [];
  const seen = new Map<LineSourceDto, number>();
  function indexOf(source: LineSourceDto): number {
    let index = seen.get(source);
    if (index === undefined) {
      const publishedOn = source.publishedOn ?? null;
      index = sources.findIndex(
        (kept) =>
          kept.url === source.url &&
          kept.title === source.title &&
          kept.status === source.status &&
          kept.basis === source.basis &&
          kept.publishedOn === publishedOn,
      );
      if (index === -1) {
        index = sources.length;
        sources.push({
          title: source.title,
          url: source.url,
          publishedOn,
          status: source.status,
          ...(source.basis ? { basis: source.basis } : {}),
        });
      }
      seen.set(source, index);
    }
    return index;
  }
  return {
    indicesOf: (own) => own.map(indexOf),
    sources,
  };
}

const PDF_URL_EXAMPLE =
  '/api/simulator/simulations/6f1c2a4e-8b3d-4e5f-9a7b-2c1d0e3f4a5b/pdf?exp=1795647000&sig=Qm9uam91ciBsZSBtb25kZSAhIFNpZ25hdHVyZQ';

export const simulateResponseSchema = z.object({
  simulationId: z.string().meta({ examples: ['6f1c2a4e-8b3d-4e5f-9a7b-2c1d0e3f4a5b'] }),
  resultat: simulationResultSchema,
  /** Relative signed link to the PDF report (same origin), valid until `pdfUrlExpiresAt`. */
  pdfUrl: z.string().meta({ examples: [PDF_URL_EXAMPLE] }),
  pdfUrlExpiresAt: z.iso.datetime(),
});
export type SimulateResponse = z.infer<typeof simulateResponseSchema>;

export const simulationIdParamsSchema = z.object({ id: z.string().min(1).max(100) });

export const simulationPdfQuerySchema = z.object({
  exp: z.string().max(20).optional(),
  sig: z.string().max(200).optional(),
});

export const simulationPdfLinkResponseSchema = z.object({
  pdfUrl: z.string().meta({ examples: [PDF_URL_EXAMPLE] }),
  pdfUrlExpiresAt: z.iso.datetime(),
});
export type SimulationPdfLinkResponse = z.infer<typeof simulationPdfLinkResponseSchema>;

const frenchLongDate = new Intl.DateTimeFormat('fr-FR', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

/** "2025-07-01" → "1er juillet 2025". */
function frenchDay(isoDate: string): string {
  const text = frenchLongDate.format(new Date(`${isoDate.slice(0, 10)}T00:00:00Z`));
  return text.replace(/^1 /, '1er ');
}

/**
 * The banner of a result that reads grids past their last sourced value (results page and PDF), or null when it
 * reads none.
 */
export function estimatedGridsNotice(
  grids: readonly { grid: string; lastSourcedOn: string }[] | undefined,
): string | null {
  if (!grids || grids.length === 0) {
    return null;
  }
  const list = grids
    .map((item) => `${item.grid} (dernière valeur publiée dans nos sources : ${frenchDay(item.lastSourcedOn)})`)
    .join(' ; ');
  return `Grille estimée : ${list}. La grille en vigueur à cette date n'est pas encore publiée dans nos sources : les lignes marquées « Estimation » en sont une estimation, à confirmer à sa publication.`;
}
