import type { StationMeteo } from './types.ts';

/**
 * Weather stations of the Zi table, as listed by a secondary source (EnergySystemModels-fr,
 * docs/source/010-achat-energie/contrat_gaz.rst). That source announces 36 stations but lists 35; the
 * official list comes with the PITD / Zi files (importers accept any station code).
 */
export const STATIONS_METEO_SOURCE =
  'EnergySystemModels-fr, docs/source/010-achat-energie/contrat_gaz.rst (source secondaire : 35 stations listées sur 36 annoncées)';

export const STATIONS_METEO: readonly StationMeteo[] = [
  { code: 'PARIS-MONTSOURIS', numero: '75114001', zoneClimatique: 'H1', region: 'Île-de-France' },
  { code: 'LILLE-LESQUIN', numero: '59343001', zoneClimatique: 'H1', region: 'Hauts-de-France' },
  { code: 'REIMS-PRUNAY', numero: '51449002', zoneClimatique: 'H1', region: 'Grand Est' },
  { code: 'METZ-FRESCATY', numero: '57039001', zoneClimatique: 'H1', region: 'Grand Est' },
  { code: 'ENTZHEIM', numero: '67124001', zoneClimatique: 'H1', region: 'Grand Est' },
  { code: 'COLMAR-MEYENHEIM', numero: '68205001', zoneClimatique: 'H1', region: 'Grand Est' },
  { code: 'BALE-MULHOUSE', numero: '68297001', zoneClimatique: 'H1', region: 'Grand Est' },
  { code: 'ROUEN-BOOS', numero: '76116001', zoneClimatique: 'H1', region: 'Normandie' },
  { code: 'CHARTRES', numero: '28070001', zoneClimatique: 'H1', region: 'Centre-Val de Loire' },
  { code: 'AUXERRE-PERRIGNY', numero: '89295001', zoneClimatique: 'H1', region: 'Bourgogne-Franche-Comté' },
  { code: 'DIJON-LONGVIC', numero: '21473001', zoneClimatique: 'H1', region: 'Bourgogne-Franche-Comté' },
  { code: 'BESANCON', numero: '25056001', zoneClimatique: 'H1', region: 'Bourgogne-Franche-Comté' },
  { code: 'LUXEUIL', numero: '70473001', zoneClimatique: 'H1', region: 'Bourgogne-Franche-Comté' },
  { code: 'LYON-BRON', numero: '69029001', zoneClimatique: 'H1', region: 'Auvergne-Rhône-Alpes' },
  { code: 'ST-ETIENNE-BOUTHEON', numero: '42005001', zoneClimatique: 'H1', region: 'Auvergne-Rhône-Alpes' },
  { code: 'CLERMONT-FERRAND', numero: '63113001', zoneClimatique: 'H1', region: 'Auvergne-Rhône-Alpes' },
  { code: 'GRENOBLE-ST-GEOIRS', numero: '38384001', zoneClimatique: 'H1', region: 'Auvergne-Rhône-Alpes' },
  { code: 'CHAMBERY-AIX', numero: '73329001', zoneClimatique: 'H1', region: 'Auvergne-Rhône-Alpes' },
  { code: 'BONNEVILLE', numero: '74042003', zoneClimatique: 'H1', region: 'Auvergne-Rhône-Alpes' },
  { code: 'BREST-GUIPAVAS', numero: '29075001', zoneClimatique: 'H2', region: 'Bretagne' },
  { code: 'DINARD-LE-PLEURTUIT', numero: '35228001', zoneClimatique: 'H2', region: 'Bretagne' },
  { code: 'NANTES-BOUGUENAIS', numero: '44020001', zoneClimatique: 'H2', region: 'Pays de la Loire' },
  { code: 'TOURS', numero: '37179001', zoneClimatique: 'H2', region: 'Centre-Val de Loire' },
  { code: 'BOURGES', numero: '18033001', zoneClimatique: 'H2', region: 'Centre-Val de Loire' },
  { code: 'COGNAC', numero: '16089001', zoneClimatique: 'H2', region: 'Nouvelle-Aquitaine' },
  { code: 'BORDEAUX MERIGNAC', numero: '33281001', zoneClimatique: 'H2', region: 'Nouvelle-Aquitaine' },
  { code: 'AGEN', numero: '47091001', zoneClimatique: 'H2', region: 'Nouvelle-Aquitaine' },
  { code: 'BIARRITZ-ANGLET', numero: '64024001', zoneClimatique: 'H2', region: 'Nouvelle-Aquitaine' },
  { code: 'PAU-UZEIN', numero: '64549001', zoneClimatique: 'H2', region: 'Nouvelle-Aquitaine' },
  { code: 'TOULOUSE-BLAGNAC', numero: '31069001', zoneClimatique: 'H2', region: 'Occitanie' },
  { code: 'MONTELIMAR', numero: '26198001', zoneClimatique: 'H2', region: 'Auvergne-Rhône-Alpes' },
  { code: 'NICE', numero: '06088001', zoneClimatique: 'H3', region: 'Provence-Alpes-Côte d’Azur' },
  { code: 'MARIGNANE', numero: '13054001', zoneClimatique: 'H3', region: 'Provence-Alpes-Côte d’Azur' },
  { code: 'NIMES-COURBESSAC', numero: '30189001', zoneClimatique: 'H3', region: 'Occitanie' },
  { code: 'PERPIGNAN', numero: '66136001', zoneClimatique: 'H3', region: 'Occitanie' },
];
