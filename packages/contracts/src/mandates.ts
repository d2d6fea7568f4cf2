import { z } from 'zod';
import { pageOf, pageQuerySchema } from './pagination.ts';

/**
 * Data-access mandates (issue #13; spec §1, §2.7, §3, §4, §5, §7, §8, §9; ADR 0031, docs/api.md § Mandates).
 *
 * Customer routes (signed in, each mandate is its owner's: another user's id answers 404):
 * - `GET    /api/mandates/?page=&pageSize=&is_active=`   → `{ items, total, page, pageSize, counts }`
 * - `POST   /api/mandates/`                              → 201 `{ mandate }` (simple mandate, 12 months)
 * - `POST   /api/mandates/create-signed/`                → 201 `{ mandate }` (wizard: `{ mandate, signature }`)
 * - `GET    /api/mandates/:id/`                          → `{ mandate }`
 * - `PUT    /api/mandates/:id/` / `PATCH /api/mandates/:id/` → `{ mandate }` (pending simple mandates only)
 * - `DELETE /api/mandates/:id/?confirmation=`            → `{ id, deleted, mandate }` (pending simple: deleted;
 *                                                           otherwise a revocation, same confirmation as revoke)
 * - `POST   /api/mandates/:id/send/`       `{}`          → `{ mandate }` (pending → sent, mails the manager)
 * - `POST   /api/mandates/:id/revoke/`     `{ confirmation }` → `{ mandate }` (pending | sent | active → revoked)
 * - `GET    /api/mandates/:id/download/`                 → `{ view_url, download_url, filename }` (signed links)
 * - `GET    /api/mandates/:id/verify/`                   → `{ valid, … }` (is the stored PDF still the sealed one)
 * - `GET    /api/address/search?q=`                      → `{ results, source }` (BAN, or communes fallback)
 *
 * Staff routes (role staff or admin, ADR 0009 / 0031):
 * - `GET    /api/admin/mandates/?status=&manager=&energy_type=&page=&pageSize=` → page + `counts` per status
 * - `GET    /api/admin/mandates/:id/download/`           → `{ view_url, download_url, filename }`
 * - `GET    /api/admin/mandates/:id/verify/`             → same answer as the owner's verify
 * - `POST   /api/admin/mandates/:id/activate/` `{}`      → `{ mandate }` (sent → active, mails the customer)
 * - `POST   /api/admin/mandates/:id/reject/`   `{ reason }` → `{ mandate }` (sent → rejected, mails the customer)
 *
 * Keys are snake_case because the spec names them so (§3). Request bodies are read leniently (strings, nulls) and
 * checked by `validateSimpleMandate` / `validateSignedMandate` below, on the server and in the browser, so every
 * answer carries the spec's exact French message: `{ error, code: 'VALIDATION_FAILED', details: [{ path, message }] }`.
 */

// ─── Enumerations ─────────────────────────────────────────────────────────────────────────────────────────

export const mandateEnergyTypes = ['electricity', 'gas'] as const;
export const mandateEnergyTypeSchema = z.enum(mandateEnergyTypes);
export type MandateEnergyType = z.infer<typeof mandateEnergyTypeSchema>;

export const mandateEnergyTypeLabels: Record<MandateEnergyType, string> = {
  electricity: 'Électricité',
  gas: 'Gaz',
};

export const electricityManagers = ['enedis', 'rte', 'strasbourg_elec', 'es_savoie', 'other'] as const;
export const gasManagers = ['grdf', 'natran', 'terega', 'regaz', 'other'] as const;
export const mandateManagers = [
  'enedis',
  'rte',
  'strasbourg_elec',
  'es_savoie',
  'grdf',
  'natran',
  'terega',
  'regaz',
  'other',
] as const;
export const mandateManagerSchema = z.enum(mandateManagers);
export type MandateManager = z.infer<typeof mandateManagerSchema>;

export const managersByEnergy: Record<MandateEnergyType, readonly MandateManager[]> = {
  electricity: electricityManagers,
  gas: gasManagers,
};

/** `manager_display` of a known manager; `other` displays the `manager_name` the customer typed. */
export const mandateManagerLabels: Record<MandateManager, string> = {
  enedis: 'Enedis',
  rte: 'RTE',
  strasbourg_elec: 'Strasbourg Électricité Réseaux',
  es_savoie: 'Énergie et Services de Savoie',
  grdf: 'GRDF',
  natran: 'NaTran',
  terega: 'Teréga',
  regaz: 'Régaz-Bordeaux',
  other: 'Autre gestionnaire',
};

/** Spec §4. */
export const mandateStatuses = ['pending', 'sent', 'active', 'expired', 'revoked', 'rejected'] as const;
export const mandateStatusSchema = z.enum(mandateStatuses);
export type MandateStatus = z.infer<typeof mandateStatusSchema>;

export const mandateStatusLabels: Record<MandateStatus, string> = {
  pending: 'En attente',
  sent: 'Envoyé',
  active: 'Actif',
  expired: 'Expiré',
  revoked: 'Révoqué',
  rejected: 'Rejeté',
};

