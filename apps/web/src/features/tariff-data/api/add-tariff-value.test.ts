import { describe, expect, it } from 'vitest';
import { addValueFormSchema, toAddTariffValueBody } from './add-tariff-value.ts';

const form = {
  parameterId: 'atrd7.grdf.t4.abonnement',
  validFrom: '2026-09-01',
  value: '23 456,78',
  unit: '€/an',
  status: 'official',
  referenceTitle: 'Délibération CRE',
  referenceUrl: 'https://www.cre.fr/x',
  note: '',
};

describe('add value form', () => {
  it('reads a French number and sends one reference', () => {
    const parsed = addValueFormSchema.parse(form);
    expect(toAddTariffValueBody(parsed)).toEqual({
      parameterId: 'atrd7.grdf.t4.abonnement',
      validFrom: '2026-09-01',
      value: 23456.78,
      unit: '€/an',
      status: 'official',
      references: [{ title: 'Délibération CRE', url: 'https://www.cre.fr/x', publishedOn: null }],
      note: '',
    });
    expect(toAddTariffValueBody(addValueFormSchema.parse({ ...form, value: 'fin' })).value).toBeNull();
  });

  it('refuses a unit other than the parameter’s, on the unit field, in French', () => {
    const result = addValueFormSchema.safeParse({ ...form, unit: '€/MWh' });
    expect(result.success).toBe(false);
    expect(result.error?.issues).toEqual([
      expect.objectContaining({
        path: ['unit'],
        message:
          'L’unité « €/MWh » ne correspond pas à celle du paramètre « Option T4 — abonnement annuel (terme Rf inclus) » (€/an).',
      }),
    ]);
  });

  it('refuses a value that is not a number and an address that is not a web address', () => {
    const result = addValueFormSchema.safeParse({ ...form, value: 'douze', referenceUrl: 'cre.fr' });
    expect(result.error?.issues.map((i) => i.path[0])).toEqual(['value', 'referenceUrl']);
  });
});
