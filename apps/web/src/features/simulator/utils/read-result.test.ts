import { describe, expect, it } from 'vitest';
import { findPdfUrl, normaliseKey, readNumber, readSimulationResult } from './read-result.ts';

const fixed = (factor: number) => ({
  abonnement: 21705.72 / factor,
  termeDistribution: 31392 / factor,
  termeTransport: 40503.31 / factor,
  compensationStockage: 22082.26 / factor,
  ctaTso: 2081 / factor,
  ctaDso: 11044.33 / factor,
  ctaTotal: 13125.33 / factor,
  totalFixe: 128808.61 / factor,
});

const apiAnswer = {
  simulationId: 'abc',
  resultat: {
    dateEffet: '2026-02-01',
    mensuel: { ...fixed(12), abonnement: 1808.81, ctaDso: 920.36 },
    annuel: fixed(1),
    parMwh: { accise: 16.39, ticgn: 16.39, cee: 6.1, termeProportionnel: 1.18 },
    lignes: [
      {
        id: 'atrd.abonnement',
        category: 'abonnement',
        kind: 'fixe',
        label: 'Abonnement distribution',
        formula: '21 705,72 €/an',
        inputs: { option: 'T4' },
        unitPrice: 21705.72,
        unit: '€/an',
        annualAmount: 21705.72,
        monthlyAmount: 1808.81,
        sourceIndices: [0],
        isEstimate: false,
      },
      {
        id: 'cee',
        kind: 'parMwh',
        label: 'CEE',
        formula: '6,10 €/MWh',
        unitPrice: 6.1,
        annualAmount: null,
        monthlyAmount: null,
        sourceIndices: [1],
        isEstimate: true,
      },
    ],
    sources: [
      { title: 'Délibération CRE', url: 'https://www.cre.fr/x', publishedOn: null, status: 'secondary' },
      { title: 'Estimation interne', url: 'docs/tariff-sources.md#cee', publishedOn: null, status: 'estimate' },
    ],
    warnings: ['Compensation stockage estimée.'],
    gridDates: { atrd: '2025-07-01', atrt: '2025-04-01', cee: null },
    usedSampleData: false,
    hasEstimates: true,
  },
  pdfUrl: '/api/simulator/simulations/abc/pdf?exp=1&sig=x',
  pdfUrlExpiresAt: '2026-11-21T23:06:40.000Z',
};

