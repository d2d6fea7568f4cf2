import { z } from 'zod';

/**
 * Every error answered by the API has this shape: a French message for people and a stable code for programs.
 * Codes are SCREAMING_SNAKE_CASE; the list below is the catalogue (add new codes here, never reuse one).
 */
export const errorCodes = [
  'BAD_REQUEST',
  'VALIDATION_FAILED',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'CSRF_INVALID',
  'NOT_FOUND',
  'CONFLICT',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'RATE_LIMITED',
  'INTERNAL_ERROR',
  'SERVICE_UNAVAILABLE',
] as const;

export const errorCodeSchema = z.enum(errorCodes);
export type ErrorCode = z.infer<typeof errorCodeSchema>;

export const apiErrorSchema = z.object({
  error: z.string(),
  code: z.string(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

/** Default French messages, used when a more precise one is not given. */
export const defaultErrorMessages: Record<ErrorCode, string> = {
  BAD_REQUEST: 'Requête invalide.',
  VALIDATION_FAILED: 'Les données envoyées sont invalides.',
  UNAUTHENTICATED: 'Authentification requise',
  FORBIDDEN: "Vous n'avez pas les droits nécessaires pour cette action.",
  CSRF_INVALID: 'Jeton CSRF manquant ou invalide. Rechargez la page et réessayez.',
  NOT_FOUND: 'Ressource introuvable.',
  CONFLICT: 'Cette ressource existe déjà.',
  PAYLOAD_TOO_LARGE: 'Le contenu envoyé est trop volumineux.',
  UNSUPPORTED_MEDIA_TYPE: 'Type de contenu non pris en charge : envoyez du JSON (application/json).',
  RATE_LIMITED: 'Trop de requêtes. Veuillez réessayer plus tard.',
  INTERNAL_ERROR: 'Une erreur interne est survenue. Veuillez réessayer plus tard.',
  SERVICE_UNAVAILABLE: 'Le service est momentanément indisponible.',
};

/**
 * A NUL byte (U+0000, `%00` in an address, `\u0000` in JSON) is refused in every request before any route sees it:
 * PostgreSQL cannot store it in text and no identifier or field holds one (400 VALIDATION_FAILED, ADR 0047).
 */
export const NUL_BYTE_MESSAGE =
  'La requête contient un caractère nul (U+0000) : il n’est accepté ni dans l’adresse ni dans les champs envoyés.';
