/**
 * A portal export whose header no reader knows (issue #25 §4, ADR 0085), written by exceljs — not our writer: it is
 * neither refused silently nor guessed. Its header row is found and described (titles, proposed roles, samples) for
 * the user to map; with the user's mapping the public February 2026 T4 case is read with no anomaly, the six planted
 * errors each to the cent; the next export with the same header uses the mapping; a header that differs asks again.
 */
import { type AuditReferenceData, auditInvoice, type NormalisedInvoice } from '@pilote/tariffs';
import { describe, expect, it } from 'vitest';
import { readSpreadsheet } from '../src/formats/spreadsheet.ts';
import { findHeaderToMap, headerSignature, mappingProblems } from '../src/layouts/column-mapping.ts';
import { readInvoiceMapped } from '../src/read-mapped.ts';
import { PLANTED, SIX_ERRORS, T4_FEB_2026 } from './helpers/e-invoice-eu.ts';
import { MAPPING, oddExport, PCE, TITLES } from './helpers/odd-export.ts';

const REF: AuditReferenceData = {
  point: { pointDeReseau: 'PITD', code: 'GI060012', ntr: 2, tso: 'NaTran', isSample: false },
};

describe('an export whose header no reader knows', () => {
  it('is not read nor guessed: its header row and columns are described for the user to map', async () => {
    const bytes = await oddExport(T4_FEB_2026);
    const read = await readInvoiceMapped(bytes, 'export.xlsx');
    expect(read.ok).toBe(false);
    expect(!read.ok && read.refusal.message).toMatch(/^Colonnes à indiquer : /);
    const header = read.header;
    expect(header).toMatchObject({ sheet: 0, row: 3 });
    expect(header?.signature).toBe(headerSignature(TITLES));
    expect(header?.signature.startsWith('valeur € ht|poste de facturation|compteur|debut|fin')).toBe(true);
    expect(header?.columns.map((c) => c.title)).toEqual(TITLES);
    // The synonyms propose what they know; the user decides the rest.
    expect(header?.columns[3]?.proposed).toEqual({ column: 'firstDay', unit: null });
    expect(header?.columns[2]?.proposed).toBeNull();
    expect(header?.columns[2]?.samples).toEqual([PCE, PCE]);
    expect(header?.columns[1]?.samples).toEqual([
      'Abonnement distribution',
      'Souscription de capacité journalière T4…',
    ]);
    expect(findHeaderToMap(readSpreadsheet(bytes, 'xlsx'))?.row).toBe(3);
  });

  it('with the user’s mapping: the T4 case with no anomaly; six planted errors to the cent', async () => {
    const rule = { signature: headerSignature(TITLES), mapping: MAPPING };
    const read = await readInvoiceMapped(await oddExport(T4_FEB_2026), 'export.xlsx', { columnMappings: [rule] });
    expect(read.ok).toBe(true);
    expect(read.mappedWith).toBe(rule.signature);
    if (!read.ok) {
      return;
    }
    expect(read.invoice).toMatchObject({
      format: 'xlsx',
      layout: 'tableur-portail',
      supplier: 'Énergie Exemple SA',
      tarif: 'T4',
      car: 15466.8,
      cja: 109,
      ntr: 2,
      point: { code: 'GI060012', pce: PCE },
      period: { firstDay: '2026-02-01', lastDay: '2026-02-28' },
    });
    expect(read.warnings).toEqual([]);
    const ok = auditInvoice(read.invoice, REF);
    expect(ok.findings).toEqual([]);
    expect(ok.readingProblems).toEqual([]);

    const wrong = await readInvoiceMapped(await oddExport(SIX_ERRORS), 'export.xlsx', { columnMappings: [rule] });
    expect(wrong.ok).toBe(true);
    const bad = auditInvoice((wrong.ok && wrong.invoice) as NormalisedInvoice, REF);
    expect(bad.findings.map((f) => ({ check: f.check, amountEuros: f.amountEuros, rule: f.rule.id }))).toEqual(
      expect.arrayContaining(PLANTED),
    );
    expect(bad.overBilledEuros).toBe(1291.87);
  });

  it('a header that differs (a column moved) is asked again, the mapping is not applied to it', async () => {
    const moved = [...TITLES.slice(1, 2), ...TITLES.slice(0, 1), ...TITLES.slice(2)];
    const rule = { signature: headerSignature(TITLES), mapping: MAPPING };
    const read = await readInvoiceMapped(await oddExport(T4_FEB_2026, moved), 'export.xlsx', {
      columnMappings: [rule],
    });
    expect(read.ok).toBe(false);
    expect(read.header?.signature).toBe(headerSignature(moved));
  });

  it('a CSV export of the same header is read with the mapping too', async () => {
    const [sheet] = readSpreadsheet(await oddExport(T4_FEB_2026), 'xlsx');
    const csv = (sheet?.rows ?? [])
      .map((r) => r.map((c) => (typeof c === 'number' ? String(c).replace('.', ',') : (c ?? ''))).join(';'))
      .join('\n');
    const bytes = new TextEncoder().encode(csv);
    expect((await readInvoiceMapped(bytes, 'export.csv')).header?.signature).toBe(headerSignature(TITLES));
    const read = await readInvoiceMapped(bytes, 'export.csv', {
      columnMappings: [{ signature: headerSignature(TITLES), mapping: MAPPING }],
    });
    expect(read.ok && read.invoice.format).toBe('csv');
    expect(read.ok && auditInvoice(read.invoice, REF).findings).toEqual([]);
  });
});

describe('mappingProblems', () => {
  it('names in French what a mapping lacks, and accepts a complete one', () => {
    expect(mappingProblems(MAPPING)).toEqual([]);
    expect(
      mappingProblems({
        0: { column: 'label', unit: null },
        1: { column: 'label', unit: null },
        2: { column: 'cja', unit: null },
        3: { column: 'quantity', unit: null },
        4: { column: 'unitPrice', unit: 'kWh' },
      }),
    ).toEqual([
      'Le rôle « libellé » est donné à plusieurs colonnes.',
      'Unité « kWh » impossible pour la colonne « prix unitaire ».',
      'Indiquez la colonne du PCE.',
      'Indiquez la colonne du montant HT.',
      'Indiquez la colonne de la date de début (ou du mois).',
      'Indiquez l’unité de la quantité, ou la colonne des unités.',
      'Indiquez l’unité de la colonne « CJA ».',
    ]);
  });
});
