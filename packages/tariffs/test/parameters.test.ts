import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  acciseGazNaturel,
  addDays,
  atrdT4Abonnement,
  atrdTpAbonnement,
  atrtTcs,
  defineParameter,
  entryAt,
  getParameter,
  PARAMETER_REGISTRY,
  ParameterLookupError,
  prorate,
  referencesOf,
  resolveAt,
  SOURCES,
  snapshotAt,
  validateParameter,
  validateRegistry,
  valueAt,
} from '../src/index.ts';

describe('parameter registry', () => {
  it('lists every parameter once, each valid (dates sorted/unique, a reference for every date)', () => {
    expect(PARAMETER_REGISTRY.length).toBeGreaterThan(20);
    expect(validateRegistry()).toEqual([]);
  });

  it('writes the numbers of its notes the French way (decimal comma): the notes are shown as they are', () => {
    const notes = PARAMETER_REGISTRY.flatMap((p) => p.entries.map((e) => e.notes ?? ''));
    // A number with a decimal point, not a section number (« §5.2.2.1.3 »).
    expect(notes.filter((note) => /(?<![§\d.])\d+\.\d+(?![.\d])/.test(note))).toEqual([]);
  });

  it.each(PARAMETER_REGISTRY.map((p) => [p.id, p] as const))(
    '%s has a complete reference for each date',
    (_id, param) => {
      expect(param.entries.length).toBeGreaterThan(0);
      for (const entry of param.entries) {
        const refs = referencesOf(entry);
        expect(refs.length, `${param.id} @ ${entry.from}`).toBeGreaterThan(0);
        for (const ref of refs) {
          expect(ref.title.length).toBeGreaterThan(10);
          expect(ref.url).toMatch(/^(https:\/\/|docs\/)/);
        }
        expect(['official', 'secondary', 'estimate']).toContain(entry.status);
      }
      const dates = param.entries.map((e) => e.from);
      expect([...dates].sort()).toEqual(dates);
      expect(new Set(dates).size).toBe(dates.length);
    },
  );

  it('detects a missing reference, unsorted and invalid dates (the check can fail)', () => {
    const broken = defineParameter({
      id: 'test.broken',
      grid: 'ATRT8',
      description: 'paramètre de test',
      unit: '€/an',
      values: {
        '2025-04-01': { value: 2, reference: [], status: 'secondary' },
        '2024-04-01': { value: 1, reference: SOURCES.atrt8Deliberation, status: 'secondary' },
        '2024-02-30': { value: 3, reference: SOURCES.atrt8Deliberation, status: 'secondary' },
      },
      lastCheckedOn: '2026-11-21',
    });
    const problems = validateParameter(broken);
    expect(problems.some((p) => p.includes('aucune référence au 2025-04-01'))).toBe(true);
    expect(problems.some((p) => p.includes('dates non triées'))).toBe(true);
    expect(problems.some((p) => p.includes('date invalide'))).toBe(true);
    expect(validateRegistry([...PARAMETER_REGISTRY, broken]).length).toBeGreaterThan(0);
  });

  it('rejects duplicate ids', () => {
    expect(validateRegistry([atrtTcs, atrtTcs])).toContain('identifiant en double : atrt8.tcs');
  });

  it('gives a display snapshot, with null where no value is sourced', () => {
    const snap = snapshotAt('2026-02-01');
    const t4 = snap.find((s) => s.id === 'atrd7.grdf.t4.abonnement');
    expect(t4?.value).toBe(21705.72);
    expect(t4?.from).toBe('2025-07-01');
    expect(t4?.status).toBe('secondary');
    const tp = snap.find((s) => s.id === 'atrd7.grdf.tp.abonnement');
    expect(tp?.value).toBe(51721.8);
    const after = snapshotAt('2028-07-01').find((s) => s.id === 'atrd7.grdf.tp.abonnement');
    expect(after?.value).toBeNull();
    expect(getParameter('atrt8.tcs')).toBe(atrtTcs);
    expect(() => getParameter('nope')).toThrow('Paramètre inconnu');
  });
});

