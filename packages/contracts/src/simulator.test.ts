import { describe, expect, it } from 'vitest';
import {
  type LineSourceDto,
  type SimulateBody,
  simulateBodySchema,
  simulationResultSchema,
  sourceList,
  sourcesOfLine,
  validateSimulatorForm,
} from './simulator.ts';
import { valueStatusText } from './tariff-data.ts';

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

describe('simulation result: each source once (ADR 0041)', () => {
  const cre = { title: 'Délibération CRE n° 2025-122', url: 'https://www.cre.fr/d', publishedOn: '2025-05-22' };
  const official = { ...cre, status: 'official' as const };
  const secondary = {
    title: 'Grille GRDF',
    url: 'https://www.grdf.fr/g',
    publishedOn: null,
    status: 'secondary' as const,
  };
  const estimate = {
    title: 'Estimation interne',
    url: 'docs/tariff-sources.md#cee',
    publishedOn: null,
    status: 'estimate' as const,
  };
  const line = (id: string, sources: LineSourceDto[]) => ({
    id,
    category: 'abonnement' as const,
    kind: 'fixe' as const,
    label: id,
    formula: '1 €/an',
    inputs: {},
    unitPrice: 1,
    unit: '€/an',
    annualAmount: 1,
    monthlyAmount: 0.08,
    sources,
    isEstimate: false,
  });
  const lines = [
    line('a', [secondary, official]),
    line('b', [{ ...official }]),
    // Same text, another status: another source (the line would show it differently).
    line('c', [{ ...cre, status: 'estimate' }, estimate, secondary]),
    line('d', []),
  ];
  const montants = {
    abonnement: 1,
    termeDistribution: 0,
    termeTransport: 0,
    compensationStockage: 0,
    ctaTso: 0,
    ctaDso: 0,
    ctaTotal: 0,
    totalFixe: 1,
  };
  /** The lines pointing into one shared list, as the server maps them. */
  const share = () => {
    const shared = sourceList();
    const lignes = lines.map(({ sources, ...item }) => ({ ...item, sourceIndices: shared.indicesOf(sources) }));
    return { lignes, sources: shared.sources };
  };
  const result = (shared: ReturnType<typeof share>) => ({
    dateEffet: '2026-02-01',
    mensuel: montants,
    annuel: montants,
    parMwh: { accise: 16.39, ticgn: 16.39, cee: 6.1, termeProportionnel: 1.18 },
    lignes: shared.lignes,
    sources: shared.sources,
    warnings: [],
    gridDates: {
      atrd: null,
      atrt: '2025-04-01',
      stockage: '2025-04-01',
      cta: '2025-07-01',
      accise: '2026-02-01',
      cee: null,
    },
    usedSampleData: false,
    hasEstimates: false,
    referentiel: {
      ntr: 1,
      stationMeteo: null,
      zi: null,
      libelle: null,
      communeInsee: null,
      pitdDataset: null,
      ziDataset: null,
    },
  });

  it('sourceList keeps each source once, in order of first use, and every line points to its own', () => {
    const shared = share();
    expect(shared.sources).toEqual([secondary, official, { ...cre, status: 'estimate' }, estimate]);
    expect(shared.lignes.map((item) => item.sourceIndices)).toEqual([[0, 1], [1], [2, 3, 0], []]);
    for (const [index, item] of shared.lignes.entries()) {
      expect(sourcesOfLine(shared, item)).toEqual(lines[index]?.sources);
    }
    // A source without its publication date (older rows) is the one with `publishedOn: null`.
    const list = sourceList();
    const { publishedOn: _, ...undated } = secondary;
    expect(list.indicesOf([secondary, undated as LineSourceDto])).toEqual([0, 0]);
    expect(list.sources).toEqual([secondary]);
  });

  it('sourceList keeps apart two estimates of one source that differ by their basis, and the schema keeps the basis', () => {
    const observed = { ...cre, status: 'estimate' as const, basis: 'secondarySource' as const };
    const derived = { ...cre, status: 'estimate' as const, basis: 'atrd7Formula' as const };
    const list = sourceList();
    expect(list.indicesOf([observed, derived, { ...observed }])).toEqual([0, 1, 0]);
    expect(list.sources).toEqual([observed, derived]);
    const { sources: _, ...item } = line('e', [observed, derived]);
    const valid = result({
      lignes: [{ ...item, sourceIndices: list.indicesOf([observed, derived]) }],
      sources: list.sources,
    });
    expect(simulationResultSchema.parse(valid).sources).toEqual([observed, derived]);
  });

  it('the result schema accepts the shared shape and refuses a line pointing past the list or carrying no indices', () => {
    const valid = result(share());
    expect(simulationResultSchema.parse(valid)).toEqual(valid);
    const past = {
      ...valid,
      lignes: valid.lignes.map((item, index) => (index === 1 ? { ...item, sourceIndices: [4] } : item)),
    };
    const refused = simulationResultSchema.safeParse(past);
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]).toMatchObject({
      path: ['lignes'],
      message: 'Une ligne cite une source absente de la liste des sources.',
    });
    const { sourceIndices: _, ...withoutIndices } = valid.lignes[0] as (typeof valid.lignes)[number];
    expect(simulationResultSchema.safeParse({ ...valid, lignes: [withoutIndices] }).success).toBe(false);
    const { sources: __, ...withoutList } = valid;
    expect(simulationResultSchema.safeParse(withoutList).success).toBe(false);
  });
});

describe('status labels of tariff values (ADR 0050)', () => {
  it('says the kind of an estimate when it is known, capitalised as the other statuses', () => {
    expect(valueStatusText('official')).toBe('Officielle');
    expect(valueStatusText('estimate')).toBe('Estimation');
    expect(valueStatusText('estimate', null)).toBe('Estimation');
    expect(valueStatusText('estimate', 'secondarySource')).toBe('Estimation (source secondaire)');
    expect(valueStatusText('estimate', 'atrd7Formula')).toBe('Estimation (formule de la délibération 2024-40)');
    expect(valueStatusText('estimate', 'carriedOver')).toBe('Estimation (valeur précédente reconduite)');
    // A basis only qualifies an estimate.
    expect(valueStatusText('secondary', 'secondarySource')).toBe('Source secondaire');
  });
});
