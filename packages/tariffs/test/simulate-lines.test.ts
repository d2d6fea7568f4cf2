/**
 * Focused tests of the line builders behind simulate() (src/simulator/lines/). The golden tests remain the
 * acceptance; these pin what each builder owns: which input it checks, which dated values it reads, and how its
 * exact amounts feed the next builder.
 */
import { describe, expect, it } from 'vitest';
import { TariffDataUnavailableError, TariffInputError, UnsupportedCombinationError } from '../src/errors.ts';
import { ATRD7_GRDF } from '../src/parameters/atrd7-grdf.ts';
import { ATRT8 } from '../src/parameters/atrt8.ts';
import { resolveAt } from '../src/parameters/lookup.ts';
import { TAXES } from '../src/parameters/taxes.ts';
import { ctaRatesAt } from '../src/simulator/capacity-costs.ts';
import { transportCapacity } from '../src/simulator/lines/capacity.ts';
import { type SimulationContext, simulationContext } from '../src/simulator/lines/context.ts';
import { ctaLines } from '../src/simulator/lines/cta.ts';
import { distributionLines } from '../src/simulator/lines/distribution.ts';
import type { DraftLine } from '../src/simulator/lines/draft-line.ts';
import { storageLine } from '../src/simulator/lines/storage.ts';
import { acciseLine, ceeLine } from '../src/simulator/lines/taxes.ts';
import { exactAnnual, finishLines, fixedTotals } from '../src/simulator/lines/totals.ts';
import { transportLines } from '../src/simulator/lines/transport.ts';
import { referenceCaseInput } from '../src/simulator/reference-cases.ts';
import type { SimulationInput } from '../src/simulator/types.ts';

const DATE = '2026-02-01';

// The T4 reference case without its assiette (the CAR stands for it).
const { assiette: _assiette, ...t4 } = referenceCaseInput('T4');
const input = (overrides: Partial<SimulationInput> = {}): SimulationInput => ({ ...t4, ...overrides });

const context = (overrides: Partial<SimulationInput> = {}): SimulationContext =>
  simulationContext(input(overrides), DATE);

const sumExact = (lines: readonly DraftLine[]) => lines.reduce((acc, l) => acc + (l.annualExact ?? 0), 0);

/** What `run` throws (undefined when it returns). */
function thrownBy(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  return undefined;
}

describe('simulationContext', () => {
  it('normalises the TSO spelling and derives the point flags', () => {
    const ctx = context({ tso: 'GRTgaz', tarif: 'T2', cjsInterruptible: undefined });
    expect(ctx).toMatchObject({ tso: 'NaTran', isSubscribed: false, distributionConnected: true, interruptible: 0 });
    expect(context({ pointDeReseau: 'LI', tarif: 'T4' })).toMatchObject({
      isSubscribed: true,
      distributionConnected: false,
    });
  });

  it('reports the first missing field in form order (point before TSO before option)', () => {
    const bad = input({ pointDeReseau: 'XX' as never, tso: '', tarif: 'T9' as never });
    expect(thrownBy(() => simulationContext(bad, DATE))).toEqual(expect.objectContaining({ field: 'pointDeReseau' }));
    expect(thrownBy(() => simulationContext({ ...bad, pointDeReseau: 'PITD' }, DATE))).toEqual(
      expect.objectContaining({ field: 'tso' }),
    );
  });

  it('refuses a negative optional quantity and a DSO without a grid', () => {
    expect(() => context({ assiette: -1 })).toThrow(TariffInputError);
    expect(() => context({ dso: 'Régaz' })).toThrow(UnsupportedCombinationError);
    // The DSO only matters for a distribution-connected point.
    expect(() => context({ pointDeReseau: 'PIC', dso: 'Régaz' })).not.toThrow();
  });
});

describe('transportCapacity', () => {
  it('CJN = CAR × Zi × A for T1–T3, with the dated coefficient A of the TSO', () => {
    const a = resolveAt(ATRT8.coefficientA.NaTran, DATE);
    const capacity = transportCapacity(context({ tarif: 'T2' }));
    expect(capacity.capacity).toBeCloseTo(15466.8 * 0.0071 * a.value, 10);
    expect(capacity.resolved).toEqual([a]);
    expect(capacity.formula).toMatch(/^CJN = /);
  });

  it('the CJA for a subscribed option or a transport-connected point, no dated value read', () => {
    expect(transportCapacity(context({ tarif: 'T4' }))).toMatchObject({ capacity: 109, resolved: [] });
    expect(transportCapacity(context({ pointDeReseau: 'LI', cja: 40 }))).toMatchObject({ capacity: 40 });
    expect(() => transportCapacity(context({ tarif: 'T4', cja: undefined }))).toThrow('Veuillez indiquer la CJA.');
  });

  it('a CJN on sample reference data is flagged, a CJA is not', () => {
    const sample = { ntr: 2, zi: 0.0071, isSample: true };
    expect(transportCapacity(context({ tarif: 'T2', referentiel: sample })).fromSample).toBe(true);
    expect(transportCapacity(context({ tarif: 'T4', referentiel: sample })).fromSample).toBe(false);
  });
});

