// The shared AppError helpers that replaced the per-service copies (issue #22 §1, ADR 0054): the same status,
// code, message and details as the copies answered.
import { TariffDataUnavailableError, TariffInputError, UnsupportedCombinationError } from '@pilote/tariffs';
import { describe, expect, it } from 'vitest';
import { AppError, validationError } from '../src/lib/app-error.ts';
import { withTariffErrors } from '../src/lib/tariff-errors.ts';

function thrownBy(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error('nothing thrown');
}

describe('validationError', () => {
  it('is a 400 VALIDATION_FAILED whose one detail names the field', () => {
    const error = validationError('commune', 'La commune est inconnue.');
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({
      statusCode: 400,
      code: 'VALIDATION_FAILED',
      message: 'La commune est inconnue.',
      details: [{ path: '/commune', message: 'La commune est inconnue.' }],
    });
  });
});

describe('withTariffErrors', () => {
  it('returns what the computation returns', () => {
    expect(withTariffErrors(() => 42)).toBe(42);
  });

  it('answers the domain errors of @pilote/tariffs as API errors', () => {
    const unsupported = new UnsupportedCombinationError('Combinaison non supportée.');
    expect(
      thrownBy(() =>
        withTariffErrors(() => {
          throw unsupported;
        }),
      ),
    ).toMatchObject({ statusCode: 400, code: 'UNSUPPORTED_POINT', message: unsupported.message, cause: unsupported });
    const unavailable = new TariffDataUnavailableError('Données absentes.');
    expect(
      thrownBy(() =>
        withTariffErrors(() => {
          throw unavailable;
        }),
      ),
    ).toMatchObject({ statusCode: 422, code: 'TARIFF_DATA_UNAVAILABLE', message: unavailable.message });
    const input = new TariffInputError('car', 'La CAR doit être positive.');
    expect(
      thrownBy(() =>
        withTariffErrors(() => {
          throw input;
        }),
      ),
    ).toMatchObject({
      statusCode: 400,
      code: 'VALIDATION_FAILED',
      details: [{ path: '/car', message: input.message }],
    });
  });

  it('lets any other error through unchanged', () => {
    const other = new RangeError('ailleurs');
    expect(
      thrownBy(() =>
        withTariffErrors(() => {
          throw other;
        }),
      ),
    ).toBe(other);
  });
});
