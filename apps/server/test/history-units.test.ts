/** The history's pure parts (ADR 0064): the line-by-line difference, the retention date, the configuration. */

import type { SimulationResultDto } from '@pilote/contracts';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config/env.ts';
import { bodyOfStoredInput, diffResults, monthsBefore } from '../src/modules/history/service.ts';

type Line = SimulationResultDto['lignes'][number];

function line(id: string, annualAmount: number | null, unitPrice = 1, label = `Ligne ${id}`): Line {
  return {
    id,
    category: 'abonnement',
    kind: annualAmount === null ? 'parMwh' : 'fixe',
    label,
    formula: '',
    inputs: {},
    unitPrice,
    unit: annualAmount === null ? '€/MWh' : '€/an',
    annualAmount,
    monthlyAmount: annualAmount === null ? null : annualAmount / 12,
    sourceIndices: [],
    isEstimate: false,
  };
}

const result = (lignes: Line[]): Pick<SimulationResultDto, 'lignes'> => ({ lignes });

describe('diffResults', () => {
  it('rounds each amount half away from zero to the cent and subtracts the rounded amounts', () => {
    // 0.125 → 0.13 and 0.114 → 0.11: the difference shown is 0.02, not round(0.011) = 0.01.
    const [first, total] = diffResults(result([line('a', 0.114)]), result([line('a', 0.125)]));
    expect(first).toEqual({ id: 'a', label: 'Ligne a', unit: '€/an', ancien: 0.11, nouveau: 0.13, difference: 0.02 });
    expect(total).toMatchObject({
      id: 'total',
      label: 'Total annuel HT',
      ancien: 0.11,
      nouveau: 0.13,
      difference: 0.02,
    });
  });

  it('keeps the new order, puts lines that disappeared last, and marks absent amounts null', () => {
    const lines = diffResults(
      result([line('gone', 100), line('kept', 1005.005)]),
      result([line('new', 10.1), line('kept', 1005.005)]),
    );
    expect(lines.map((l) => [l.id, l.ancien, l.nouveau, l.difference])).toEqual([
      ['new', null, 10.1, 10.1],
      ['kept', 1005.01, 1005.01, 0],
      ['gone', 100, null, -100],
      ['total', 1105.01, 1015.11, -89.9],
    ]);
  });

  it('compares the price of a per-MWh line without yearly amount (no assiette), left out of the total', () => {
    const [cee, total] = diffResults(result([line('cee', null, 6.1)]), result([line('cee', null, 6.345)]));
    expect(cee).toMatchObject({ unit: '€/MWh', ancien: 6.1, nouveau: 6.35, difference: 0.25 });
    expect(total).toMatchObject({ ancien: 0, nouveau: 0, difference: 0 });
  });
});

describe('monthsBefore', () => {
  it('goes back calendar months, the day clamped to the shorter month, the time kept', () => {
    expect(monthsBefore(new Date('2026-11-26T04:10:00Z'), 24).toISOString()).toBe('2024-11-26T04:10:00.000Z');
    expect(monthsBefore(new Date('2026-03-31T12:00:00Z'), 1).toISOString()).toBe('2026-02-28T12:00:00.000Z');
    expect(monthsBefore(new Date('2026-01-15T00:00:00Z'), 13).toISOString()).toBe('2024-12-15T00:00:00.000Z');
  });
});

describe('bodyOfStoredInput', () => {
  it('gives back the stored validated form as simulate fields, cpl as capacite, at the month asked', () => {
    const body = bodyOfStoredInput(
      { form: { pointDeReseau: 'LI', code: 'X', tso: 'NaTran', tarif: 'T4', profil: 'P016', cja: 100, cpl: 12 } },
      '2026-11',
    );
    expect(body).toMatchObject({ pointDeReseau: 'LI', cja: 100, capacite: 12, dso: '', dateEffetMonth: '2026-11' });
    expect(body.honeypot).toBe('');
  });
});

describe('HISTORY_RETENTION_MONTHS', () => {
  it('defaults to 24 months and refuses anything but a whole number of months from 1 to 120, in French', () => {
    expect(loadConfig({}).history.retentionMonths).toBe(24);
    expect(loadConfig({ HISTORY_RETENTION_MONTHS: '6' }).history.retentionMonths).toBe(6);
    for (const value of ['0', '121', '1.5', 'deux']) {
      expect(() => loadConfig({ HISTORY_RETENTION_MONTHS: value })).toThrow(
        /HISTORY_RETENTION_MONTHS.*nombre de mois/s,
      );
    }
  });
});