describe('distributionLines (ATRD7 GRDF)', () => {
  it('T4: subscription + capacity, fixed part = sum of the lines, proportional term apart', () => {
    const atrd = distributionLines(context({ tarif: 'T4' }), 109);
    expect(atrd.fixed.map((l) => l.id)).toEqual(['atrd.abonnement', 'atrd.capacite']);
    expect(atrd.fixedExact).toBeCloseTo(sumExact(atrd.fixed), 9);
    expect(atrd.proportional?.id).toBe('atrd.proportionnel');
    expect(atrd.proportionalPrice).toBe(resolveAt(ATRD7_GRDF.T4.proportionnel, DATE).value);
    expect(atrd.gridDate).toBe(resolveAt(ATRD7_GRDF.T4.abonnement, DATE).from);
    expect(atrd.warnings).toEqual([]);
  });

  it('T4 above the threshold: marginal bands, both rates cited, and a warning', () => {
    const threshold = resolveAt(ATRD7_GRDF.T4.seuilCapacite, DATE).value;
    const upTo = resolveAt(ATRD7_GRDF.T4.capaciteJusqua500, DATE).value;
    const above = resolveAt(ATRD7_GRDF.T4.capaciteAuDela500, DATE).value;
    const atrd = distributionLines(context({ tarif: 'T4' }), threshold + 100);
    const capacite = atrd.fixed.find((l) => l.id === 'atrd.capacite');
    expect(capacite?.annualExact).toBeCloseTo(threshold * upTo + 100 * above, 9);
    expect(capacite?.resolved).toHaveLength(3);
    expect(atrd.warnings[0]).toContain('tranches marginales');
  });

  it('another DSO than GRDF has no grid: unsupported, while GRDF works', () => {
    expect(() => distributionLines(context({ tarif: 'T4', dso: 'Régaz-Bordeaux' }), 109)).toThrow(
      UnsupportedCombinationError,
    );
    expect(() => distributionLines(context({ tarif: 'T4' }), 109)).not.toThrow();
  });
});

describe('transportLines (ATRT8)', () => {
  it('TCS + TCR × NTR + TCL on the capacity for a PITD; the fixed part is the sum of the lines', () => {
    const ctx = context({ tarif: 'T4', cpl: 500 });
    const atrt = transportLines(ctx, transportCapacity(ctx));
    expect(atrt.lines.map((l) => l.id)).toEqual(['atrt.tcs', 'atrt.tcr', 'atrt.tcl']);
    expect(atrt.lines[2]?.inputs).toEqual({ capacite: 109 }); // a PITD's TCL ignores the CPL
    expect(atrt.fixedExact).toBeCloseTo(sumExact(atrt.lines), 9);
    expect(atrt.lines[1]?.annualExact).toBeCloseTo(109 * atrt.rates.tcr.value * 2, 9);
  });

  it('a transport-connected point: TCL consumer on the CPL, plus the fixed term per poste in the CTA base', () => {
    const ctx = context({ pointDeReseau: 'PIC', tarif: 'T4', cja: 109, cpl: 150 });
    const atrt = transportLines(ctx, transportCapacity(ctx));
    expect(atrt.lines.map((l) => l.id)).toEqual(['atrt.tcs', 'atrt.tcr', 'atrt.tcl', 'atrt.poste']);
    expect(atrt.lines[2]?.inputs).toEqual({ capacite: 150 });
    expect(atrt.fixedExact).toBeCloseTo(sumExact(atrt.lines), 9);
    expect(atrt.fixedResolved.map((r) => r.parameterId)).toContain('atrt8.terme-fixe-poste.natran');
  });

  it('a date past the ATRT8 period has no grid: no line without it', () => {
    const ctx = { ...context({ pointDeReseau: 'PIC', tarif: 'T4', cja: 109 }), date: '2028-05-01' };
    expect(() => transportLines(ctx, transportCapacity(ctx))).toThrow(TariffDataUnavailableError);
  });
});

