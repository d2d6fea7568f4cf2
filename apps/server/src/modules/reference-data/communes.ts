import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

/**
 * French communes from `@etalab/decoupage-administratif` (INSEE's Code officiel géographique, maintained by
 * Etalab): current communes, delegated and associated communes and municipal arrondissements. Loaded once,
 * on first use (the file is about 13 MB), and only by the importer.
 */
interface CommuneRecord {
  code: string;
  nom: string;
  type: string;
}

export interface CommuneDirectory {
  /** Names known for an INSEE code (a code can carry a current and a delegated commune). */
  namesOf(insee: string): readonly string[];
  /** True when `name` is one of the code's names, ignoring case, accents, hyphens and apostrophes. */
  matches(insee: string, name: string): boolean;
  readonly size: number;
}

/** Lower case, no accents, hyphens / apostrophes / dots as spaces, one space between words; "St" = "Saint". */
export function normaliseCommuneName(name: string): string {
  return name
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/œ/g, 'oe')
    .replace(/æ/g, 'ae')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
    .replace(/\b(ste)\b/g, 'sainte')
    .replace(/\b(st)\b/g, 'saint');
}

let cached: CommuneDirectory | undefined;

/** True once this thread has loaded the directory (the server's main thread never should: imports check in a worker). */
export function communeDirectoryLoaded(): boolean {
  return cached !== undefined;
}

/**
 * @internal Tests only: drops this thread's copy, so that `communeDirectoryLoaded()` tells whether the code run
 * afterwards loads it (test files share one module registry per test worker, ADR 0040).
 */
export function forgetCommuneDirectory(): void {
  cached = undefined;
}

export function loadCommuneDirectory(): CommuneDirectory {
  if (cached) {
    return cached;
  }
  const require = createRequire(import.meta.url);
  const file = require.resolve('@etalab/decoupage-administratif/data/communes.json');
  const records = JSON.parse(readFileSync(file, 'utf8')) as CommuneRecord[];
  const byCode = new Map<string, string[]>();
  for (const record of records) {
    const names = byCode.get(record.code);
    if (names) {
      if (!names.includes(record.nom)) {
        names.push(record.nom);
      }
    } else {
      byCode.set(record.code, [record.nom]);
    }
  }
  const directory: CommuneDirectory = {
    namesOf: (insee) => byCode.get(insee) ?? [],
    matches: (insee, name) => {
      const wanted = normaliseCommuneName(name);
      return (byCode.get(insee) ?? []).some((known) => normaliseCommuneName(known) === wanted);
    },
    size: byCode.size,
  };
  cached = directory;
  return directory;
}
