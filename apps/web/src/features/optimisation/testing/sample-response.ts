import type { OptimisationResponse } from '@pilote/contracts';

const couts = (total: number) => ({
  transport_fixe: 1000,
  transport_stockage: 200,
  transport_penalites: 50,
  distribution_fixe: total - 1250,
  total_annuel: total,
});

/** A small valid answer of `POST /api/optimisation/` for tests (3 days, one estimated, one missing). */
export function sampleOptimisationResponse(overrides: Partial<OptimisationResponse> = {}): OptimisationResponse {
  const breakdown = (total: number) => ({
    ...couts(total),
    details: {
      atrdCapaciteAnnuelle: 0,
      atrdCapaciteMensuelle: 0,
      ctaCapacite: 0,
      transportCapaciteAnnuelle: 0,
      transportCapaciteMensuelle: 0,
      penalitesDistribution: 0,
      penalitesTransport: 0,
      penalitesParMois: {},
      joursEnDepassement: 0,
    },
  });
  return {
    dateEffet: '2025-07-01',
    tarif: 'T4',
    cjaOptimisee: 95,
    cjaActuelle: 120,
    economieAnnuelle: 4321.5,
    pourcentageEconomie: 12.34,
    couts: { avant: couts(35000), apres: couts(30678.5) },
    capacitesMensuelles: null,
    params: [
      {
        id: 'atrt8.penalite-depassement.coefficient',
        libelle: 'Coefficient de pénalité de dépassement (transport)',
        valeur: 0,
        unite: '×',
        statut: 'estimate',
        estimation: true,
        sources: [
          { title: 'Délibération CRE 2021-369', url: 'https://www.cre.fr/x', publishedOn: null, status: 'secondary' },
        ],
        notes: 'Prix non trouvé.',
      },
      {
        id: 'atrd7.t4.r1',
        libelle: 'Terme de capacité T4 (≤ 500 MWh/j)',
        valeur: 288,
        unite: '€/MWh/j/an',
        statut: 'official',
        estimation: false,
        sources: [],
        notes: null,
      },
    ],
    warnings: ['Un avertissement.'],
    hasEstimates: true,
    usedSampleData: false,
    series: {
      origine: 'mesures',
      estimation: false,
      message: 'Relevés du PCE 12345678901234 du 01/07/2024 au 30/06/2025.',
      source: {
        type: 'dataset',
        datasetId: 'ds-1',
        pce: '12345678901234',
        label: null,
        regle: 'annee-precedant-date-effet',
        debut: '2024-07-01',
        fin: '2025-06-30',
      },
      consoJournaliere: [
        { date: '2025-01-01', mwh: 100, qualite: 'mesure' },
        { date: '2025-01-02', mwh: 80, qualite: 'estime' },
        { date: '2025-01-03', mwh: 0, qualite: 'manquant' },
        { date: '2025-02-01', mwh: 50, qualite: 'mesure' },
      ],
      joursMesures: 2,
      joursEstimes: 1,
      joursManquants: 1,
      maxJournalier: 100,
      totalMwh: 230,
    },
    details: { avant: breakdown(35000), apres: breakdown(30678.5) },
    referentiel: {
      code: 'ECH-PITD-0001',
      libelle: 'ÉCHANTILLON Paris',
      commune: 'Paris',
      communeInsee: '75056',
      tso: 'NaTran',
      dso: 'GRDF',
      ntr: 2,
      stationMeteo: 'PARIS-MONTSOURIS',
      pitdDataset: {
        kind: 'pitd',
        isSample: true,
        origin: 'package',
        version: null,
        sourceFileName: null,
        importedAt: null,
        rowCount: 10,
        description: 'Échantillon',
      },
    },
    stats: { candidats: 12 },
    ...overrides,
  };
}
