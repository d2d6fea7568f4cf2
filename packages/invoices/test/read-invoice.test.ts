/** `readInvoice`: per-format details and refusals that the corpus test does not spell out. */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ReadResult } from '../src/index.ts';
import { readInvoice } from '../src/index.ts';
import { lineKind } from '../src/layouts/draft.ts';

const FIXTURES = path.resolve(import.meta.dirname, '../fixtures');
const load = async (file: string) => new Uint8Array(await readFile(path.join(FIXTURES, file)));
const encode = (text: string) => new TextEncoder().encode(text);

function refusal(result: ReadResult) {
  if (result.ok) {
    throw new Error('lu alors qu’un refus était attendu');
  }
  return result.refusal;
}

describe('readInvoice', () => {
  it('reads the February 2026 T4 PDF in grid units (kWh → MWh, €/kWh → €/MWh)', async () => {
    const bytes = await load('t4-pitd-fevrier-2026.pdf');
    const result = await readInvoice(bytes, 'facture.pdf');
    expect(result.ok).toBe(true);
    if (!result.ok) {
      return;
    }
    const { invoice } = result;
    expect(invoice).toMatchObject({
      format: 'pdf',
      layout: 'fournisseur-pdf',
      point: { pointDeReseau: 'PITD', pce: '21400000000117', code: 'GI060012' },
      tarif: 'T4',
      tso: 'NaTran',
      cja: 109,
      car: 15466.8,
      ntr: 2,
      consumptionMwh: 2043.755,
      period: { firstDay: '2026-02-01', lastDay: '2026-02-28' },
    });
    const capacity = invoice.lines.find((l) => l.kind === 'capaciteT4Jusqua500');
    expect(capacity).toMatchObject({
      quantity: 109,
      unitPrice: 288,
      prorata: 1 / 12,
      amount: 2616,
      unitPriceUnit: '€/MWh/j/an',
    });
    expect(invoice.lines.find((l) => l.kind === 'accise')).toMatchObject({ unitPrice: 16.39, quantity: 2043.755 });
    expect(invoice.lines.find((l) => l.kind === 'ctaDistribution')).toMatchObject({
      quantity: 4424.81,
      unitPrice: 0.208,
    });
    // The caller's buffer is not detached by PDF.js.
    expect(bytes.length).toBeGreaterThan(0);
  });

  it('keeps the sub-period of lines split at a grid change (XLSX, 1 April 2026)', async () => {
    const result = await readInvoice(await load('li-transport-mars-avril-2026.xlsx'), 'li.xlsx');
    expect(result.ok && result.invoice.lines.filter((l) => l.kind === 'tcs').map((l) => l.period)).toEqual([
      { firstDay: '2026-03-01', lastDay: '2026-03-31' },
      { firstDay: '2026-04-01', lastDay: '2026-04-30' },
    ]);
  });

  it('says « format non reconnu » with what it found for a readable PDF of another layout, never a guess', async () => {
    const r = refusal(await readInvoice(await load('inconnus/facture-electricite.pdf'), 'elec.pdf'));
    expect(r.code).toBe('UNKNOWN_LAYOUT');
    expect(r.message).toContain('Format non reconnu');
    expect(r.message).toContain('« elec.pdf »');
    expect(r.found).toContain('format : PDF');
    expect(r.found.some((f) => f.includes('Facture d’électricité'))).toBe(true);
  });

  it('names the sheets and first rows of an unknown workbook', async () => {
    const r = refusal(await readInvoice(await load('inconnus/releve.xlsx'), 'releve.xlsx'));
    expect(r.found).toEqual(
      expect.arrayContaining(['format : classeur XLSX', 'feuilles : Relevés', 'Relevé de compteur']),
    );
  });

  it('judges the format by the bytes, not the name', async () => {
    const r = refusal(await readInvoice(encode('%!PS-Adobe-3.0\n'), 'facture.pdf'));
    expect(r.code).toBe('UNSUPPORTED_FILE_TYPE');
    expect(r.found[0]).toContain('premiers octets : 25 21 50 53');
    expect(refusal(await readInvoice(new Uint8Array(0), 'vide.xlsx')).code).toBe('UNSUPPORTED_FILE_TYPE');
  });

  it('refuses a file over the size limit before parsing it', async () => {
    const big = new Uint8Array(21 * 1024 * 1024);
    big.set(encode('%PDF-1.7\n'));
    expect(refusal(await readInvoice(big, 'gros.pdf')).code).toBe('FILE_TOO_LARGE');
  });

  it('refuses a DOCTYPE even without entities, and an absurdly deep XML', async () => {
    const doctype = refusal(await readInvoice(encode('<?xml version="1.0"?><!DOCTYPE a><a/>'), 'a.xml'));
    expect(doctype.code).toBe('XML_DOCTYPE_FORBIDDEN');
    expect(doctype.message).toContain('DOCTYPE');
    const deep = `${'<a>'.repeat(200)}${'</a>'.repeat(200)}`;
    expect(refusal(await readInvoice(encode(deep), 'deep.xml')).code).toBe('UNREADABLE_FILE');
    expect(refusal(await readInvoice(encode('<a><b></a>'), 'bad.xml')).code).toBe('UNREADABLE_FILE');
  });

  it('refuses a known layout that lacks a required field, naming it', async () => {
    const xml = new TextDecoder().decode(await load('t4-pitd-janvier-2026.xml'));
    const noPeriod = xml.replace(/<ram:BillingSpecifiedPeriod>.*?<\/ram:BillingSpecifiedPeriod>/g, '');
    const r = refusal(await readInvoice(encode(noPeriod), 'sans-periode.xml'));
    expect(r.code).toBe('INCOMPLETE_INVOICE');
    expect(r.found).toContain('période de facturation');
  });

  it('refuses a truncated workbook', async () => {
    const bytes = await load('t2-pitd-mars-2026.xls');
    expect(refusal(await readInvoice(bytes.slice(0, 600), 'coupe.xls')).code).toBe('UNREADABLE_FILE');
    const xlsx = await load('li-transport-mars-avril-2026.xlsx');
    expect(refusal(await readInvoice(xlsx.slice(0, xlsx.length - 100), 'coupe.xlsx')).code).toBe('ARCHIVE_REFUSED');
  });

  it('recognises the line labels of the layouts', () => {
    expect(lineKind('Terme de capacité régional (TCR x NTR) du 01/03/2026 au 31/03/2026')).toBe('tcr');
    expect(lineKind('CTA part transport')).toBe('ctaTransport');
    expect(lineKind('Terme fixe par poste de livraison')).toBe('termeFixePoste');
    expect(lineKind('Terme de capacité de livraison (TCL)')).toBe('tcl');
    expect(lineKind('Souscription de capacité journalière T4 (au-delà de 500 MWh/j)')).toBe('capaciteT4AuDela500');
    expect(lineKind('Accise sur les gaz naturels')).toBe('accise');
    expect(lineKind('Frais de relance')).toBe('autre');
  });
});
