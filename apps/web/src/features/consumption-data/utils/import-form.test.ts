import { describe, expect, it } from 'vitest';
import { ApiClientError } from '../../../lib/api-error.ts';
import { checkImportInput, importErrorMessages } from './import-form.ts';

describe('consumption import form', () => {
  it('checks the PCE (14 digits, spaces allowed, may be empty) and the file', () => {
    expect(checkImportInput({ pce: '1234', csv: 'x' })).toBe('Le PCE doit contenir exactement 14 chiffres');
    expect(checkImportInput({ pce: '123 456 789 012 34', csv: 'date;kWh' })).toBeNull();
    expect(checkImportInput({ pce: '', csv: 'date;kWh' })).toBeNull();
    expect(checkImportInput({ pce: '12345678901234', csv: null })).toBe(
      'Veuillez joindre le fichier de consommation (CSV).',
    );
    expect(checkImportInput({ pce: '12345678901234', csv: 'x'.repeat(2_000_001) })).toMatch(/2 Mo/);
  });

  it("shows the server's line-numbered messages verbatim, first one first", () => {
    const error = new ApiClientError({
      status: 400,
      code: 'VALIDATION_FAILED',
      message: 'Ligne 12 : valeur « abc » illisible.',
      body: {
        error: 'Ligne 12 : valeur « abc » illisible.',
        details: [
          { path: '/csv', message: 'Ligne 12 : valeur « abc » illisible.' },
          { path: '/csv', message: 'Ligne 40 : date en double.' },
        ],
      },
    });
    expect(importErrorMessages(error)).toEqual(['Ligne 12 : valeur « abc » illisible.', 'Ligne 40 : date en double.']);
    expect(importErrorMessages(new Error('x'))).toEqual(["Échec de l'import des relevés."]);
  });
});
