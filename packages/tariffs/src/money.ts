/**
 * Money and number formatting.
 *
 * Decision (documented in docs/tariff-sources.md): amounts are computed in IEEE-754 doubles at full
 * precision and rounded only when they are output, half away from zero, to the cent. Tariff values are
 * given to the cent (or to 1/100 000 €/kWh), so a double carries them exactly enough (15+ significant
 * digits) for any amount below a billion euros; the `toPrecision(15)` step removes binary noise such as
 * 1.005 × 100 = 100.49999… before rounding.
 */

/** Rounds half away from zero to `decimals` decimals (2 by default: euro cents). */
export function roundHalfAwayFromZero(value: number, decimals = 2): number {
  if (!Number.isFinite(value)) {
    throw new RangeError(`Montant non fini : ${value}`);
  }
  const factor = 10 ** decimals;
  const x = Math.abs(value) * factor;
  // Fast path (ADR 0039: a dozen roundings per optimisation, each a decimal conversion there and back): the
  // `toPrecision(15)` step moves x by at most 6·10⁻¹⁵ × x, so when x is farther than 10⁻¹² × max(1, x) from the
  // nearest half-integer it cannot change what Math.round returns. From 5·10¹¹ up no x qualifies.
  const fraction = x - Math.floor(x);
  if (Math.abs(fraction - 0.5) > 1e-12 * Math.max(1, x)) {
    const fast = Math.round(x) / factor;
    return value < 0 ? -fast : fast;
  }
  const scaled = Number(x.toPrecision(15));
  const rounded = Math.round(scaled) / factor;
  return value < 0 ? -rounded : rounded;
}

/** Rounds a euro amount to the cent, half away from zero. */
export function roundEuros(value: number): number {
  return roundHalfAwayFromZero(value, 2);
}

/**
 * French number formatting for formulas: plain spaces as thousands separators and a
 * comma as decimal separator, e.g. `21 705,72`. Written by hand so the output does not depend on the ICU
 * data shipped with the runtime.
 */
export function formatNumberFr(value: number, minDecimals = 2, maxDecimals = minDecimals): string {
  const rounded = roundHalfAwayFromZero(value, maxDecimals);
  const negative = rounded < 0;
  let [intPart, decPart = ''] = Math.abs(rounded).toFixed(maxDecimals).split('.') as [string, string?];
  while (decPart.length > minDecimals && decPart.endsWith('0')) {
    decPart = decPart.slice(0, -1);
  }
  intPart = intPart.replace(/\B(?=(\d{3})+(?!\d))/g, ' ');
  return `${negative ? '-' : ''}${intPart}${decPart ? `,${decPart}` : ''}`;
}

/** `21 705,72 €` style. */
export function formatEuros(value: number): string {
  return `${formatNumberFr(value, 2, 2)} €`;
}

/** A ratio shown as a French percentage: 0.208 → `20,80 %`. */
export function formatPercentFr(ratio: number, decimals = 2): string {
  return `${formatNumberFr(ratio * 100, decimals, decimals)} %`;
}
