/**
 * Typed domain errors. Their messages are French and meant to be shown (or mapped) by the UI:
 * spec §8 maps a message containing « pas encore supporté » or « données tarifaires » + « pas disponibles »
 * to 'Ce point n'est pas encore supporté'.
 */

/** Base class of every error thrown on purpose by `@pilote/tariffs`. */
export class TariffDomainError extends Error {
  readonly code: string;

  constructor(code: string, message: string) {
    super(message);
    this.name = new.target.name;
    this.code = code;
  }
}

/** A point / option / date combination the engine does not (yet) handle. Message contains « pas encore supporté ». */
export class UnsupportedCombinationError extends TariffDomainError {
  constructor(detail: string) {
    super('UNSUPPORTED_COMBINATION', `Ce point n'est pas encore supporté : ${detail}`);
  }
}

/** A tariff value the engine needs is not sourced for that date. Message contains « données tarifaires » and « pas disponibles ». */
export class TariffDataUnavailableError extends TariffDomainError {
  constructor(detail: string) {
    super('TARIFF_DATA_UNAVAILABLE', `Les données tarifaires ne sont pas disponibles : ${detail}`);
  }
}

/** A dated parameter looked up outside the dates where it has a value. */
export class ParameterLookupError extends TariffDomainError {
  readonly parameterId: string;
  readonly date: string;

  constructor(parameterId: string, date: string, detail: string) {
    super(
      'PARAMETER_OUT_OF_RANGE',
      `Les données tarifaires ne sont pas disponibles pour « ${parameterId} » au ${date} : ${detail}`,
    );
    this.parameterId = parameterId;
    this.date = date;
  }
}

/** Invalid or missing simulation input (French message naming the field). */
export class TariffInputError extends TariffDomainError {
  readonly field: string;

  constructor(field: string, message: string) {
    super('INVALID_INPUT', message);
    this.field = field;
  }
}