/** `is_active` is true for these statuses (the active list); the others go to the history (spec §2.7). */
export const activeMandateStatuses = ['pending', 'sent', 'active'] as const satisfies readonly MandateStatus[];

export function isActiveMandateStatus(status: MandateStatus): boolean {
  return (activeMandateStatuses as readonly string[]).includes(status);
}

/**
 * The status machine (spec §4, issue #13), enforced by the server's service:
 * pending → sent (send); sent → active | rejected (staff); pending | sent | active → revoked; active → expired (job).
 */
export const mandateTransitions: Record<MandateStatus, readonly MandateStatus[]> = {
  pending: ['sent', 'revoked'],
  sent: ['active', 'rejected', 'revoked'],
  active: ['revoked', 'expired'],
  expired: [],
  revoked: [],
  rejected: [],
};

export function canTransitionMandate(from: MandateStatus, to: MandateStatus): boolean {
  return mandateTransitions[from].includes(to);
}

/** `simple` = « Formulaire classique » (consent by click, 12 months); `signed` = the wizard with a drawn signature. */
export const mandateKinds = ['simple', 'signed'] as const;
export const mandateKindSchema = z.enum(mandateKinds);
export type MandateKind = z.infer<typeof mandateKindSchema>;

// ─── Constants (spec §9) ──────────────────────────────────────────────────────────────────────────────────

export const MANDATE_LIMITS = {
  /** PDL (electricity) and PCE (gas): exactly 14 digits. */
  deliveryPointDigits: 14,
  postalCodeLength: 5,
  addressMaxLength: 200,
  cityMaxLength: 100,
  managerNameMaxLength: 100,
  /** The simple form says 'Durée : 12 mois'. */
  simpleDurationMonths: 12,
  durationMinMonths: 6,
  durationMaxMonths: 36,
  durationStepMonths: 6,
  durationDefaultMonths: 24,
  /** Personal data of a revoked mandate is deleted within 30 days; a minimal proof record is kept 5 years. */
  deletionDays: 30,
  recordRetentionYears: 5,
  /** Network operators process a mandate in 5 to 15 working days. */
  processingMinWorkingDays: 5,
  processingMaxWorkingDays: 15,
  /** Days before expiry on which the customer gets a reminder mail (once each). */
  expiryReminderDays: [30, 7],
  /** Signature canvas: 200 px high, up to 800 px wide; the PNG is refused beyond. */
  signatureMaxWidth: 800,
  signatureMaxHeight: 200,
  /** Decoded PNG bytes. */
  signatureMaxBytes: 200_000,
  /** Characters of the data URL (base64 of signatureMaxBytes plus the prefix). */
  signatureMaxChars: 270_000,
  rejectionReasonMaxLength: 500,
} as const;

export const MANDATE_DURATION_CHOICES = [6, 12, 18, 24, 30, 36] as const;

/** Clamp a typed duration to 6–36 (the number input of the wizard). */
export function clampMandateDuration(value: number): number {
  if (!Number.isFinite(value)) {
    return MANDATE_LIMITS.durationDefaultMonths;
  }
  return Math.min(MANDATE_LIMITS.durationMaxMonths, Math.max(MANDATE_LIMITS.durationMinMonths, Math.round(value)));
}

export const ADDRESS_SEARCH = { minChars: 3, limit: 5, debounceMs: 300 } as const;

// ─── Texts (spec §2.7, §5, §8) ────────────────────────────────────────────────────────────────────────────

type DeliveryPointLabel = 'PDL' | 'PCE';

/** 'PDL' for electricity, 'PCE' for gas. */
export function deliveryPointLabel(energyType: MandateEnergyType): DeliveryPointLabel {
  return energyType === 'electricity' ? 'PDL' : 'PCE';
}

