/**
 * `roundHalfAwayFromZero` as it was before its fast path (ADR 0039), kept verbatim so that a property test can
 * compare the two on every kind of value.
 */
export function roundHalfAwayFromZeroReference(value: number, decimals = 2): number {
  if (!Number.isFinite(value)) {
    throw new RangeError(`Montant non fini : ${value}`);
  }
  const factor = 10 ** decimals;
  const scaled = Number((Math.abs(value) * factor).toPrecision(15));
  const rounded = Math.round(scaled) / factor;
  return value < 0 ? -rounded : rounded;
}
