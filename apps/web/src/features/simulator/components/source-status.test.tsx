import { describe, expect, it } from 'vitest';
import { sourceStatusLabel } from './simulation-results.tsx';

describe('the status of a result source (ADR 0050)', () => {
  it('names the kind of an estimate as the engine labels it', () => {
    expect(sourceStatusLabel({ status: 'estimate', basis: 'secondarySource' })).toBe('estimation (source secondaire)');
    expect(sourceStatusLabel({ status: 'estimate', basis: 'atrd7Formula' })).toBe(
      'estimation (formule de la délibération 2024-40)',
    );
    expect(sourceStatusLabel({ status: 'estimate', basis: 'carriedOver' })).toBe(
      'estimation (valeur précédente reconduite)',
    );
  });

  it('reads « estimation » without a basis, or with one this page does not know', () => {
    expect(sourceStatusLabel({ status: 'estimate', basis: null })).toBe('estimation');
    expect(sourceStatusLabel({ status: 'estimate', basis: 'unknown' })).toBe('estimation');
    expect(sourceStatusLabel({ status: null, basis: null })).toBe('estimation');
  });
});
