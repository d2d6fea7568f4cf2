import { describe, expect, it } from 'vitest';
import { type SimulateBody, simulateBodySchema, validateSimulatorForm } from './simulator.ts';

/** A complete PITD T3 form for September 2026 (the TDN applies). */
const t3: SimulateBody = {
  pointDeReseau: 'PITD',
  code: 'GL1',
  commune: 'Lyon',
  tso: 'NaTran',
  dso: 'GRDF',
  tarif: 'T3',
  profil: 'P016',
  car: '500',
  dateEffetMonth: '2026-09',
  honeypot: '',
};

describe('validateSimulatorForm — débit normalisé (TDN, ADR 0026)', () => {
  it('is optional: a T3 form from July 2026 without it is valid', () => {
    const check = validateSimulatorForm(t3);
    expect(check.ok).toBe(true);
    expect(check.ok && check.value.debitNormalise).toBeUndefined();
  });

  it('reads a French number (Nm³/h)', () => {
    const check = validateSimulatorForm({ ...t3, debitNormalise: '163,36' });
    expect(check).toMatchObject({ ok: true, value: { debitNormalise: 163.36 } });
    expect(validateSimulatorForm({ ...t3, debitNormalise: 130 })).toMatchObject({
      ok: true,
      value: { debitNormalise: 130 },
    });
  });

  it('refuses text and negative values with a French message on the field', () => {
    expect(validateSimulatorForm({ ...t3, debitNormalise: 'beaucoup' })).toEqual({
      ok: false,
      code: 'VALIDATION_FAILED',
      field: 'debitNormalise',
      message: 'Valeur numérique invalide pour le champ « débit normalisé (Nm³/h) » : « beaucoup ».',
    });
    expect(validateSimulatorForm({ ...t3, debitNormalise: '-4' })).toEqual({
      ok: false,
      code: 'VALIDATION_FAILED',
      field: 'debitNormalise',
      message: 'La valeur du champ « débit normalisé (Nm³/h) » doit être positive ou nulle.',
    });
  });

  it('is declared on the request schema (a request with it parses)', () => {
    expect(simulateBodySchema.parse({ ...t3, debitNormalise: '163,36' }).debitNormalise).toBe('163,36');
  });
});