describe('storageLine', () => {
  const ctx = context({ tarif: 'T4', assiette: 18000 });
  const capacity = transportCapacity(ctx);
  const tts = resolveAt(ATRT8.tts, DATE).value;

  it('a modulation given wins over the history and the estimate', () => {
    const storage = storageLine(
      { ...ctx, modulation: 12, historiqueConsommation: [{ consoHiverMwh: 1, consoAnnuelleMwh: 2 }] },
      capacity,
    );
    expect(storage.line.annualExact).toBeCloseTo(12 * tts, 9);
    expect(storage.line.extraEstimate).toBe(false);
    expect(storage.warnings).toEqual([]);
  });

  it('without modulation nor history: estimated from the capacity and the CAR, with a warning', () => {
    const storage = storageLine(ctx, capacity);
    expect(storage.line.inputs.modulation).toBeCloseTo(Math.max(0, 109 - 15466.8 / 365), 9);
    expect(storage.line.extraEstimate).toBe(true);
    expect(storage.warnings).toHaveLength(1);
    expect(() => storageLine({ ...ctx, car: undefined, assiette: undefined }, capacity)).toThrow(
      "Veuillez indiquer l'assiette.",
    );
  });
});

describe('ctaLines', () => {
  const rates = ctaRatesAt(DATE);

  it('PITD: distribution and transport parts on the ATRD fixed part', () => {
    const cta = ctaLines({ kind: 'distribution', tarif: 'T4', exact: 1000, resolved: [] }, DATE);
    expect(cta.lines.map((l) => l.id)).toEqual(['cta.dso', 'cta.tso']);
    expect(sumExact(cta.lines)).toBeCloseTo(
      1000 * (rates.distribution.value + rates.transport.value * rates.coefficient.value),
      9,
    );
    expect(cta.warnings).toEqual([]);
    expect(cta.gridDate).toBe(rates.coefficient.from);
  });

  it('transport-connected: the transport rate on the capacity terms, flagged as an unverified reading', () => {
    const cta = ctaLines({ kind: 'transport', exact: 1000, resolved: [] }, DATE);
    expect(cta.lines).toHaveLength(1);
    expect(cta.lines[0]).toMatchObject({ id: 'cta.tso', extraEstimate: true });
    expect(cta.lines[0]?.annualExact).toBeCloseTo(1000 * rates.transport.value, 9);
    expect(cta.warnings).toHaveLength(1);
  });
});

describe('acciseLine and ceeLine', () => {
  it('read the dated accise and the dated default CEE cost', () => {
    expect(acciseLine(undefined, DATE)).toMatchObject({
      price: resolveAt(TAXES.accise, DATE).value,
      gridDate: resolveAt(TAXES.accise, DATE).from,
    });
    expect(ceeLine(undefined, 100, DATE)).toMatchObject({
      price: resolveAt(TAXES.ceeCoutDefaut, DATE).value,
      line: { inputs: { assiette: 100 } },
    });
  });

  it('a CEE value entered by the user has no grid date and cites the user as an estimate source', () => {
    const cee = ceeLine(3.5, undefined, DATE);
    expect(cee.gridDate).toBeNull();
    expect(cee.line.resolved).toEqual([]);
    expect(cee.line.extraSources?.[0]?.status).toBe('estimate');
  });
});

describe('finishLines and fixedTotals', () => {
  const line = (id: string, annualExact: number): DraftLine => ({
    id,
    category: 'ctaTso',
    kind: 'fixe',
    label: id,
    formula: '',
    inputs: {},
    unitPrice: 0,
    unit: '€/an',
    annualExact,
    resolved: [],
  });

  it('rounds each amount once: a total is the rounded exact sum, not the sum of rounded lines', () => {
    const lines = [line('a', 0.004), line('b', 0.004)];
    expect(finishLines(lines, undefined).map((l) => l.annualAmount)).toEqual([0, 0]);
    expect(fixedTotals(lines, undefined, 1).ctaTso).toBe(0.01);
  });

  it('a per-MWh line has an amount only with an assiette', () => {
    const accise = acciseLine(undefined, DATE).line;
    expect(exactAnnual(accise, undefined)).toBeNull();
    expect(exactAnnual(accise, 10)).toBeCloseTo(10 * accise.unitPrice, 9);
    expect(finishLines([accise], 10)[0]?.formula).toMatch(/^10 MWh × /);
  });
});
