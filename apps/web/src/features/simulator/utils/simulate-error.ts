/**
 * Simulator errors (spec §8), pure:
 * - submit: a message containing 'combinaison TSO/DSO', 'pas encore supportée' or 'supporté', or 'données
 *   tarifaires' with 'pas disponibles' → 'Ce point n'est pas encore supporté' (and the 'Point non supporté' card);
 *   one containing 'limite', 'quota' or 'atteinte' → 'Limite atteinte'; otherwise 'Une erreur est survenue'.
 *   Without a message from the server: 'Erreur POST simulate ({status})'.
 * - options: 'Erreur cascade PITD/LI/PIC ({status}): {body}'.
 */
import { isApiClientError } from '../../../lib/api-error.ts';

export const SIMULATOR_TOAST_DURATION_MS = 5000;

export const simulateErrorTitles = {
  unsupported: "Ce point n'est pas encore supporté",
  limit: 'Limite atteinte',
  generic: 'Une erreur est survenue',
} as const;

export type SimulateErrorKind = keyof typeof simulateErrorTitles;

export type SimulateErrorView = {
  kind: SimulateErrorKind;
  /** The toast's title. */
  title: string;
  /** The server's message (or the fallback), shown under the title. */
  message: string;
};

function statusOf(error: unknown): number {
  if (isApiClientError(error)) {
    return error.status;
  }
  if (typeof error === 'object' && error !== null && 'status' in error && typeof error.status === 'number') {
    return error.status;
  }
  return 0;
}

/** The server's `error` text; null when it sent none (the API client then says 'HTTP {status}'). */
function serverMessage(error: unknown): string | null {
  if (isApiClientError(error)) {
    const body = error.body;
    if (typeof body === 'object' && body !== null && 'error' in body && typeof body.error === 'string') {
      return body.error.trim() || null;
    }
    return error.message && !/^HTTP \d+$/.test(error.message) ? error.message : null;
  }
  if (error instanceof Error) {
    return error.message.trim() || null;
  }
  return typeof error === 'string' && error.trim() !== '' ? error : null;
}

/** The kind of a message alone (spec §8 order: unsupported first, then limit). */
export function classifySimulateMessage(message: string): SimulateErrorKind {
  const text = message.toLowerCase();
  if (
    text.includes('combinaison tso/dso') ||
    text.includes('pas encore supportée') ||
    text.includes('supporté') ||
    (text.includes('données tarifaires') && text.includes('pas disponibles'))
  ) {
    return 'unsupported';
  }
  if (text.includes('limite') || text.includes('quota') || text.includes('atteinte')) {
    return 'limit';
  }
  return 'generic';
}

export function describeSimulateError(error: unknown): SimulateErrorView {
  const message = serverMessage(error) ?? `Erreur POST simulate (${statusOf(error)})`;
  const kind = classifySimulateMessage(message);
  return { kind, title: simulateErrorTitles[kind], message };
}

/** 'Erreur cascade PITD (500): {body}' — the body as the server sent it (its `error` text when JSON). */
export function describeCascadeError(point: string, error: unknown): string {
  const status = statusOf(error);
  let body = '';
  if (isApiClientError(error)) {
    const raw = error.body;
    if (typeof raw === 'string') {
      body = raw;
    } else if (typeof raw === 'object' && raw !== null && 'error' in raw && typeof raw.error === 'string') {
      body = raw.error;
    } else if (raw !== undefined) {
      body = JSON.stringify(raw);
    } else {
      body = error.message;
    }
  } else if (error instanceof Error) {
    body = error.message;
  }
  return `Erreur cascade ${point.toUpperCase()} (${status}): ${body}`;
}