export const MANDATE_MESSAGES = {
  // Simple mandate (§5)
  pdlRequiredElectricity: "Le numéro PDL est obligatoire pour l'électricité",
  pceRequiredGas: 'Le numéro PCE est obligatoire pour le gaz',
  pdlFormat: 'Le PDL doit contenir exactement 14 chiffres',
  pceFormat: 'Le PCE doit contenir exactement 14 chiffres',
  simpleDuration: 'Durée : 12 mois',
  // Wizard (§5)
  energyAndManager: "Veuillez sélectionner le type d'énergie et le gestionnaire",
  managerName: 'Veuillez préciser le nom du gestionnaire',
  address: "Veuillez renseigner l'adresse complète du point de livraison",
  pdlRequired: 'Le numéro PDL est obligatoire',
  pceRequired: 'Le numéro PCE est obligatoire',
  dataTypes: 'Veuillez autoriser au moins un type de données',
  // Ours (the spec leaves them open; ADR 0031)
  managerMismatch: "Ce gestionnaire ne correspond pas au type d'énergie choisi.",
  postalCode: 'Le code postal doit contenir exactement 5 chiffres.',
  addressTooLong: "L'adresse ne doit pas dépasser 200 caractères.",
  cityTooLong: 'La commune ne doit pas dépasser 100 caractères.',
  managerNameTooLong: 'Le nom du gestionnaire ne doit pas dépasser 100 caractères.',
  wrongDeliveryPointForGas: 'Un mandat gaz porte un PCE, pas un PDL.',
  wrongDeliveryPointForElectricity: 'Un mandat électricité porte un PDL, pas un PCE.',
  loadCurveElectricityOnly: "La courbe de charge ne concerne que l'électricité.",
  duration: 'La durée doit être comprise entre 6 et 36 mois, par pas de 6 mois.',
  signatureRequired: 'Veuillez signer le mandat.',
  signatureFormat: 'La signature doit être une image PNG.',
  signatureSize: 'La signature dépasse la taille autorisée (800 × 200 pixels).',
  signatureBytes: 'La signature est trop volumineuse.',
  // Revocation (§5)
  revokeConfirmation: (number: string) => `Veuillez saisir exactement : ${number}`,
  // State machine and ownership (ours)
  notFound: 'Mandat introuvable.',
  notEditable: 'Seul un mandat en attente peut être modifié.',
  signedNotEditable: 'Un mandat signé ne peut pas être modifié : révoquez-le et créez-en un nouveau.',
  notSendable: 'Seul un mandat en attente peut être envoyé au gestionnaire.',
  noManagerAddress:
    "Aucune adresse d'envoi n'est configurée pour ce gestionnaire : le mandat ne peut pas être envoyé automatiquement.",
  notRevocable: 'Ce mandat ne peut plus être révoqué.',
  notDecidable: 'Seul un mandat envoyé peut être activé ou rejeté.',
  rejectionReason: 'Veuillez indiquer le motif du rejet.',
  rejectionReasonTooLong: 'Le motif du rejet ne doit pas dépasser 500 caractères.',
  noPdf: "Ce mandat n'a pas de document PDF.",
  personalDataPurged: 'Les données personnelles de ce mandat ont été supprimées.',
  isActiveFilter: 'Le filtre is_active vaut true ou false.',
  // Address search (ours)
  addressQueryTooShort: 'Saisissez au moins 3 caractères.',
  addressQueryTooLong: 'La recherche ne doit pas dépasser 200 caractères.',
  // Toasts and banners of the screen (§2.7, §8)
  loadFailed: 'Impossible de charger les mandats',
  sendFailed: "Erreur lors de l'envoi",
  revokeFailed: 'Erreur lors de la révocation',
  pdfFailed: 'Erreur lors de la récupération du PDF',
  downloadFailed: 'Erreur lors du téléchargement',
  createFailed: 'Erreur lors de la création du mandat',
  createSignedFailed: 'Erreur lors de la création du mandat signé',
  created: 'Mandat créé avec succès !',
  createdSigned: 'Mandat créé et signé avec succès !',
  sent: 'Mandat envoyé avec succès au gestionnaire !',
  revoked: 'Mandat révoqué',
  revokedDeletion: 'Mandat révoqué. Vos données seront supprimées sous 30 jours.',
  downloaded: 'Mandat téléchargé avec succès',
  /** Fallback of a non-OK answer without an `error` field (§7). */
  httpStatus: (status: number) => `HTTP ${status}`,
} as const;

/** Fixed labels of the screen (§2.7, §4). */
export const MANDATE_LABELS = {
  title: 'Mes Mandats',
  listTitle: 'Mandats',
  empty: "Vous n'avez pas encore de mandat actif ?",
  createFirst: 'Créer mon premier mandat',
  addNew: 'Ajouter un nouveau mandat',
  history: 'Historique',
  simpleForm: 'Formulaire classique',
  signedForm: 'Signature électronique certifiée',
  wizardSteps: ['Type', 'Adresse', 'PDL/PCE', 'Données', 'Signature'],
  next: 'Suivant',
  previous: 'Précédent',
} as const;

/**
 * What the wizard called « Signature électronique certifiée » (the spec's label, kept) really is, in the words of
 * ADR 0031: a simple electronic signature under eIDAS, neither advanced nor qualified, with the evidence the server
 * records (modules/mandates/mandate-pdf.ts) and the platform's seal. Shown under the creation toggle and, in
 * substance, in the FAQs (`MANDATE_FAQ` here, the public /faq in @pilote/content).
 */
export const MANDATE_SIGNATURE_HELP = {
  hint: 'Signature électronique simple (eIDAS) tracée à l’écran, PDF scellé, 6 à 36 mois.',
  level:
    'Malgré son nom, ce parcours produit une signature électronique simple au sens du règlement eIDAS : ni avancée, ni qualifiée.',
  evidence:
    'Le dossier de preuve inclus dans le PDF établit qui a signé (votre compte : nom, e-mail, identifiant), quand (date et heure), depuis quelle connexion (adresse IP, navigateur) et quoi (version du texte de consentement, empreinte SHA-256 du texte du mandat et de votre signature tracée). Le cachet électronique de la plateforme, apposé sur le PDF, rend toute modification ultérieure détectable.',
} as const;

/** Categories of data a mandate grants, each recorded separately (the load curve apart, electricity only). */
export const mandateDataCategories = [
  'authorized_consumption_data',
  'authorized_technical_data',
  'authorized_contractual_data',
  'authorized_load_curve',
] as const;
export type MandateDataCategory = (typeof mandateDataCategories)[number];

