import { describe, expect, it } from 'vitest';
import { ApiClientError, clientErrorCodes } from '../../../lib/api-error.ts';
import { runOptimisation } from '../api/run-optimisation.ts';
import { sampleOptimisationResponse } from '../testing/sample-response.ts';
import {
  answerFromClientError,
  errorMessageOf,
  OptimisationError,
  optimisationErrorMessage,
  readOptimisationAnswer,
} from './optimisation-response.ts';

describe('optimisation answer (spec §7)', () => {
  it('an error answer with an `error` field gives that message', () => {
    expect(
      readOptimisationAnswer({ status: 400, text: JSON.stringify({ error: 'Veuillez indiquer le code.', code: 'X' }) }),
    ).toEqual({ ok: false, message: 'Veuillez indiquer le code.' });
  });

  it("a JSON error without `error` gives 'HTTP {status}'", () => {
    expect(readOptimisationAnswer({ status: 500, text: '{"message":"boom"}' })).toEqual({
      ok: false,
      message: 'HTTP 500',
    });
    expect(errorMessageOf(422, '{"error":"   "}')).toBe('HTTP 422');
  });

  it("a non-JSON error gives 'HTTP {status}: ' and its first 300 characters", () => {
    const html = `<html>${'x'.repeat(400)}</html>`;
    const reading = readOptimisationAnswer({ status: 502, text: html });
    expect(reading).toEqual({ ok: false, message: `HTTP 502: ${html.slice(0, 300)}` });
    expect(errorMessageOf(503, 'Service Unavailable')).toBe('HTTP 503: Service Unavailable');
    expect(errorMessageOf(504, '')).toBe('HTTP 504');
  });

  it("a non-JSON success gives 'Réponse non-JSON inattendue'", () => {
    expect(readOptimisationAnswer({ status: 200, text: '<!doctype html><p>ok</p>' })).toEqual({
      ok: false,
      message: 'Réponse non-JSON inattendue',
    });
    expect(readOptimisationAnswer({ status: 200, text: '' })).toEqual({
      ok: false,
      message: 'Réponse non-JSON inattendue',
    });
  });

  it("a JSON success of the wrong shape gives 'Échec de l'optimisation'", () => {
    expect(readOptimisationAnswer({ status: 200, text: '{"cjaOptimisee":"12"}' })).toEqual({
      ok: false,
      message: "Échec de l'optimisation",
    });
  });

  it('a JSON success of the right shape is the result', () => {
    const reading = readOptimisationAnswer({ status: 200, text: JSON.stringify(sampleOptimisationResponse()) });
    expect(reading.ok).toBe(true);
    expect(reading.ok && reading.data.cjaOptimisee).toBe(95);
  });
});

describe('errors of the API client → the same rules', () => {
  it('rebuilds a JSON error body, a text body and a non-JSON success', () => {
    expect(
      optimisationErrorMessage(
        new ApiClientError({ status: 400, message: 'x', body: { error: 'Capacité M3 invalide' } }),
      ),
    ).toBe('Capacité M3 invalide');
    expect(
      optimisationErrorMessage(new ApiClientError({ status: 502, message: 'HTTP 502', body: 'Bad gateway' })),
    ).toBe('HTTP 502: Bad gateway');
    expect(optimisationErrorMessage(new ApiClientError({ status: 500, message: 'HTTP 500' }))).toBe('HTTP 500');
    expect(
      optimisationErrorMessage(
        new ApiClientError({
          status: 200,
          code: clientErrorCodes.invalidResponse,
          message: 'Réponse non-JSON inattendue',
          body: '<html>',
        }),
      ),
    ).toBe('Réponse non-JSON inattendue');
  });

  it("network failures keep the client's message; anything else is 'Échec de l'optimisation'", () => {
    const network = new ApiClientError({ status: 0, code: clientErrorCodes.network, message: 'Erreur réseau : down' });
    expect(answerFromClientError(network)).toBeNull();
    expect(optimisationErrorMessage(network)).toBe('Erreur réseau : down');
    expect(optimisationErrorMessage(new TypeError('x'))).toBe("Échec de l'optimisation");
    expect(optimisationErrorMessage(new OptimisationError('Configuration manquante'))).toBe('Configuration manquante');
  });

  it("'Configuration manquante' when no endpoint is configured", async () => {
    await expect(runOptimisation({} as never, { endpoint: undefined })).rejects.toThrow('Configuration manquante');
    await expect(runOptimisation({} as never, { endpoint: '' })).rejects.toThrow('Configuration manquante');
  });
});
