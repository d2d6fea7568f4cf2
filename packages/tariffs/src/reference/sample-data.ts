import type { PitdRow, ProfilCode, ReferenceDataset, TransportPointKind, TransportPointRow, ZiRow } from './types.ts';
import { PROFIL_CODES } from './types.ts';
import { STATIONS_METEO } from './weather-stations.ts';

/**
 * ÉCHANTILLON — NOT OFFICIAL DATA.
 *
 * The official PITD table (maintained by GRDF, published on the CRE concertation site) and the Zi table
 * could not be reached. These rows only let the product run end to end until the official files are
 * imported with the CSV importer. Communes and INSEE codes are real; PITD codes, NTR and station
 * assignments are invented for the sample and must not be used for a real quote. Every simulation run
 * with them reports `usedSampleData: true`.
 */
export const SAMPLE_PITD: ReferenceDataset<PitdRow> = {
  isSample: true,
  description: 'Échantillon de la table des PITD (codes fictifs, à remplacer par le fichier officiel).',
  source: 'Échantillon fabriqué pour le développement — aucune source officielle.',
  rows: [
    {
      codePitd: 'ECH-PITD-0001',
      libelle: 'ÉCHANTILLON Paris (NaTran, NTR 2)',
      communeInsee: '75056',
      commune: 'Paris',
      gestionnaireTransport: 'NaTran',
      gestionnaireDistribution: 'GRDF',
      ntr: 2,
      stationMeteo: 'PARIS-MONTSOURIS',
    },
    {
      codePitd: 'ECH-PITD-0002',
      libelle: 'ÉCHANTILLON Lyon (NaTran, NTR 1)',
      communeInsee: '69123',
      commune: 'Lyon',
      gestionnaireTransport: 'NaTran',
      gestionnaireDistribution: 'GRDF',
      ntr: 1,
      stationMeteo: 'LYON-BRON',
    },
    {
      codePitd: 'ECH-PITD-0003',
      libelle: 'ÉCHANTILLON Lille (NaTran, NTR 0)',
      communeInsee: '59350',
      commune: 'Lille',
      gestionnaireTransport: 'NaTran',
      gestionnaireDistribution: 'GRDF',
      ntr: 0,
      stationMeteo: 'LILLE-LESQUIN',
    },
    {
      codePitd: 'ECH-PITD-0004',
      libelle: 'ÉCHANTILLON Bordeaux (Teréga, NTR 1)',
      communeInsee: '33063',
      commune: 'Bordeaux',
      gestionnaireTransport: 'Teréga',
      gestionnaireDistribution: 'GRDF',
      ntr: 1,
      stationMeteo: 'BORDEAUX MERIGNAC',
    },
    {
      codePitd: 'ECH-PITD-0004',
      libelle: 'ÉCHANTILLON Bordeaux (Teréga, NTR 1)',
      communeInsee: '33069',
      commune: 'Le Bouscat',
      gestionnaireTransport: 'Teréga',
      gestionnaireDistribution: 'GRDF',
      ntr: 1,
      stationMeteo: 'BORDEAUX MERIGNAC',
    },
    {
      codePitd: 'ECH-PITD-0005',
      libelle: 'ÉCHANTILLON Toulouse (Teréga, NTR 3)',
      communeInsee: '31555',
      commune: 'Toulouse',
      gestionnaireTransport: 'Teréga',
      gestionnaireDistribution: 'GRDF',
      ntr: 3,
      stationMeteo: 'TOULOUSE-BLAGNAC',
    },
  ],
};

/**
 * ÉCHANTILLON — NOT OFFICIAL DATA. Zi values per station × profile, invented with a plausible order of
 * magnitude (peak-day share of the annual consumption, increasing from P011 to P019 and from mild to cold
 * climates). Replace with the official Zi table through the `zi` CSV importer.
 */
const SAMPLE_ZI_BASE: Record<ProfilCode, number> = {
  P011: 0.0032,
  P012: 0.0045,
  P013: 0.0052,
  P014: 0.0058,
  P015: 0.0063,
  P016: 0.0068,
  P017: 0.0072,
  P018: 0.0076,
  P019: 0.008,
};
const SAMPLE_ZONE_FACTOR = { H1: 1, H2: 0.95, H3: 0.9 } as const;
const SAMPLE_ZI_STATIONS = ['PARIS-MONTSOURIS', 'LYON-BRON', 'LILLE-LESQUIN', 'BORDEAUX MERIGNAC', 'TOULOUSE-BLAGNAC'];

