// `npm run tariffs:import -- pitd <fichier.csv>` / `npm run tariffs:import -- zi <fichier.csv>` [--sample]
// Imports a PITD or Zi table into the configured database as a new active version (the previous one is kept,
// deactivated). ADR 0011.
import { readFile } from 'node:fs/promises';
import { userInfo } from 'node:os';
import path from 'node:path';
import { PITD_CSV_HEADER, ZI_CSV_HEADER } from '@pilote/tariffs';
import { formatImportSummary, importReferenceFile, ReferenceImportError } from '../modules/reference-data/importer.ts';
import { CliError, runCli } from './run.ts';

const USAGE = `Usage : npm run tariffs:import -- <pitd|zi> <fichier.csv> [--sample]
Importe la table des PITD ou la table Zi (CSV UTF-8, séparateur « ; ») comme nouvelle version active ;
la version précédente est conservée, désactivée. --sample marque le fichier comme échantillon.
En-tête PITD : ${PITD_CSV_HEADER.join(';')}
En-tête Zi   : ${ZI_CSV_HEADER.join(';')}`;

function operator(): string {
  try {
    return `cli:${userInfo().username}`;
  } catch {
    return 'cli';
  }
}

await runCli(
  USAGE,
  { sample: { type: 'boolean' } },
  async (values, positionals) => {
    const [kind, file, ...rest] = positionals;
    if (!kind || !file || rest.length > 0) {
      throw new CliError('Indiquez le type de table (pitd ou zi) puis le fichier CSV.');
    }
    if (kind !== 'pitd' && kind !== 'zi') {
      throw new CliError(`Type de table inconnu : ${kind}. Types possibles : pitd, zi.`);
    }
    // npm runs the script from apps/server: a relative path is relative to where npm was started.
    const absolute = path.resolve(process.env.INIT_CWD ?? process.cwd(), file);
    let text: string;
    try {
      text = await readFile(absolute, 'utf8');
    } catch (error) {
      throw new CliError(
        `Impossible de lire le fichier ${absolute} : ${(error as NodeJS.ErrnoException).code ?? error}.`,
        {
          showUsage: false,
        },
      );
    }
    return { kind, text, fileName: path.basename(absolute), isSample: Boolean(values.sample) } as const;
  },
  async ({ kind, text, fileName, isSample }, { db }) => {
    try {
      const summary = await importReferenceFile(db, {
        kind,
        text,
        sourceFileName: fileName,
        importedBy: operator(),
        isSample,
      });
      return formatImportSummary(summary, fileName);
    } catch (error) {
      if (error instanceof ReferenceImportError) {
        throw new CliError(`Fichier « ${fileName} » : ${error.message}`, { showUsage: false });
      }
      throw error;
    }
  },
  { allowPositionals: true },
);