export const mandateDataCategoryLabels: Record<MandateDataCategory, string> = {
  authorized_consumption_data: 'Données de consommation (index et consommations journalières ou mensuelles)',
  authorized_technical_data: 'Données techniques du point de livraison (caractéristiques, compteur, raccordement)',
  authorized_contractual_data: 'Données contractuelles (tarif d’acheminement, capacités souscrites, fournisseur)',
  authorized_load_curve: 'Courbe de charge (puissances au pas de 10 ou 30 minutes)',
};

// ─── Requests ─────────────────────────────────────────────────────────────────────────────────────────────

const lenientText = (max: number) =>
  z
    .string()
    .max(max * 4)
    .nullish();
const lenientFlag = z.boolean().nullish();

/**
 * `POST /api/mandates/` — spec §3 simple payload: energy_type, manager, pdl or pce, address, postal code, city, the
 * three authorized_* booleans (default true). `manager_name` when the manager is `other`. Read leniently; the
 * rules and their messages are in `validateSimpleMandate`.
 */
export const simpleMandateBodySchema = z.object({
  energy_type: z.string().max(40).nullish(),
  manager: z.string().max(40).nullish(),
  manager_name: lenientText(MANDATE_LIMITS.managerNameMaxLength),
  pdl: z.string().max(60).nullish(),
  pce: z.string().max(60).nullish(),
  delivery_point_address: lenientText(MANDATE_LIMITS.addressMaxLength),
  delivery_point_postal_code: z.string().max(40).nullish(),
  delivery_point_city: lenientText(MANDATE_LIMITS.cityMaxLength),
  authorized_consumption_data: lenientFlag,
  authorized_technical_data: lenientFlag,
  authorized_contractual_data: lenientFlag,
});
export type SimpleMandateBody = z.infer<typeof simpleMandateBodySchema>;

/** `PUT /api/mandates/:id/` replaces the simple fields; `PATCH` sends only those that change. */
export const updateMandateBodySchema = simpleMandateBodySchema;
export const patchMandateBodySchema = simpleMandateBodySchema.partial();
export type PatchMandateBody = z.infer<typeof patchMandateBodySchema>;

/** The wizard's `mandate` object (spec §3 signed payload). */
export const signedMandateFieldsSchema = simpleMandateBodySchema.extend({
  authorized_load_curve: lenientFlag,
  duration_months: z.number().nullish(),
});
export type SignedMandateFields = z.infer<typeof signedMandateFieldsSchema>;

/** `POST /api/mandates/create-signed/` — `signature` is a PNG data URL (`data:image/png;base64,…`). */
export const signedMandateBodySchema = z.object({
  mandate: signedMandateFieldsSchema,
  signature: z.string().max(MANDATE_LIMITS.signatureMaxChars, { error: MANDATE_MESSAGES.signatureBytes }).nullish(),
});
export type SignedMandateBody = z.infer<typeof signedMandateBodySchema>;

/** `POST /api/mandates/:id/revoke/` — the delivery point number typed by the user (spaces ignored). */
export const revokeMandateBodySchema = z.object({ confirmation: z.string().max(60).nullish() });
export type RevokeMandateBody = z.infer<typeof revokeMandateBodySchema>;

/** `DELETE /api/mandates/:id/?confirmation=` (needed when the delete is a revocation). */
export const deleteMandateQuerySchema = z.object({ confirmation: z.string().max(60).optional() });

export const mandateIdParamsSchema = z.object({ id: z.string().min(1).max(100) });

export const mandateListQuerySchema = pageQuerySchema.extend({
  /** `true`: pending, sent, active; `false`: revoked, expired, rejected; absent: both. */
  is_active: z
    .enum(['true', 'false'], { error: MANDATE_MESSAGES.isActiveFilter })
    .transform((value) => value === 'true')
    .optional(),
});
export type MandateListQuery = z.infer<typeof mandateListQuerySchema>;
export type MandateListQueryInput = z.input<typeof mandateListQuerySchema>;

export const emptyBodySchema = z.object({}).strict().nullish();

// ─── Validation (shared by the server and the browser) ────────────────────────────────────────────────────

export interface MandateFieldIssue {
  /** The body field (`/pdl`, `/delivery_point_postal_code`, `/signature` …), as in `details[].path`. */
  path: string;
  message: string;
}

/** The normalised fields of a valid mandate request. */
export interface ValidMandateFields {
  energy_type: MandateEnergyType;
  manager: MandateManager;
  manager_name: string | null;
  delivery_point_number: string;
  delivery_point_address: string;
  delivery_point_postal_code: string;
  delivery_point_city: string;
  authorized_consumption_data: boolean;
  authorized_technical_data: boolean;
  authorized_contractual_data: boolean;
  authorized_load_curve: boolean;
  duration_months: number;
}

export type MandateValidation = { ok: true; value: ValidMandateFields } | { ok: false; issue: MandateFieldIssue };

const text = (value: string | null | undefined): string => (value ?? '').trim();
/** Spaces (also non-breaking) removed: users paste "0123 4567 8901 23". */
export function normaliseDeliveryPointNumber(value: string | null | undefined): string {
  return (value ?? '').replace(/[\s\u00a0\u202f]/g, '');
}

