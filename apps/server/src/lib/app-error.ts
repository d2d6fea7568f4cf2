import {
  type ChatbotErrorCode,
  type ConsumptionErrorCode,
  chatbotErrorMessages,
  defaultErrorMessages,
  type ErrorCode,
  type MandateErrorCode,
  type PlanErrorCode,
  planErrorMessages,
  type SimulatorErrorCode,
  type StorageErrorCode,
  storageErrorMessages,
} from '@pilote/contracts';

/** Every code a service may throw: the common catalogue plus the simulator's, consumption data's and plans' own. */
export type AppErrorCode =
  | ErrorCode
  | SimulatorErrorCode
  | ConsumptionErrorCode
  | PlanErrorCode
  | StorageErrorCode
  | MandateErrorCode
  | ChatbotErrorCode;

const statusByCode: Record<AppErrorCode, number> = {
  BAD_REQUEST: 400,
  VALIDATION_FAILED: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  CSRF_INVALID: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  INTERNAL_ERROR: 500,
  SERVICE_UNAVAILABLE: 503,
  BOT_DETECTED: 400,
  UNSUPPORTED_POINT: 400,
  TARIFF_DATA_UNAVAILABLE: 422,
  PDF_LINK_INVALID: 403,
  PDF_LINK_EXPIRED: 403,
  CONSUMPTION_DATA_INSUFFICIENT: 422,
  QUOTA_EXCEEDED: 429,
  FEATURE_NOT_ALLOWED: 403,
  TRIAL_UNAVAILABLE: 409,
  SUBSCRIPTION_CONFLICT: 409,
  WEBHOOK_SIGNATURE_INVALID: 400,
  BILLING_PROVIDER_ERROR: 502,
  UPLOAD_LINK_INVALID: 403,
  UPLOAD_LINK_EXPIRED: 403,
  UPLOAD_LINK_USED: 409,
  DOWNLOAD_LINK_INVALID: 403,
  DOWNLOAD_LINK_EXPIRED: 403,
  MANDATE_STATUS_CONFLICT: 409,
  MANDATE_MANAGER_UNREACHABLE: 409,
  CHATBOT_ENGINE_ERROR: 502,
  CHATBOT_ENGINE_TIMEOUT: 504,
};

const defaultMessages: Record<AppErrorCode, string> = {
  ...defaultErrorMessages,
  BOT_DETECTED: 'Bot détecté. Requête bloquée.',
  UNSUPPORTED_POINT: "Ce point n'est pas encore supporté.",
  TARIFF_DATA_UNAVAILABLE: 'Les données tarifaires ne sont pas disponibles.',
  PDF_LINK_INVALID: 'Lien de téléchargement invalide.',
  PDF_LINK_EXPIRED: 'Ce lien de téléchargement a expiré.',
  CONSUMPTION_DATA_INSUFFICIENT: 'Les relevés de consommation ne couvrent pas une année complète.',
  ...planErrorMessages,
  ...storageErrorMessages,
  MANDATE_STATUS_CONFLICT: 'Cette action n’est pas possible dans l’état actuel du mandat.',
  MANDATE_MANAGER_UNREACHABLE: 'Aucune adresse d’envoi n’est configurée pour ce gestionnaire.',
  ...chatbotErrorMessages,
};

/** Field-level detail added to a 400 (same shape as the zod validation errors: `path` = `/field`). */
export interface AppErrorDetail {
  path: string;
  message: string;
}

/**
 * The one error type services throw. The central error handler turns it into `{ error, code }` (plus
 * `details` when given) with the status of its code. Messages are French and meant for the user; never put
 * internals in them.
 */
export class AppError extends Error {
  readonly statusCode: number;
  readonly details: AppErrorDetail[] | undefined;

  constructor(
    readonly code: AppErrorCode,
    message: string = defaultMessages[code],
    options?: { cause?: unknown; details?: AppErrorDetail[] },
  ) {
    super(message, options);
    this.name = 'AppError';
    this.statusCode = statusByCode[code];
    this.details = options?.details;
  }
}

/** A 400 `VALIDATION_FAILED` on one field: `message` as the error and as the field's detail (path `/field`). */
export function validationError(field: string, message: string): AppError {
  return new AppError('VALIDATION_FAILED', message, { details: [{ path: `/${field}`, message }] });
}
