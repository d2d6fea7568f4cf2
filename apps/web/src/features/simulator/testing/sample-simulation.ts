/**
 * A PITD T4 answer of `POST /api/simulator/simulate/` for tests: three lines whose sources point into one shared
 * list (ADR 0041), an estimate among them, sample data, and a signed PDF link. Shared by the page's journeys
 * (`app/routes/private/gas-simulator.test.tsx`) and the results view's own tests.
 */
export const sampleSimulateAnswer = {
  simulationId: 'sim-1',
  resultat: {
    mensuel: { abonnement: 1808.81, termeDistribution: 2616, ctaDso: 920.36 },
    annuel: { abonnement: 21705.72, termeDistribution: 31392 },
    parMwh: { accise: 16.39, cee: 6.1, termeProportionnel: 1.18 },
    lignes: [
      {
        id: 'atrd.abonnement',
        label: 'Abonnement distribution (ATRD7 GRDF, option T4)',
        formula: '21 705,72 €/an',
        unitPrice: 21705.72,
        unit: '€/an',
        annualAmount: 21705.72,
        monthlyAmount: 1808.81,
        sourceIndices: [0],
        isEstimate: false,
      },
      {
        id: 'atrd.capacite',
        label: 'Terme de capacité journalière (ATRD7 GRDF, option T4)',
        formula: '109 MWh/j × 288,00 €/MWh/j/an',
        unitPrice: 288,
        unit: '€/MWh/j/an',
        annualAmount: 31392,
        monthlyAmount: 2616,
        sourceIndices: [0, 2],
        isEstimate: false,
      },
      {
        id: 'cee',
        label: 'CEE',
        formula: '6,10 €/MWh',
        unitPrice: 6.1,
        unit: '€/MWh',
        annualAmount: null,
        monthlyAmount: null,
        sourceIndices: [1],
        isEstimate: true,
      },
    ],
    // Each source once (ADR 0041); lines point to theirs.
    sources: [
      { title: 'Délibération CRE n° 2025-122', url: 'https://www.cre.fr/d', publishedOn: null, status: 'secondary' },
      { title: 'Estimation interne', url: 'docs/x.md', publishedOn: null, status: 'estimate' },
      {
        title: 'Délibération CRE n° 2024-40',
        url: 'https://www.cre.fr/c',
        publishedOn: '2024-02-08',
        status: 'official',
      },
    ],
    warnings: ['Compensation stockage estimée.'],
    gridDates: { atrd: '2025-07-01' },
    usedSampleData: true,
    hasEstimates: true,
  },
  pdfUrl: '/api/simulator/simulations/sim-1/pdf?exp=1&sig=s',
};
