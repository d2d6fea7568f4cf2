import { describe, expect, it } from 'vitest';
import { frenchVatKey, isValidSiren, organisationBodySchema, organisationMessages } from './organisations.ts';

const messages = (input: Record<string, unknown>) => {
  const result = organisationBodySchema.safeParse({ name: 'Laiterie Martin', ...input });
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
};

describe('organisation identity', () => {
  it('checks the SIREN with the Luhn sum (INSEE)', () => {
    expect(isValidSiren('552032534')).toBe(true);
    expect(isValidSiren('732829320')).toBe(true);
    expect(isValidSiren('552032535')).toBe(false);
    expect(isValidSiren('55203253')).toBe(false);
    expect(isValidSiren('55203253a')).toBe(false);
  });

  it('computes the VAT key as (12 + 3 × (SIREN mod 97)) mod 97, on two digits', () => {
    expect(frenchVatKey('552032534')).toBe('27');
    expect(frenchVatKey('732829320')).toBe('44');
    // 000000000 mod 97 = 0 → key 12; a key below 10 keeps its leading zero.
    expect(frenchVatKey('000000000')).toBe('12');
    expect(frenchVatKey('000000029')).toBe('02');
  });

  it('normalises spaces and case, and says in French what is wrong', () => {
    const parsed = organisationBodySchema.parse({
      name: ' Laiterie ',
      siren: '552 032 534',
      vatNumber: 'fr 27 552 032 534',
    });
    expect(parsed).toEqual({ name: 'Laiterie', siren: '552032534', vatNumber: 'FR27552032534', address: null });
    expect(organisationBodySchema.parse({ name: 'X', siren: '', vatNumber: ' ' })).toMatchObject({
      siren: null,
      vatNumber: null,
    });
    expect(messages({ name: '   ' })).toEqual([organisationMessages.nameRequired]);
    expect(messages({ siren: '123' })).toEqual([organisationMessages.sirenFormat]);
    expect(messages({ siren: '552032535' })).toEqual([organisationMessages.sirenChecksum]);
    expect(messages({ vatNumber: 'FR99552032534' })).toEqual([organisationMessages.vatKey]);
    expect(messages({ vatNumber: 'BE0123456789' })).toEqual([organisationMessages.vatFormat]);
    expect(messages({ siren: '732829320', vatNumber: 'FR27552032534' })).toEqual([
      organisationMessages.vatSirenMismatch,
    ]);
  });
});