function fail(path: string, message: string): MandateValidation {
  return { ok: false, issue: { path, message } };
}

type Step = 1 | 2 | 3 | 4;

/**
 * The rules in the wizard's order (step 1 type and manager, step 2 address, step 3 PDL/PCE, step 4 data types and
 * duration); `upTo` stops after a step (the browser validates the current step on « Suivant »). `kind` chooses the
 * simple form's messages (§5 « Simple mandate ») or the wizard's.
 */
function validateFields(input: SignedMandateFields, kind: MandateKind, upTo: Step = 4): MandateValidation {
  const energy = mandateEnergyTypeSchema.safeParse(input.energy_type);
  const manager = mandateManagerSchema.safeParse(input.manager);
  if (!energy.success || !manager.success) {
    return fail(energy.success ? '/manager' : '/energy_type', MANDATE_MESSAGES.energyAndManager);
  }
  const energyType = energy.data;
  if (!managersByEnergy[energyType].includes(manager.data)) {
    return fail('/manager', MANDATE_MESSAGES.managerMismatch);
  }
  const managerName = text(input.manager_name);
  if (manager.data === 'other') {
    if (managerName === '') {
      return fail('/manager_name', MANDATE_MESSAGES.managerName);
    }
    if (managerName.length > MANDATE_LIMITS.managerNameMaxLength) {
      return fail('/manager_name', MANDATE_MESSAGES.managerNameTooLong);
    }
  }
  if (upTo === 1) {
    return okPartial(input, energyType, manager.data, managerName);
  }

  const address = text(input.delivery_point_address);
  const postalCode = text(input.delivery_point_postal_code);
  const city = text(input.delivery_point_city);
  if (address === '' || postalCode === '' || city === '') {
    const path =
      address === ''
        ? '/delivery_point_address'
        : postalCode === ''
          ? '/delivery_point_postal_code'
          : '/delivery_point_city';
    return fail(path, MANDATE_MESSAGES.address);
  }
  if (!/^\d{5}$/.test(postalCode)) {
    return fail('/delivery_point_postal_code', MANDATE_MESSAGES.postalCode);
  }
  if (address.length > MANDATE_LIMITS.addressMaxLength) {
    return fail('/delivery_point_address', MANDATE_MESSAGES.addressTooLong);
  }
  if (city.length > MANDATE_LIMITS.cityMaxLength) {
    return fail('/delivery_point_city', MANDATE_MESSAGES.cityTooLong);
  }
  if (upTo === 2) {
    return okPartial(input, energyType, manager.data, managerName);
  }

  const field = energyType === 'electricity' ? 'pdl' : 'pce';
  const other = energyType === 'electricity' ? 'pce' : 'pdl';
  if (normaliseDeliveryPointNumber(input[other]) !== '') {
    return fail(
      `/${other}`,
      energyType === 'gas'
        ? MANDATE_MESSAGES.wrongDeliveryPointForGas
        : MANDATE_MESSAGES.wrongDeliveryPointForElectricity,
    );
  }
  const number = normaliseDeliveryPointNumber(input[field]);
  if (number === '') {
    const message =
      kind === 'simple'
        ? energyType === 'electricity'
          ? MANDATE_MESSAGES.pdlRequiredElectricity
          : MANDATE_MESSAGES.pceRequiredGas
        : energyType === 'electricity'
          ? MANDATE_MESSAGES.pdlRequired
          : MANDATE_MESSAGES.pceRequired;
    return fail(`/${field}`, message);
  }
  if (!/^\d{14}$/.test(number)) {
    return fail(`/${field}`, energyType === 'electricity' ? MANDATE_MESSAGES.pdlFormat : MANDATE_MESSAGES.pceFormat);
  }
  if (upTo === 3) {
    return okPartial(input, energyType, manager.data, managerName, number);
  }

  const consumption = input.authorized_consumption_data ?? true;
  const technical = input.authorized_technical_data ?? true;
  const contractual = input.authorized_contractual_data ?? true;
  const loadCurve = kind === 'signed' ? (input.authorized_load_curve ?? false) : false;
  if (loadCurve && energyType !== 'electricity') {
    return fail('/authorized_load_curve', MANDATE_MESSAGES.loadCurveElectricityOnly);
  }
  if (!consumption && !technical && !contractual && !loadCurve) {
    return fail('/authorized_consumption_data', MANDATE_MESSAGES.dataTypes);
  }
  let duration: number = MANDATE_LIMITS.simpleDurationMonths;
  if (kind === 'signed') {
    duration = input.duration_months ?? MANDATE_LIMITS.durationDefaultMonths;
    if (!(MANDATE_DURATION_CHOICES as readonly number[]).includes(duration)) {
      return fail('/duration_months', MANDATE_MESSAGES.duration);
    }
  }
  return {
    ok: true,
    value: {
      energy_type: energyType,
      manager: manager.data,
      manager_name: manager.data === 'other' ? managerName : null,
      delivery_point_number: number,
      delivery_point_address: address,
      delivery_point_postal_code: postalCode,
      delivery_point_city: city,
      authorized_consumption_data: consumption,
      authorized_technical_data: technical,
      authorized_contractual_data: contractual,
      authorized_load_curve: loadCurve,
      duration_months: duration,
    },
  };
}

