/**
 * Reading the answer of `POST /api/optimisation/` (spec §7 "For optimisation", §8 "Optimisation"). Pure: the API
 * call (`api/run-optimisation.ts`) hands over what it received and shows the message this module returns.
 *
 * - error answer, JSON: its `error` field, else 'HTTP {status}';
 * - error answer, not JSON: 'HTTP {status}: ' + its first 300 characters (just 'HTTP {status}' when empty);
 * - success, not JSON: 'Réponse non-JSON inattendue';
 * - success, JSON of the wrong shape: 'Échec de l'optimisation' (the generic failure of §8);
 * - no endpoint configured: 'Configuration manquante'.
 */
import { type OptimisationResponse, optimisationResponseSchema } from '@pilote/contracts';
import { clientErrorCodes, isApiClientError } from '../../../lib/api-error.ts';

export const OPTIMISATION_ENDPOINT: string | undefined = '/api/optimisation/';

export const OPTIMISATION_FAILURE_MESSAGE = "Échec de l'optimisation";
export const OPTIMISATION_NON_JSON_MESSAGE = 'Réponse non-JSON inattendue';
export const OPTIMISATION_CONFIG_MESSAGE = 'Configuration manquante';
export const OPTIMISATION_SUCCESS_MESSAGE = 'Optimisation réussie';
export const NON_JSON_EXCERPT_LENGTH = 300;

/** A failure whose message is ready for the error toast. */
export class OptimisationError extends Error {
  override readonly name = 'OptimisationError';
}

/** What came back: the HTTP status and the raw body text. */
export type RawAnswer = { status: number; text: string };

export type AnswerReading = { ok: true; data: OptimisationResponse } | { ok: false; message: string };

function parseJson(text: string): { json: true; value: unknown } | { json: false } {
  if (text.trim() === '') {
    return { json: false };
  }
  try {
    return { json: true, value: JSON.parse(text) };
  } catch {
    return { json: false };
  }
}

function errorField(body: unknown): string | undefined {
  if (typeof body === 'object' && body !== null && 'error' in body) {
    const { error } = body as { error: unknown };
    if (typeof error === 'string' && error.trim() !== '') {
      return error;
    }
  }
  return undefined;
}

/** The message of an error answer (status ≥ 400, or anything not 2xx). */
export function errorMessageOf(status: number, text: string): string {
  const parsed = parseJson(text);
  if (parsed.json) {
    return errorField(parsed.value) ?? `HTTP ${status}`;
  }
  const excerpt = text.slice(0, NON_JSON_EXCERPT_LENGTH);
  return excerpt.trim() === '' ? `HTTP ${status}` : `HTTP ${status}: ${excerpt}`;
}

/** The §7 rules on one answer. */
export function readOptimisationAnswer({ status, text }: RawAnswer): AnswerReading {
  if (status < 200 || status >= 300) {
    return { ok: false, message: errorMessageOf(status, text) };
  }
  const parsed = parseJson(text);
  if (!parsed.json) {
    return { ok: false, message: OPTIMISATION_NON_JSON_MESSAGE };
  }
  return readOptimisationData(parsed.value);
}

/** A successful answer's parsed JSON: the optimisation result, or the generic failure when its shape is wrong. */
export function readOptimisationData(value: unknown): AnswerReading {
  const checked = optimisationResponseSchema.safeParse(value);
  return checked.success ? { ok: true, data: checked.data } : { ok: false, message: OPTIMISATION_FAILURE_MESSAGE };
}

/**
 * The API client rejects before handing over the text: rebuild the answer it saw. A JSON error body was parsed
 * (`body` is the object), a non-JSON one is kept as text, a non-JSON success is an `INVALID_RESPONSE`.
 */
export function answerFromClientError(error: unknown): RawAnswer | null {
  if (!isApiClientError(error) || error.status === 0) {
    return null;
  }
  if (error.code === clientErrorCodes.invalidResponse && error.status >= 200 && error.status < 300) {
    return { status: error.status, text: typeof error.body === 'string' ? error.body : '' };
  }
  const { body } = error;
  if (body === undefined || body === null) {
    return { status: error.status, text: '' };
  }
  return { status: error.status, text: typeof body === 'string' ? body : JSON.stringify(body) };
}

/** The toast text for anything `runOptimisation` rejected with. */
export function optimisationErrorMessage(error: unknown): string {
  if (error instanceof OptimisationError) {
    return error.message;
  }
  const answer = answerFromClientError(error);
  if (answer) {
    const reading = readOptimisationAnswer(answer);
    return reading.ok ? OPTIMISATION_FAILURE_MESSAGE : reading.message;
  }
  if (isApiClientError(error) && error.message.trim() !== '') {
    return error.message; // network failure or CSRF token unavailable: the client's French message
  }
  return OPTIMISATION_FAILURE_MESSAGE;
}
