import { describe, expect, it } from 'vitest';
import { currentTariffValues, storedOverlay } from './current-values.ts';

const stored = {
  parameterId: 'atrd7.grdf.t2.abonnement',
  validFrom: '2026-10-01',
  value: 1234.56,
  unit: '€/an' as const,
  status: 'official' as const,
  references: [{ title: 'Délibération de test', url: 'https://www.cre.fr/test', publishedOn: null }],
  note: '',
};

describe('currentTariffValues with the stored values (ADR 0025)', () => {
  it('shows a stored value from its date, with its reference, and the packaged one before', () => {
    const overlay = storedOverlay([stored]);
    const november = currentTariffValues('2026-11-23', overlay).find((v) => v.id === stored.parameterId);
    expect(november).toMatchObject({ value: 1234.56, from: '2026-10-01', status: 'official' });
    expect(november?.sources.map((s) => s.title)).toEqual(['Délibération de test']);
    const september = currentTariffValues('2026-09-30', overlay).find((v) => v.id === stored.parameterId);
    expect(september?.value).toBe(currentTariffValues('2026-09-30').find((v) => v.id === stored.parameterId)?.value);
  });

  it('leaves out a stored value whose unit no longer matches its parameter', () => {
    const overlay = storedOverlay([{ ...stored, unit: '€/MWh' }]);
    expect(currentTariffValues('2026-11-23', overlay)).toEqual(currentTariffValues('2026-11-23'));
  });
});
