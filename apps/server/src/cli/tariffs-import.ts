// `npm run tariffs:import -- pitd|zi|li|pic <fichier.csv>` [--sample]
// Imports a PITD, Zi, LI or PIC table into the configured database as a new active version (the previous one is kept,
// deactivated). ADR 0011. The file is read here; its text goes through the running server's control channel
// when the server holds the PGlite folder (ADR 0017).
import { readFile } from 'node:fs/promises';
import { userInfo } from 'node:os';
import path from 'node:path';
import { PITD_CSV_HEADER, TRANSPORT_POINT_CSV_HEADER, ZI_CSV_HEADER } from '@pilote/invoices/csv';
import { z } from 'zod';
import { formatImportSummary, importReferenceFile, ReferenceImportError } from '../modules/reference-data/importer.ts';
import { auditCliReferenceImport } from '../modules/tariff-data/repository.ts';
import { CliError, type CliIo, type OperatorCommand, runOperatorCommand } from './command.ts';

function operator(): string {
  try {
    return `cli:${userInfo().username}`;
  } catch {
    return 'cli';
  }
}

const inputSchema = z.object({
  kind: z.enum(['pitd', 'zi', 'li', 'pic']),
  text: z.string(),
  fileName: z.string().min(1).max(255),
  isSample: z.boolean(),
  importedBy: z.string().min(1).max(100),
});

export const tariffsImportCommand: OperatorCommand<z.infer<typeof inputSchema>> = {
  name: 'tariffs:import',
  usage: `Usage : npm run tariffs:import -- <pitd|zi|li|pic> <fichier.csv> [--sample]
Importe la table des PITD, la table Zi ou la table des points LI ou PIC (CSV UTF-8, séparateur « ; ») comme
nouvelle version active ; la version précédente est conservée, désactivée. --sample marque le fichier comme
échantillon.
En-tête PITD     : ${PITD_CSV_HEADER.join(';')}
En-tête Zi       : ${ZI_CSV_HEADER.join(';')}
En-tête LI / PIC : ${TRANSPORT_POINT_CSV_HEADER.join(';')}`,
  options: { sample: { type: 'boolean' } },
  allowPositionals: true,
  inputSchema,
  parseArguments: async (values, positionals, env) => {
    const [kind, file, ...rest] = positionals;
    if (!kind || !file || rest.length > 0) {
      throw new CliError('Indiquez le type de table (pitd, zi, li ou pic) puis le fichier CSV.');
    }
    if (kind !== 'pitd' && kind !== 'zi' && kind !== 'li' && kind !== 'pic') {
      throw new CliError(`Type de table inconnu : ${kind}. Types possibles : pitd, zi, li, pic.`);
    }
    // npm runs the script from apps/server: a relative path is relative to where npm was started.
    const absolute = path.resolve(env.INIT_CWD ?? process.cwd(), file);
    let text: string;
    try {
      text = await readFile(absolute, 'utf8');
    } catch (error) {
      throw new CliError(
        `Impossible de lire le fichier ${absolute} : ${(error as NodeJS.ErrnoException).code ?? error}.`,
        { showUsage: false },
      );
    }
    return { kind, text, fileName: path.basename(absolute), isSample: Boolean(values.sample), importedBy: operator() };
  },
  execute: async ({ kind, text, fileName, isSample, importedBy }, { db, checkReferenceFile }) => {
    try {
      const summary = await importReferenceFile(
        db,
        { kind, text, sourceFileName: fileName, importedBy, isSample },
        checkReferenceFile,
      );
      // Shown in the admin panel's audit log with the panel's imports (ADR 0025).
      await auditCliReferenceImport(db, { importedBy, fileName, ...summary });
      return formatImportSummary(summary, fileName);
    } catch (error) {
      if (error instanceof ReferenceImportError) {
        throw new CliError(`Fichier « ${fileName} » : ${error.message}`, { showUsage: false });
      }
      throw error;
    }
  },
};

export const main = (args: string[], io: CliIo): Promise<number> => runOperatorCommand(tariffsImportCommand, args, io);
