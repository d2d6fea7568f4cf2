/**
 * A site list's rows ↔ sites (ADR 0068): the header row matched to `siteColumns`, each row checked with the site
 * contract (French messages, per column), PCEs repeated within the file refused; and a site written back as the
 * same columns (the export, which imports as it is). Pure: runs in the worker thread of the import and export.
 */
import {
  normaliseSiteHeader,
  type SiteBody,
  type SiteColumnKey,
  type SiteImportError,
  siteBodySchema,
  siteColumns,
  siteMessages,
} from '@pilote/contracts';
import type { Cell } from '@pilote/invoices/table';

export interface ImportedRow {
  /** Line of the file (1 = the header). */
  line: number;
  site: SiteBody | null;
  errors: SiteImportError[];
}

export type ImportedTable = { ok: true; rows: ImportedRow[] } | { ok: false; message: string };

/** Other headers people write for the same column (normalised). */
const ALIASES: Partial<Record<SiteColumnKey, string[]>> = {
  name: ['nomdusite', 'site', 'libelle'],
  pce: ['numeropce', 'pointdecomptage'],
  postalCode: ['cp'],
  city: ['ville'],
  citycode: ['codecommune', 'codeinsee'],
  pointType: ['type', 'typepoint', 'pointdereseau'],
  pointCode: ['code', 'codepoint'],
  option: ['optiontarifaire', 'tarif'],
  profile: ['profil'],
  contractEndDate: ['findecontrat', 'datedefindecontrat', 'echeance'],
  tags: ['tags', 'etiquette'],
};

const headerOf = new Map<SiteColumnKey, string>(siteColumns.map((column) => [column.key, column.header]));

function columnIndex(headerRow: readonly Cell[]): Map<SiteColumnKey, number> {
  const byName = new Map<string, SiteColumnKey>();
  for (const column of siteColumns) {
    byName.set(normaliseSiteHeader(column.header), column.key);
    for (const alias of ALIASES[column.key] ?? []) {
      byName.set(alias, column.key);
    }
  }
  const found = new Map<SiteColumnKey, number>();
  headerRow.forEach((cell, index) => {
    const key = byName.get(normaliseSiteHeader(String(cell ?? '')));
    if (key && !found.has(key)) {
      found.set(key, index);
    }
  });
  return found;
}

/** An Excel serial day (1900 system) as YYYY-MM-DD. */
function excelDay(serial: number): string {
  return new Date(Date.UTC(1899, 11, 30) + Math.round(serial) * 86_400_000).toISOString().slice(0, 10);
}

/** A cell as the text the contract reads; numbers kept for the numeric columns. */
function cellValue(key: SiteColumnKey, cell: Cell | undefined): string | number {
  if (cell === null || cell === undefined) {
    return '';
  }
  if (typeof cell === 'boolean') {
    return cell ? 'oui' : 'non';
  }
  if (typeof cell === 'number') {
    if (key === 'pce' && Number.isInteger(cell) && cell >= 0) {
      // A spreadsheet drops a PCE's leading zeros when it reads it as a number.
      return String(cell).padStart(14, '0');
    }
    if (key === 'contractEndDate' && cell > 0 && cell < 2_958_466) {
      return excelDay(cell);
    }
    if (key === 'postalCode' && Number.isInteger(cell)) {
      return String(cell).padStart(5, '0');
    }
    return key === 'car' || key === 'cja' || key === 'ntr' ? cell : String(cell);
  }
  return cell.trim();
}

const isBlankRow = (row: readonly Cell[]) => row.every((cell) => cell === null || String(cell).trim() === '');

/** The rows of a table whose first row names the columns. */
export function sitesFromTable(table: readonly (readonly Cell[])[]): ImportedTable {
  const headerLine = table.findIndex((row) => !isBlankRow(row));
  if (headerLine < 0) {
    return { ok: false, message: siteMessages.fileEmpty };
  }
  const columns = columnIndex(table[headerLine] ?? []);
  const missing = siteColumns.filter((column) => column.required && !columns.has(column.key));
  if (missing.length > 0) {
    return {
      ok: false,
      message: siteMessages.fileHeader.replace('{missing}', missing.map((c) => `« ${c.header} »`).join(', ')),
    };
  }
  const firstLineOfPce = new Map<string, number>();
  const rows: ImportedRow[] = [];
  for (let index = headerLine + 1; index < table.length; index += 1) {
    const row = table[index] ?? [];
    if (isBlankRow(row)) {
      continue;
    }
    const line = index + 1;
    const value = (key: SiteColumnKey) => {
      const at = columns.get(key);
      return at === undefined ? '' : cellValue(key, row[at]);
    };
    const errors: SiteImportError[] = [];
    const street = String(value('address'));
    const postalCode = String(value('postalCode'));
    const city = String(value('city'));
    let address: SiteBody['address'] = null;
    if (street || postalCode || city) {
      if (!street || !/^\d{5}$/.test(postalCode) || !city) {
        errors.push({ line, column: 'Adresse', message: siteMessages.addressIncomplete });
      } else {
        address = {
          label: `${street} ${postalCode} ${city}`,
          address: street,
          postal_code: postalCode,
          city,
          citycode: String(value('citycode')) || null,
        };
      }
    }
    const parsed = siteBodySchema.safeParse({
      name: value('name'),
      pce: String(value('pce')),
      address,
      pointType: String(value('pointType')).toUpperCase(),
      pointCode: value('pointCode'),
      option: value('option'),
      profile: value('profile'),
      car: value('car'),
      cja: value('cja'),
      ntr: value('ntr'),
      supplier: value('supplier'),
      contractEndDate: value('contractEndDate'),
      tags: String(value('tags')),
    });
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] as SiteColumnKey | undefined;
        errors.push({ line, column: (key && headerOf.get(key)) ?? null, message: issue.message });
      }
    }
    if (parsed.success) {
      const earlier = firstLineOfPce.get(parsed.data.pce);
      if (earlier !== undefined) {
        errors.push({ line, column: 'PCE', message: siteMessages.pceTwice.replace('{line}', String(earlier)) });
      } else {
        firstLineOfPce.set(parsed.data.pce, line);
      }
    }
    rows.push({ line, site: errors.length === 0 && parsed.success ? parsed.data : null, errors });
  }
  return { ok: true, rows };
}

/** What the export writes of a site (the stored row or the API's site). */
export interface ExportedSite {
  name: string;
  pce: string;
  address: SiteBody['address'];
  pointType: string | null;
  pointCode: string | null;
  option: string | null;
  profile: string | null;
  car: number | null;
  cja: number | null;
  ntr: number | null;
  supplier: string | null;
  contractEndDate: string | null;
  tags: readonly string[];
}

/** The header row and one row per site, in `siteColumns` order. */
export function sitesToTable(list: readonly ExportedSite[]): Cell[][] {
  const rows: Cell[][] = [siteColumns.map((column) => column.header)];
  for (const site of list) {
    const cells: Record<SiteColumnKey, Cell> = {
      name: site.name,
      pce: site.pce,
      address: site.address?.address ?? null,
      postalCode: site.address?.postal_code ?? null,
      city: site.address?.city ?? null,
      citycode: site.address?.citycode ?? null,
      pointType: site.pointType,
      pointCode: site.pointCode,
      option: site.option,
      profile: site.profile,
      car: site.car,
      cja: site.cja,
      ntr: site.ntr,
      supplier: site.supplier,
      contractEndDate: site.contractEndDate,
      tags: site.tags.length > 0 ? site.tags.join(', ') : null,
    };
    rows.push(siteColumns.map((column) => cells[column.key]));
  }
  return rows;
}
