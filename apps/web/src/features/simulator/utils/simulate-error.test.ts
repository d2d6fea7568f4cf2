import { planErrorMessages, quotaExceededMessage } from '@pilote/contracts';
import { describe, expect, it } from 'vitest';
import { ApiClientError } from '../../../lib/api-error.ts';
import { classifySimulateMessage, describeCascadeError, describeSimulateError } from './simulate-error.ts';

const serverError = (status: number, error?: string, code?: string) =>
  new ApiClientError({
    status,
    code,
    message: error ?? `HTTP ${status}`,
    body: error === undefined ? undefined : { error, code },
  });

describe('simulate errors (spec §8)', () => {
  it.each([
    "Ce point n'est pas encore supporté : combinaison TSO/DSO Teréga/Régaz-Bordeaux : …",
    'Combinaison TSO/DSO inconnue',
    "L'option TP n'est pas encore supportée après juin 2025.",
    'Point non supporté par le moteur',
    'Les données tarifaires des points LI (…) ne sont pas disponibles : …',
  ])('%s → unsupported', (message) => {
    expect(classifySimulateMessage(message)).toBe('unsupported');
    expect(describeSimulateError(serverError(400, message))).toEqual({
      kind: 'unsupported',
      title: "Ce point n'est pas encore supporté",
      message,
    });
  });

  it.each([
    'Limite mensuelle de simulations dépassée.',
    'Quota épuisé',
    'Vous avez atteint votre limite.',
    'Capacité atteinte',
    // The server's quota refusal (issue 12): « Passez au plan supérieur » must not read as « supporté ».
    quotaExceededMessage('simulations', 20),
    planErrorMessages.QUOTA_EXCEEDED,
  ])('%s → Limite atteinte', (message) => {
    expect(describeSimulateError(serverError(429, message))).toMatchObject({ kind: 'limit', title: 'Limite atteinte' });
  });

  it('other messages → Une erreur est survenue, with the server message', () => {
    expect(describeSimulateError(serverError(400, 'Code PITD inconnu : « X ».'))).toEqual({
      kind: 'generic',
      title: 'Une erreur est survenue',
      message: 'Code PITD inconnu : « X ».',
    });
    // « données tarifaires » alone is not enough.
    expect(classifySimulateMessage('Les données tarifaires ont changé.')).toBe('generic');
  });

  it("without a server message: 'Erreur POST simulate ({status})'", () => {
    expect(describeSimulateError(serverError(502))).toEqual({
      kind: 'generic',
      title: 'Une erreur est survenue',
      message: 'Erreur POST simulate (502)',
    });
    expect(describeSimulateError(undefined).message).toBe('Erreur POST simulate (0)');
    expect(describeSimulateError(new Error('Erreur réseau : échec')).message).toBe('Erreur réseau : échec');
  });
});

describe('cascade errors', () => {
  it("says 'Erreur cascade {POINT} ({status}): {body}'", () => {
    expect(describeCascadeError('pitd', serverError(500, 'Panne'))).toBe('Erreur cascade PITD (500): Panne');
    expect(
      describeCascadeError('li', new ApiClientError({ status: 502, message: 'HTTP 502', body: '<html>Bad gateway' })),
    ).toBe('Erreur cascade LI (502): <html>Bad gateway');
    expect(describeCascadeError('pic', new ApiClientError({ status: 503, message: 'HTTP 503' }))).toBe(
      'Erreur cascade PIC (503): HTTP 503',
    );
  });
});
