import type { Database } from '../../src/db/client.ts';
import { importReferenceFile } from '../../src/modules/reference-data/importer.ts';

/** The PITD table's line of Nice (NaTran, NTR 2): the commune of the public Feb-2026 T4 invoices of the audit tests. */
export const NICE_PITD_CSV =
  'code_pitd;libelle;commune_insee;commune;gestionnaire_transport;gestionnaire_distribution;ntr;station_meteo\nGI060012;Nice (NaTran, NTR 2);06088;Nice;NaTran;GRDF;2;PARIS-MONTSOURIS\n';

/** Imports Nice's PITD line as an operator's PITD file named `sourceFileName`. */
export async function importNicePitd(db: Database, sourceFileName: string): Promise<void> {
  await importReferenceFile(db, { kind: 'pitd', text: NICE_PITD_CSV, sourceFileName, importedBy: 'test' });
}
