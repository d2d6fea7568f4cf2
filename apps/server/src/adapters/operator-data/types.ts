/**
 * The operator-data adapter (issue #26 §1, ADR 0063): what a gas network operator tells an authorised third party
 * about a PCE once its holder consented — the data-access right (« droit d'accès ») and its state, the published and
 * informative daily consumption, the contractual and the technical data. Two kinds: `adict` (GRDF's ADICT API,
 * docs/adict-contract.md) and `demo` (deterministic demonstration data for any PCE). Every result says whether it is
 * demonstration data (`demo`), which the screens show as « Données de démonstration ».
 *
 * Dates are calendar days `YYYY-MM-DD` (gas days for consumption); energies are kWh.
 */

export type OperatorDataKind = 'adict' | 'demo';

/** What the customer authorised (spec §3's categories; the load curve is electricity only). */
export interface OperatorDataCategories {
  /** Published consumption (« données publiées »), the data used for the optimiser and the invoices. */
  publishedConsumption: boolean;
  /** Informative consumption (« données informatives »: daily readings of smart meters, not billed). */
  informativeConsumption: boolean;
  contractual: boolean;
  technical: boolean;
}

/** A consent's proof sent with the declaration: the signed mandate PDF, or the simple mandate's record. */
export interface AccessProof {
  filename: string;
  contentType: 'application/pdf' | 'text/plain' | 'image/png' | 'image/jpeg';
  content: Uint8Array;
}

export interface AccessRightDeclaration {
  pce: string;
  /** Postal code of the PCE's address (GRDF checks it against the PCE). */
  postalCode: string;
  /** The holder: a company name (« raison sociale ») or a person's name, exactly one of them. */
  holder: { companyName: string | null; name: string | null; email: string; mobilePhone: string | null };
  /** The consent's period (the mandate's signature to its expiry). */
  consent: { start: string; end: string };
  /** The consumption the customer lets us read (past days included: up to 3 years before the consent). */
  consumptionPeriod: { start: string; end: string };
  categories: OperatorDataCategories;
  /** Our reference of the consent (the mandate's id), kept in our records; ADICT has no field for it. */
  reference: string;
  proof: AccessProof | null;
}

/**
 * The state of a data-access right, normalised from ADICT's `etat_droit_acces`:
 * « A valider » → `pending`, « Active » → `active`, « Refusée » → `refused`, « Révoquée » → `revoked`,
 * « Obsolète » → `obsolete`, « A revérifier » → `to_recheck`.
 */
export const accessRightStates = ['pending', 'active', 'refused', 'revoked', 'obsolete', 'to_recheck'] as const;
export type AccessRightState = (typeof accessRightStates)[number];

/**
 * The proof check, from `statut_controle_preuve`: « Preuve en attente » → `awaiting`, « Preuve en cours de
 * vérification » → `checking`, « Preuve Vérifiée OK » → `valid`, « Preuve Vérifiée KO » → `invalid`; null when GRDF
 * asks for no proof.
 */
export type ProofStatus = 'awaiting' | 'checking' | 'valid' | 'invalid';

export interface AccessRight {
  /** The operator's id of the right (`id_droit_acces`), kept with the mandate. */
  id: string;
  pce: string;
  state: AccessRightState;
  proofStatus: ProofStatus | null;
  /**
   * Why the right is refused, revoked or obsolete, or why its proof failed, in French for the mandate card and staff
   * (GRDF's own words kept inside the sentence); null otherwise.
   */
  reason: string | null;
  /** The operator's words as received (`source_passage_a_refuse`…), for staff; null when none. */
  operatorReason: string | null;
  consent: { start: string | null; end: string | null };
  categories: OperatorDataCategories;
  /** Whether the right can be read now: active, and not waiting for or failing a proof check. */
  readable: boolean;
  demo: boolean;
}

/** Quality of a published day: as measured, estimated by the operator, or a correction of a day published before. */
export const dailyConsumptionQualities = ['published', 'estimated', 'corrected'] as const;
export type DailyConsumptionQuality = (typeof dailyConsumptionQualities)[number];

export interface DailyConsumption {
  /** The gas day (`journee_gaziere`, else the first day of the consumption period). */
  date: string;
  /** Last day of the period the value covers (the same day for daily meters; a month for monthly ones). */
  endDate: string;
  kwh: number;
  /** Corrected volume (m³), when given. */
  volumeM3: number | null;
  quality: DailyConsumptionQuality;
  /** The operator's qualification as received (`statut_conso` / `type_qualif_conso`), for staff. */
  operatorQuality: string | null;
}

/** One window of a consumption read (the adapter reads long ranges window by window). */
export interface ConsumptionPage {
  pce: string;
  kind: 'published' | 'informative';
  from: string;
  to: string;
  days: DailyConsumption[];
  demo: boolean;
}