describe('valueAt / entryAt', () => {
  it('returns the value in force on a date (latest start ≤ date)', () => {
    expect(valueAt(atrdT4Abonnement, '2024-07-01')).toBe(20469.6);
    expect(valueAt(atrdT4Abonnement, '2025-06-30')).toBe(20469.6);
    expect(valueAt(atrdT4Abonnement, '2025-07-01')).toBe(21705.72);
    expect(valueAt(acciseGazNaturel, '2026-01-31')).toBe(15.43);
    expect(valueAt(acciseGazNaturel, '2026-02-01')).toBe(16.39);
    expect(entryAt(atrtTcs, '2025-12-01').from).toBe('2025-04-01');
  });

  it('throws a clear error before the first date and after a null end', () => {
    expect(() => valueAt(atrdT4Abonnement, '2024-06-30')).toThrow(ParameterLookupError);
    expect(() => valueAt(atrdT4Abonnement, '2024-06-30')).toThrow(/première valeur connue au 2024-07-01/);
    expect(() => valueAt(atrdTpAbonnement, '2028-07-01')).toThrow(/aucune valeur sourcée à partir du 2028-07-01/);
    expect(() => valueAt(atrdT4Abonnement, '2028-07-01')).toThrow(/données tarifaires ne sont pas disponibles/);
    expect(() => valueAt(atrdT4Abonnement, '2025-13-01')).toThrow(/date valide/);
  });

  it('carries references and the estimate flag', () => {
    const tcs2026 = resolveAt(atrtTcs, '2026-04-01');
    expect(tcs2026.value).toBe(127.8);
    expect(tcs2026.isEstimate).toBe(false);
    expect(tcs2026.sources[0]?.status).toBe('official');
    expect(tcs2026.sources[0]?.title).toMatch(/2026-28/);
    const tcs2027 = resolveAt(atrtTcs, '2027-04-01');
    expect(tcs2027.value).toBe(127.8);
    expect(tcs2027.isEstimate).toBe(true);
    expect(tcs2027.entry.notes).toMatch(/reconduite/);
    expect(resolveAt(atrtTcs, '2025-04-01').isEstimate).toBe(false);
  });
});

describe('prorate', () => {
  it('weights each value by its days in force', () => {
    // accise: 15.43 until 2026-01-31, 16.39 from 2026-02-01. January (31 d) + February (28 d).
    const p = prorate(acciseGazNaturel, '2026-01-01', '2026-03-01');
    expect(p.days).toBe(59);
    expect(p.segments.map((s) => [s.from, s.days, s.value])).toEqual([
      ['2026-01-01', 31, 15.43],
      ['2026-02-01', 28, 16.39],
    ]);
    expect(p.average).toBeCloseTo((31 * 15.43 + 28 * 16.39) / 59, 12);
  });

  it('is a plain value inside one period and refuses empty periods', () => {
    expect(prorate(atrtTcs, '2025-05-01', '2025-06-01').average).toBe(123.58);
    expect(() => prorate(atrtTcs, '2025-06-01', '2025-06-01')).toThrow(/Période vide/);
  });

  it('property: a period cut anywhere sums to the whole (days and amount)', () => {
    // ATRT8 TCS has values from 2024-04-01 to 2027-03-31: periods stay inside (≤ 1 000 days).
    const start = '2024-04-01';
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 400 }),
        fc.integer({ min: 1, max: 400 }),
        fc.integer({ min: 0, max: 200 }),
        (a, b, offset) => {
          const from = addDays(start, offset);
          const mid = addDays(from, a);
          const to = addDays(mid, b);
          const whole = prorate(atrtTcs, from, to);
          const left = prorate(atrtTcs, from, mid);
          const right = prorate(atrtTcs, mid, to);
          expect(left.days + right.days).toBe(whole.days);
          expect(left.average * left.days + right.average * right.days).toBeCloseTo(whole.average * whole.days, 6);
        },
      ),
      { numRuns: 200 },
    );
  });
});
