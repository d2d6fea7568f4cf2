import { describe, expect, it } from 'vitest';
import { formatEuros, formatNumberFr, formatPercentFr, roundEuros, roundHalfAwayFromZero } from '../src/index.ts';

describe('money', () => {
  it('rounds half away from zero to the cent, without binary noise', () => {
    expect(roundEuros(1.005)).toBe(1.01);
    expect(roundEuros(-1.005)).toBe(-1.01);
    expect(roundEuros(920.36048)).toBe(920.36);
    expect(roundEuros(1741.275)).toBe(1741.28);
    expect(roundEuros(2.675)).toBe(2.68);
    expect(roundHalfAwayFromZero(0.125, 2)).toBe(0.13);
    expect(roundHalfAwayFromZero(66.6254, 3)).toBe(66.625);
  });

  it('formats numbers the French way', () => {
    expect(formatNumberFr(21705.72)).toBe('21 705,72');
    expect(formatNumberFr(288)).toBe('288,00');
    expect(formatNumberFr(109, 0, 3)).toBe('109');
    expect(formatNumberFr(66.625, 0, 3)).toBe('66,625');
    expect(formatEuros(53097.72)).toBe('53 097,72 €');
    expect(formatPercentFr(0.208)).toBe('20,80 %');
    expect(formatPercentFr(0.8321)).toBe('83,21 %');
  });
});