export const SAMPLE_ZI: ReferenceDataset<ZiRow> = {
  isSample: true,
  description: 'Échantillon de la table Zi (valeurs fictives, à remplacer par la table officielle).',
  source: 'Échantillon fabriqué pour le développement — aucune source officielle.',
  rows: SAMPLE_ZI_STATIONS.flatMap((stationMeteo) => {
    const zone = STATIONS_METEO.find((s) => s.code === stationMeteo)?.zoneClimatique ?? 'H1';
    return PROFIL_CODES.map((profil) => ({
      stationMeteo,
      profil,
      zi: Number((SAMPLE_ZI_BASE[profil] * SAMPLE_ZONE_FACTOR[zone]).toFixed(5)),
    }));
  }),
};

/** Finds the Zi of a station × profile in a dataset (undefined when absent). */
export function findZi(dataset: ReferenceDataset<ZiRow>, stationMeteo: string, profil: ProfilCode): number | undefined {
  return dataset.rows.find((r) => r.stationMeteo === stationMeteo && r.profil === profil)?.zi;
}

/**
 * ÉCHANTILLON — NOT OFFICIAL DATA. LI points (industrial delivery points on the transport network, ADR 0024).
 * No public list of LI points (code, communes, TSO, NTR) was found: communes and INSEE codes are real, codes and
 * NTR are invented so that the product runs end to end until the operator imports the real table
 * (`npm run tariffs:import -- li <fichier.csv>`). Every simulation run with them reports `usedSampleData: true`.
 */
export const SAMPLE_LI: ReferenceDataset<TransportPointRow> = {
  isSample: true,
  description: 'Échantillon de la table des points LI (codes fictifs, à remplacer par le fichier du GRT).',
  source: 'Échantillon fabriqué pour le développement — aucune source officielle.',
  rows: [
    {
      code: 'ECH-LI-0001',
      libelle: 'ÉCHANTILLON Dunkerque (NaTran, NTR 1)',
      communeInsee: '59183',
      commune: 'Dunkerque',
      gestionnaireTransport: 'NaTran',
      ntr: 1,
    },
    {
      code: 'ECH-LI-0002',
      libelle: 'ÉCHANTILLON Fos-sur-Mer (NaTran, NTR 3)',
      communeInsee: '13039',
      commune: 'Fos-sur-Mer',
      gestionnaireTransport: 'NaTran',
      ntr: 3,
    },
    {
      code: 'ECH-LI-0003',
      libelle: 'ÉCHANTILLON Lacq (Teréga, NTR 2)',
      communeInsee: '64300',
      commune: 'Lacq',
      gestionnaireTransport: 'Teréga',
      ntr: 2,
    },
    {
      code: 'ECH-LI-0003',
      libelle: 'ÉCHANTILLON Lacq (Teréga, NTR 2)',
      communeInsee: '64410',
      commune: 'Mourenx',
      gestionnaireTransport: 'Teréga',
      ntr: 2,
    },
  ],
};

/**
 * ÉCHANTILLON — NOT OFFICIAL DATA. PIC points (consumer interface points on the transport network, ADR 0024),
 * invented like {@link SAMPLE_LI}; replace with `npm run tariffs:import -- pic <fichier.csv>`.
 */
export const SAMPLE_PIC: ReferenceDataset<TransportPointRow> = {
  isSample: true,
  description: 'Échantillon de la table des points PIC (codes fictifs, à remplacer par le fichier du GRT).',
  source: 'Échantillon fabriqué pour le développement — aucune source officielle.',
  rows: [
    {
      code: 'ECH-PIC-0001',
      libelle: 'ÉCHANTILLON Le Havre (NaTran, NTR 2)',
      communeInsee: '76351',
      commune: 'Le Havre',
      gestionnaireTransport: 'NaTran',
      ntr: 2,
    },
    {
      code: 'ECH-PIC-0002',
      libelle: 'ÉCHANTILLON Pau (Teréga, NTR 1)',
      communeInsee: '64445',
      commune: 'Pau',
      gestionnaireTransport: 'Teréga',
      ntr: 1,
    },
  ],
};

/** The sample table of a transport-connected point kind. */
export function sampleTransportPoints(kind: TransportPointKind): ReferenceDataset<TransportPointRow> {
  return kind === 'LI' ? SAMPLE_LI : SAMPLE_PIC;
}