function okPartial(
  input: SignedMandateFields,
  energyType: MandateEnergyType,
  manager: MandateManager,
  managerName: string,
  number = '',
): MandateValidation {
  return {
    ok: true,
    value: {
      energy_type: energyType,
      manager,
      manager_name: manager === 'other' ? managerName : null,
      delivery_point_number: number,
      delivery_point_address: text(input.delivery_point_address),
      delivery_point_postal_code: text(input.delivery_point_postal_code),
      delivery_point_city: text(input.delivery_point_city),
      authorized_consumption_data: input.authorized_consumption_data ?? true,
      authorized_technical_data: input.authorized_technical_data ?? true,
      authorized_contractual_data: input.authorized_contractual_data ?? true,
      authorized_load_curve: input.authorized_load_curve ?? false,
      duration_months: input.duration_months ?? MANDATE_LIMITS.durationDefaultMonths,
    },
  };
}

/** Spec §5 « Simple mandate »: first failing rule, or the normalised fields (duration 12 months, no load curve). */
export function validateSimpleMandate(input: SimpleMandateBody): MandateValidation {
  return validateFields(input, 'simple');
}

/**
 * Spec §5 « Signed mandate wizard », steps 1–4 (the signature, step 5, is checked by `signature` presence here and
 * by its PNG bytes on the server). `upTo` validates only the steps up to that one (« Suivant »).
 */
export function validateSignedMandate(input: SignedMandateFields, upTo: Step = 4): MandateValidation {
  return validateFields(input, 'signed', upTo);
}

/** The wizard's step 5 on the browser side: a signature was drawn. */
export function validateSignaturePresence(signature: string | null | undefined): MandateFieldIssue | null {
  if (!signature || signature.trim() === '') {
    return { path: '/signature', message: MANDATE_MESSAGES.signatureRequired };
  }
  if (!signature.startsWith('data:image/png;base64,')) {
    return { path: '/signature', message: MANDATE_MESSAGES.signatureFormat };
  }
  return null;
}

/** Revocation (§5): the typed number must be the mandate's exactly (spaces ignored). */
export function revocationConfirmed(deliveryPointNumber: string, typed: string | null | undefined): boolean {
  return normaliseDeliveryPointNumber(typed) === deliveryPointNumber;
}

// ─── Responses ────────────────────────────────────────────────────────────────────────────────────────────

// ─── Operator data (issue #26, ADR 0072) ──────────────────────────────────────────────────────────────────

/** The label of every screen showing data of the demonstration source (ADR 0063). */
export const OPERATOR_DEMO_DATA_LABEL = 'Données de démonstration';
/** What the electricity mandates' card says (issue #26 §5). */
export const ELECTRICITY_NO_AUTOMATIC_DATA =
  'La récupération automatique des données n’est pas encore disponible pour l’électricité.';
export const operatorAccessStates = [
  'declaring',
  'pending',
  'active',
  'refused',
  'revoked',
  'obsolete',
  'to_recheck',
  'ended',
] as const;
export const operatorSyncStatuses = ['idle', 'syncing', 'ok', 'error', 'stopped'] as const;

/**
 * A GRDF mandate sent through the operator-data adapter: the access right at GRDF (its state and, refused, the
 * French reason) and the data fetched (last sync, period covered, number of days). `demo`: demonstration data.
 */
export const mandateOperatorDataSchema = z.object({
  source: z.enum(['demo', 'adict']),
  demo: z.boolean(),
  access_state: z.enum(operatorAccessStates),
  reason: z.string().nullable(),
  sync_status: z.enum(operatorSyncStatuses),
  sync_error: z.string().nullable(),
  last_sync_at: z.iso.datetime().nullable(),
  period_start: z.string().nullable(),
  period_end: z.string().nullable(),
  days: z.number().int(),
});
export type MandateOperatorData = z.infer<typeof mandateOperatorDataSchema>;

/**
 * `GET /api/mandates/pce-data/`: what « Utiliser les données du PCE … » pre-fills (the optimiser, the simulator), one
 * item per active mandate with fetched data. CAR in MWh/year and CJA in MWh/day (the forms' units); `dataset_id`
 * is the consumption series the optimiser reads. `source_label` is shown beside every pre-filled field.
 */
export const mandatePceDataSchema = z.object({
  mandate_id: z.string(),
  pce: z.string(),
  demo: z.boolean(),
  source_label: z.string(),
  dataset_id: z.string().nullable(),
  period_start: z.string().nullable(),
  period_end: z.string().nullable(),
  days: z.number().int(),
  last_sync_at: z.iso.datetime().nullable(),
  car_mwh: z.number().nullable(),
  cja_mwh_per_day: z.number().nullable(),
  option: z.string().nullable(),
  profil: z.string().nullable(),
  pitd: z.object({ code: z.string(), label: z.string().nullable() }).nullable(),
});
export type MandatePceData = z.infer<typeof mandatePceDataSchema>;
export const mandatePceDataListSchema = z.object({ items: z.array(mandatePceDataSchema) });
export type MandatePceDataList = z.infer<typeof mandatePceDataListSchema>;

