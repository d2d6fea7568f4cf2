import ExcelJS from 'exceljs';
import { PITD_FIXTURE } from './simulator.ts';

/** What differs from one spec's sites to another's: the n-th site's name, PCE, CAR, CJA and tags. */
export interface WorkbookSite {
  name: string;
  pce: string;
  car: number;
  cja: number;
  tags: string;
}

/**
 * An XLSX of 50 sites written with exceljs (an independent writer), under the import's French column titles: PITD
 * points of the e2e table in Paris (1 … 50 rue de Rivoli), the odd ones T4 and the even ones T2, profile P016,
 * supplier Engie, contract end 30 September 2027; `site(n)` (n = 1 … 50) gives the rest. sites.spec imports it through
 * the dialog, portfolio.spec through the API.
 */
export async function fiftySitesWorkbook(site: (n: number) => WorkbookSite): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Sites');
  sheet.addRow([
    'Nom',
    'PCE',
    'Adresse',
    'Code postal',
    'Commune',
    'Type de point',
    'Code du point',
    'Option',
    'Profil',
    'CAR (MWh/an)',
    'CJA (MWh/j)',
    'Fournisseur',
    'Fin de contrat',
    'Étiquettes',
  ]);
  for (let n = 1; n <= 50; n += 1) {
    const { name, pce, car, cja, tags } = site(n);
    sheet.addRow([
      name,
      pce,
      `${n} rue de Rivoli`,
      '75001',
      'Paris',
      'PITD',
      PITD_FIXTURE.idf2Communes,
      n % 2 === 0 ? 'T2' : 'T4',
      'P016',
      car,
      cja,
      'Engie',
      new Date(Date.UTC(2027, 8, 30)),
      tags,
    ]);
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