describe('readSimulationResult (spec §3)', () => {
  it('turns the grids read past their last sourced value into the « grille estimée » banner', () => {
    const answer = {
      ...apiAnswer,
      resultat: { ...apiAnswer.resultat, estimatedGrids: [{ grid: 'ATRD7 GRDF', lastSourcedOn: '2025-07-01' }] },
    };
    expect(readSimulationResult(answer).estimatedGridsNotice).toBe(
      "Grille estimée : ATRD7 GRDF (dernière valeur publiée dans nos sources : 1er juillet 2025). La grille en vigueur à cette date n'est pas encore publiée dans nos sources : les lignes marquées « Estimation » en sont une estimation, à confirmer à sa publication.",
    );
  });

  it('reads the API answer: monthly, annual, per MWh, lines, warnings, grid dates, PDF link', () => {
    const reading = readSimulationResult(apiAnswer);
    expect(reading.monthly.abonnement).toBe(1808.81);
    expect(reading.monthly.ctaDso).toBe(920.36);
    expect(reading.annual.abonnement).toBe(21705.72);
    expect(reading.annual.termeDistribution).toBe(31392);
    expect(reading.annual.ctaTotal).toBe(13125.33);
    expect(reading.perMwh).toEqual({ ticgn: 16.39, cee: 6.1, termeProportionnel: 1.18 });
    expect(reading.pdfUrl).toBe('/api/simulator/simulations/abc/pdf?exp=1&sig=x');
    expect(reading.warnings).toEqual(['Compensation stockage estimée.']);
    expect(reading.gridDates).toEqual([
      { key: 'atrd', date: '2025-07-01' },
      { key: 'atrt', date: '2025-04-01' },
    ]);
    expect(reading.dateEffet).toBe('2026-02-01');
    expect(reading.hasEstimates).toBe(true);
    expect(reading.estimatedGridsNotice).toBeNull();
    expect(reading.lines).toHaveLength(2);
    expect(reading.lines[0]).toMatchObject({
      label: 'Abonnement distribution',
      unitPrice: 21705.72,
      monthlyAmount: 1808.81,
      sources: [{ title: 'Délibération CRE', url: 'https://www.cre.fr/x' }],
      isEstimate: false,
    });
    // A source that is not a web address keeps its title, without a link.
    expect(reading.lines[1]?.sources[0]).toMatchObject({ title: 'Estimation interne', url: null, status: 'estimate' });
    expect(reading.lines[1]).toMatchObject({ isEstimate: true, monthlyAmount: null, annualAmount: null });
  });

  it('gives each line its own sources from the shared list (ADR 0041), in the line’s order', () => {
    const shared = [
      { title: 'A', url: 'https://www.cre.fr/a', publishedOn: '2024-02-08', status: 'official' },
      { title: 'B', url: 'https://www.cre.fr/b', publishedOn: null, status: 'secondary' },
      { title: '', url: 'not a link' },
      { title: 'C', url: 'docs/c.md', publishedOn: null, status: 'estimate', basis: 'atrd7Formula' },
    ];
    const line = (id: string, sourceIndices: unknown[]) => ({ id, label: id, sourceIndices });
    const reading = readSimulationResult({
      resultat: {
        lignes: [line('one', [1, 0]), line('two', [0]), line('three', [3, 2, 9, -1, 'x']), line('four', [])],
        sources: shared,
      },
    });
    const titles = reading.lines.map((item) => item.sources.map((source) => source.title));
    // An unreadable source (no title, no link) or a position outside the list is left out, not the others.
    expect(titles).toEqual([['B', 'A'], ['A'], ['C'], []]);
    expect(reading.lines[0]?.sources[1]).toEqual({
      title: 'A',
      url: 'https://www.cre.fr/a',
      publishedOn: '2024-02-08',
      status: 'official',
      basis: null,
    });
    // The kind of an estimate is read too (ADR 0050).
    expect(reading.lines[2]?.sources[0]).toMatchObject({ status: 'estimate', basis: 'atrd7Formula' });
    expect(reading.lines.map((item) => item.isEstimate)).toEqual([false, false, true, false]);
  });

  it('still reads answers whose lines carry their own sources (before ADR 0041)', () => {
    const reading = readSimulationResult({
      resultat: {
        lignes: [
          { id: 'a', label: 'A', sources: [{ title: 'Délibération CRE', url: 'https://www.cre.fr/x' }] },
          { id: 'b', label: 'B', source: { title: 'Arrêté', url: 'https://www.cre.fr/y' } },
        ],
      },
    });
    expect(reading.lines.map((item) => item.sources.map((source) => source.url))).toEqual([
      ['https://www.cre.fr/x'],
      ['https://www.cre.fr/y'],
    ]);
  });

  it("finds values under a 'Résultat' wrapper, case-insensitively, with French number strings", () => {
    const reading = readSimulationResult({
      Résultat: {
        Mensuel: { ABONNEMENT: '1 808,81', 'Terme Distribution': '2 616,00 €', CTA_DSO: '920,36' },
        ParMWh: { TICGN: '16,39', CEE: '6,1' },
      },
      pdf_url: 'https://exemple.fr/simulation.pdf',
    });
    expect(reading.monthly.abonnement).toBe(1808.81);
    expect(reading.monthly.termeDistribution).toBe(2616);
    expect(reading.monthly.ctaDso).toBe(920.36);
    expect(reading.perMwh.ticgn).toBe(16.39);
    expect(reading.perMwh.cee).toBe(6.1);
    expect(reading.pdfUrl).toBe('https://exemple.fr/simulation.pdf');
  });

  it('derives annual from monthly (× 12) and monthly from annual (/ 12)', () => {
    const reading = readSimulationResult({
      resultat: { mensuel: { abonnement: 100 }, annuel: { termeTransport: '1 200' } },
    });
    expect(reading.annual.abonnement).toBe(1200);
    expect(reading.monthly.termeTransport).toBe(100);
    expect(reading.monthly.ctaTso).toBeNull();
    expect(reading.annual.ctaTso).toBeNull();
  });

  it('reads flat names such as abonnementMensuel / abonnement_annuel', () => {
    const reading = readSimulationResult({ data: { abonnementMensuel: 10, termeTransport_annuel: 240 } });
    expect(reading.monthly.abonnement).toBe(10);
    expect(reading.annual.abonnement).toBe(120);
    expect(reading.monthly.termeTransport).toBe(20);
  });

  it('searches 6 levels deep, not deeper', () => {
    const nest = (depth: number, leaf: object): object =>
      depth === 0 ? leaf : { [`n${depth}`]: nest(depth - 1, leaf) };
    // mensuel at level 5, abonnement at level 6: found.
    expect(readSimulationResult(nest(4, { mensuel: { abonnement: 5 } })).monthly.abonnement).toBe(5);
    // One level deeper: out of reach.
    expect(readSimulationResult(nest(6, { mensuel: { abonnement: 5 } })).monthly.abonnement).toBeNull();
    expect(findPdfUrl(nest(5, { pdfUrl: '/a.pdf' }))).toBe('/a.pdf');
    expect(findPdfUrl(nest(6, { pdfUrl: '/a.pdf' }))).toBeNull();
  });

  it('looks the PDF link up under every alias, then any URL whose key mentions pdf; refuses unsafe links', () => {
    for (const key of ['pdfUrl', 'pdf_url', 'pdfSignedUrl', 'pdfLink', 'pdf', 'link', 'url', 'PDFURL']) {
      expect(findPdfUrl({ resultat: { [key]: '/rapport.pdf' } }), key).toBe('/rapport.pdf');
    }
    expect(findPdfUrl({ documents: { rapportPdfSigne: 'https://stockage.exemple/r.pdf' } })).toBe(
      'https://stockage.exemple/r.pdf',
    );
    expect(findPdfUrl({ pdfUrl: 'javascript:alert(1)' })).toBeNull();
    expect(findPdfUrl({ pdfUrl: '//ailleurs.exemple/x.pdf' })).toBeNull();
    expect(findPdfUrl({ pdf: true, resultat: {} })).toBeNull();
    expect(findPdfUrl({ pdfUrl: '', url: '/b.pdf' })).toBe('/b.pdf');
    expect(readSimulationResult({ resultat: {} }).pdfUrl).toBeNull();
  });

  it('tolerates anything', () => {
    for (const raw of [null, undefined, 42, 'texte', [], { resultat: [] }]) {
      const reading = readSimulationResult(raw);
      expect(reading.lines).toEqual([]);
      expect(reading.monthly.abonnement).toBeNull();
      expect(reading.pdfUrl).toBeNull();
    }
  });
});

describe('helpers', () => {
  it('normaliseKey drops case, accents and separators', () => {
    expect(normaliseKey('Résultat')).toBe('resultat');
    expect(normaliseKey('terme_Distribution')).toBe('termedistribution');
  });

  it('readNumber accepts comma decimals, spaces and a euro sign', () => {
    expect(readNumber('15 466,8')).toBe(15466.8);
    expect(readNumber('21\u202f705,72\u00a0€')).toBe(21705.72);
    expect(readNumber('1234.5')).toBe(1234.5);
    expect(readNumber(7)).toBe(7);
    expect(readNumber('douze')).toBeNull();
    expect(readNumber(Number.NaN)).toBeNull();
    expect(readNumber(null)).toBeNull();
  });
});