/**
 * One mandate as its owner sees it (spec §3 fields plus ours). Personal fields are null once purged (30 days after
 * revocation, `personal_data_purged: true`). `signed_pdf_url` is the path of the download endpoint when the
 * mandate has a sealed PDF (every mandate created by this server has one), else null.
 */
export const mandateSchema = z.object({
  id: z.string(),
  is_active: z.boolean(),
  kind: mandateKindSchema,
  energy_type: mandateEnergyTypeSchema,
  manager: mandateManagerSchema,
  /** Label of the manager, or the typed name for `other`. */
  manager_display: z.string(),
  manager_name: z.string().nullable(),
  delivery_point_number: z.string().nullable(),
  delivery_point_address: z.string().nullable(),
  delivery_point_postal_code: z.string().nullable(),
  delivery_point_city: z.string().nullable(),
  status: mandateStatusSchema,
  status_display: z.string(),
  created_at: z.iso.datetime(),
  /** When the mandate was mailed to the manager. */
  sent_date: z.iso.datetime().nullable(),
  /**
   * Last day the mandate is valid (YYYY-MM-DD, Europe/Paris): signature day + duration. Null once it was revoked or
   * rejected: it then ended at `revoked_at` / `rejected_at`, and no expiry is to come.
   */
  expiry_date: z.string().nullable(),
  /** Whole days from today (Europe/Paris) to expiry_date, for active mandates; null otherwise. */
  days_until_expiry: z.number().int().nullable(),
  duration_months: z.number().int(),
  signed_pdf_url: z.string().nullable(),
  authorized_consumption_data: z.boolean(),
  authorized_technical_data: z.boolean(),
  authorized_contractual_data: z.boolean(),
  authorized_load_curve: z.boolean(),
  activated_at: z.iso.datetime().nullable(),
  /** When the owner revoked it (status `revoked`); null otherwise. */
  revoked_at: z.iso.datetime().nullable(),
  rejected_at: z.iso.datetime().nullable(),
  rejection_reason: z.string().nullable(),
  expired_at: z.iso.datetime().nullable(),
  personal_data_purged: z.boolean(),
  /** GRDF mandates sent through the operator-data adapter (ADR 0072); null or absent otherwise. */
  operator_data: mandateOperatorDataSchema.nullish(),
});
export type Mandate = z.infer<typeof mandateSchema>;

export const mandateResponseSchema = z.object({ mandate: mandateSchema });
export type MandateResponse = z.infer<typeof mandateResponseSchema>;

export const mandateListResponseSchema = pageOf(mandateSchema).extend({
  /** Counts over all the user's mandates, whatever the filter: `active` = is_active true. */
  counts: z.object({ active: z.number().int(), inactive: z.number().int() }),
});
export type MandateListResponse = z.infer<typeof mandateListResponseSchema>;

export const mandateDeleteResponseSchema = z.object({
  id: z.string(),
  /** true: the pending simple mandate is gone; false: the delete was a revocation (`mandate` is the revoked one). */
  deleted: z.boolean(),
  mandate: mandateSchema.nullable(),
});
export type MandateDeleteResponse = z.infer<typeof mandateDeleteResponseSchema>;

/** `GET …/download/` (spec §7): signed links valid a few minutes; `view_url` inline, `download_url` attachment. */
export const mandateDownloadResponseSchema = z.object({
  view_url: z.string(),
  download_url: z.string(),
  filename: z.string(),
});
export type MandateDownloadResponse = z.infer<typeof mandateDownloadResponseSchema>;

/** `GET /api/mandates/:id/verify/`. */
export const mandateVerifyResponseSchema = z.object({
  /** The stored PDF has the sealed bytes: its SHA-256 is the one recorded at signing and the PAdES seal checks. */
  valid: z.boolean(),
  /** SHA-256 (hex) recorded at signing, and of the stored file now (null when the file is gone). */
  recorded_sha256: z.string().nullable(),
  current_sha256: z.string().nullable(),
  /** The seal's signing time and the certificate subject. */
  sealed_at: z.iso.datetime().nullable(),
  sealed_by: z.string().nullable(),
  /** French sentence for people. */
  message: z.string(),
});
export type MandateVerifyResponse = z.infer<typeof mandateVerifyResponseSchema>;

// ─── Staff (admin panel « Mandats ») ──────────────────────────────────────────────────────────────────────

/** What staff see: no signature image, no evidence data beyond the customer's identity. */
export const staffMandateSchema = mandateSchema.omit({ days_until_expiry: true, signed_pdf_url: true }).extend({
  customer: z.object({ id: z.string(), email: z.string(), name: z.string() }),
  has_pdf: z.boolean(),
  /** Who activated or rejected it (user id), and when. */
  decided_by: z.string().nullable(),
});
export type StaffMandate = z.infer<typeof staffMandateSchema>;

export const staffMandateListQuerySchema = pageQuerySchema.extend({
  /** Default `sent` (the queue to process); `all` for every status. */
  status: z.enum([...mandateStatuses, 'all'], { error: 'Statut inconnu.' }).default('sent'),
  manager: mandateManagerSchema.optional(),
  energy_type: mandateEnergyTypeSchema.optional(),
});
export type StaffMandateListQuery = z.infer<typeof staffMandateListQuerySchema>;
export type StaffMandateListQueryInput = z.input<typeof staffMandateListQuerySchema>;