export interface ContractualData {
  pce: string;
  /** Consommation annuelle de référence, kWh per year. */
  carKwh: number | null;
  /** Capacité journalière annualisée, kWh per day (0 or null outside T4 / TP). */
  cjaKwhPerDay: number | null;
  /** Distribution tariff option (`T1`…`T4`, `TP`). */
  option: string | null;
  /** Consumption profile (`P011`…`P019`). */
  profil: string | null;
  /** Date the PCE was put in service. */
  commissioningDate: string | null;
  demo: boolean;
}

export interface TechnicalData {
  pce: string;
  /** PITD of the PCE (`identifiant_pitd`, `libelle_pitd`). */
  pitd: { code: string; label: string | null } | null;
  /** Reading frequency (`1M`, `6M`, `JJ`, `MM`). */
  readingFrequency: string | null;
  address: {
    street: string | null;
    complement: string | null;
    postalCode: string | null;
    city: string | null;
  };
  demo: boolean;
}

export interface ReadOptions {
  signal?: AbortSignal;
}

export interface ConsumptionRange extends ReadOptions {
  /** First day, inclusive. */
  from: string;
  /** Last day, inclusive. */
  to: string;
}

/** The adapter every data job goes through; both kinds answer the same shapes. */
export interface OperatorDataAdapter {
  readonly kind: OperatorDataKind;
  /** Declares the right (and sends its proof when given); the new right is usually `pending`. */
  declareAccess(declaration: AccessRightDeclaration, options?: ReadOptions): Promise<AccessRight>;
  /** The right as the operator holds it now; OperatorDataError `not_found` when it does not know it. */
  getAccessRight(id: string, pce: string, options?: ReadOptions): Promise<AccessRight>;
  /** Ends the right (revocation or expiry of the mandate); a right already ended is not an error. */
  endAccess(id: string, options?: ReadOptions): Promise<void>;
  /** Published daily consumption from `from` to `to`, one page per window, in date order. */
  readPublishedConsumption(pce: string, range: ConsumptionRange): AsyncIterable<ConsumptionPage>;
  /** Informative daily consumption, same pages. */
  readInformativeConsumption(pce: string, range: ConsumptionRange): AsyncIterable<ConsumptionPage>;
  readContractualData(pce: string, options?: ReadOptions): Promise<ContractualData>;
  readTechnicalData(pce: string, options?: ReadOptions): Promise<TechnicalData>;
}

/**
 * Why a call failed. `retryable` says whether a later attempt (the job's next run) may succeed: the adapter has
 * already retried what it retries itself (429, 5xx, network errors).
 */
export type OperatorDataErrorKind =
  /** Our request was refused as malformed (400): a bug on our side or a field GRDF rejects. */
  | 'invalid'
  /** The credentials or the token are refused even after a new token (401/403). */
  | 'unauthorised'
  /** Unknown PCE or access right (404). */
  | 'not_found'
  /** The declaration conflicts with GRDF's records (409): existing right, postal code, ended contract… */
  | 'conflict'
  /** No right to read this PCE's data (revoked, expired, refused proof, category not granted…). */
  | 'access'
  /** Too many requests, still after the retries. */
  | 'rate_limited'
  /** GRDF answered 5xx or could not be reached, still after the retries. */
  | 'unavailable'
  /** No answer within the timeout. */
  | 'timeout'
  /** An answer we cannot read. */
  | 'protocol';

export class OperatorDataError extends Error {
  readonly kind: OperatorDataErrorKind;
  /** HTTP status of the last answer, when there was one. */
  readonly status: number | null;
  /** The operator's own code and message (`code_statut_traitement`, `message_retour_traitement`…). */
  readonly operatorCode: string | null;
  readonly operatorMessage: string | null;
  readonly retryable: boolean;
  /** Seconds the operator asked us to wait (429 `Retry-After`), when it did. */
  readonly retryAfterSeconds: number | null;

  constructor(
    kind: OperatorDataErrorKind,
    message: string,
    details: {
      status?: number | null;
      operatorCode?: string | null;
      operatorMessage?: string | null;
      retryAfterSeconds?: number | null;
      cause?: unknown;
    } = {},
  ) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.name = 'OperatorDataError';
    this.kind = kind;
    this.status = details.status ?? null;
    this.operatorCode = details.operatorCode ?? null;
    this.operatorMessage = details.operatorMessage ?? null;
    this.retryAfterSeconds = details.retryAfterSeconds ?? null;
    this.retryable = kind === 'rate_limited' || kind === 'unavailable' || kind === 'timeout';
  }
}

/** The label every screen shows next to data that came from the demonstration source. */
export const DEMO_DATA_LABEL = 'Données de démonstration';
