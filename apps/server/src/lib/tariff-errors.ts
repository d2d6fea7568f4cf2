import {
  TariffDataUnavailableError,
  TariffDomainError,
  TariffInputError,
  UnsupportedCombinationError,
} from '@pilote/tariffs';
import { AppError } from './app-error.ts';

/**
 * Domain errors of @pilote/tariffs → API errors (spec §8: the UI maps « pas encore supporté » / « données
 * tarifaires … pas disponibles » to 'Ce point n'est pas encore supporté'). Shared by the simulator and the
 * optimisation.
 */
export function tariffErrorToAppError(error: TariffDomainError): AppError {
  if (error instanceof UnsupportedCombinationError) {
    return new AppError('UNSUPPORTED_POINT', error.message, { cause: error });
  }
  if (error instanceof TariffDataUnavailableError || error.code === 'PARAMETER_OUT_OF_RANGE') {
    return new AppError('TARIFF_DATA_UNAVAILABLE', error.message, { cause: error });
  }
  if (error instanceof TariffInputError) {
    return new AppError('VALIDATION_FAILED', error.message, {
      cause: error,
      details: [{ path: `/${error.field}`, message: error.message }],
    });
  }
  return new AppError('BAD_REQUEST', error.message, { cause: error });
}

/** Runs a computation of @pilote/tariffs, its domain errors answered as API errors (above); other errors unchanged. */
export function withTariffErrors<Result>(compute: () => Result): Result {
  try {
    return compute();
  } catch (error) {
    if (error instanceof TariffDomainError) {
      throw tariffErrorToAppError(error);
    }
    throw error;
  }
}