export const staffMandateListResponseSchema = pageOf(staffMandateSchema).extend({
  /** Count per status with the manager / energy filters applied (not the status filter). */
  counts: z.object({
    pending: z.number().int(),
    sent: z.number().int(),
    active: z.number().int(),
    expired: z.number().int(),
    revoked: z.number().int(),
    rejected: z.number().int(),
  }),
});
export type StaffMandateListResponse = z.infer<typeof staffMandateListResponseSchema>;

export const staffMandateResponseSchema = z.object({ mandate: staffMandateSchema });
export type StaffMandateResponse = z.infer<typeof staffMandateResponseSchema>;

export const staffRejectBodySchema = z.object({ reason: z.string().max(2000).nullish() });
export type StaffRejectBody = z.infer<typeof staffRejectBodySchema>;

// ─── Address search (wizard step 2) ───────────────────────────────────────────────────────────────────────

export const addressSearchQuerySchema = z.object({
  q: z
    .string({ error: MANDATE_MESSAGES.addressQueryTooShort })
    .trim()
    .min(ADDRESS_SEARCH.minChars, { error: MANDATE_MESSAGES.addressQueryTooShort })
    .max(200, { error: MANDATE_MESSAGES.addressQueryTooLong }),
});
export type AddressSearchQuery = z.infer<typeof addressSearchQuerySchema>;

export const addressSuggestionSchema = z.object({
  /** Full label to show (« 8 Boulevard du Port 80000 Amiens »). */
  label: z.string(),
  /** What goes into delivery_point_address (number and street; the commune's name for a commune). */
  address: z.string(),
  postal_code: z.string(),
  city: z.string(),
  /** INSEE code of the commune. */
  citycode: z.string().nullable(),
  kind: z.enum(['housenumber', 'street', 'locality', 'municipality']),
});
export type AddressSuggestion = z.infer<typeof addressSuggestionSchema>;

export const addressSearchResponseSchema = z.object({
  results: z.array(addressSuggestionSchema).max(ADDRESS_SEARCH.limit),
  /** `ban`: national address base; `communes`: BAN unreachable, postal codes and communes only. */
  source: z.enum(['ban', 'communes']),
});
export type AddressSearchResponse = z.infer<typeof addressSearchResponseSchema>;

// ─── Error codes ──────────────────────────────────────────────────────────────────────────────────────────

export const mandateErrorCodes = [
  /** 409 — the status machine refuses the action (not editable, not sendable, not revocable, not decidable). */
  'MANDATE_STATUS_CONFLICT',
  /** 409 — no mail address is configured for the manager (`other`, or none in MANDATE_MANAGER_EMAILS). */
  'MANDATE_MANAGER_UNREACHABLE',
] as const;
export type MandateErrorCode = (typeof mandateErrorCodes)[number];

// ─── FAQ (spec §1 claims; eIDAS level per ADR 0031) ───────────────────────────────────────────────────────

/** The FAQ block of the Mandats screen: the spec's claims, and the signature's true eIDAS level. */
export const MANDATE_FAQ: readonly { question: string; answer: string }[] = [
  {
    question: 'Pourquoi un mandat est-il nécessaire ?',
    answer:
      'Vos données de consommation appartiennent au titulaire du point de livraison. Le gestionnaire de réseau (Enedis, GRDF, NaTran, Teréga…) ne les transmet à un tiers que sur votre autorisation écrite : c’est le mandat.',
  },
  {
    question: 'Puis-je révoquer mon mandat ?',
    answer:
      'Oui, à tout moment et sans frais depuis cette page. Vos données sont alors supprimées sous 30 jours ; seule une trace minimale de preuve (dates, catégories autorisées, empreinte du document) est conservée 5 ans.',
  },
  {
    question: 'Mes données sont-elles protégées ?',
    answer:
      'Le numéro de point de livraison, l’adresse, la signature et le document du mandat sont chiffrés en AES-256 dans notre base de données.',
  },
  {
    question: 'Combien de temps prend le traitement ?',
    answer: 'Le gestionnaire de réseau traite le mandat en 5 à 15 jours ouvrés après son envoi.',
  },
  {
    question: 'Quelle est la valeur de la signature électronique ?',
    answer:
      'Le parcours « Signature électronique certifiée » produit une signature électronique simple au sens du règlement eIDAS : ni avancée, ni qualifiée. Vous tracez votre signature à l’écran, connecté à votre compte (le formulaire classique recueille votre consentement d’un clic). Le PDF du mandat contient un dossier de preuve : compte signataire (nom, e-mail, identifiant), date et heure de la signature, adresse IP, navigateur, version du texte de consentement et empreinte SHA-256 du texte du mandat et de la signature. Le cachet électronique de la plateforme, apposé sur le PDF, rend toute modification ultérieure détectable ; ce n’est pas un cachet qualifié. Une signature électronique simple est recevable comme preuve (règlement eIDAS, article 25 ; Code civil, articles 1366 et 1367).',
  },
];
