/**
 * Scans and photos (issue #25 §5, ADR 0080). The fixtures are layout A of the public February 2026 T4 case printed
 * to PDF by Chromium and rendered to a 300 dpi grey PNG by poppler's pdftoppm (scripts/generate-scan-fixtures.ts).
 * - No real OCR here: starting the engine and its first recognition take one to several seconds even for one table
 *   row (over the 5 s limit on the shared machine). bench/ocr.ts reads both full pages by OCR in the worker pool and
 *   checks the same findings; the fixtures' script records the words.
 * - The full pages through the reader from the words tesseract.js read on them (recorded by the script): the
 *   correct page gives no anomaly once confirmed, the six planted errors each give their anomaly to the cent.
 * - The image guards: a header announcing a huge bitmap is refused before anything decodes it.
 */
import { existsSync, readFileSync } from 'node:fs';
import { type AuditReferenceData, auditInvoice } from '@pilote/tariffs';
import { describe, expect, it } from 'vitest';
import { checkImage } from '../src/formats/image.ts';
import { type OcrPage, tesseractPaths } from '../src/formats/ocr.ts';
import { readPdfPages } from '../src/formats/pdf.ts';
import { sniffFormat } from '../src/formats/sniff.ts';
import { fromScan, readInvoice } from '../src/read-invoice.ts';
import { scanReading } from '../src/read-scan.ts';
import { PLANTED } from './helpers/e-invoice-eu.ts';

const scans = new URL('../fixtures/scans/', import.meta.url);
const fixture = (name: string) => new Uint8Array(readFileSync(new URL(name, scans)));
const words = (name: string) => JSON.parse(readFileSync(new URL(name, scans), 'utf8')) as OcrPage[];

/** The point as the user confirms it in the review step (the scan's PITD code is not trusted, ADR 0071). */
const CONFIRMED: AuditReferenceData = {
  point: { pointDeReseau: 'PITD', code: 'NTR confirmé par l’utilisateur', ntr: 2, tso: 'NaTran', isSample: false },
  readingConfirmed: true,
};

describe('OCR with tesseract.js and the French model of the package registry', () => {
  it('uses local files only: the worker script, the core and the model from node_modules, no URL', () => {
    const paths = tesseractPaths();
    for (const path of Object.values(paths)) {
      expect(path).toMatch(/^\//);
      expect(existsSync(path)).toBe(true);
    }
    expect(existsSync(`${paths.langPath}/fra.traineddata.gz`)).toBe(true);
  });
});

describe('a PDF without text (a scanned PDF)', () => {
  it('gives its page image to the OCR as a grey PNM of the scan’s size', async () => {
    const { rows, scans } = await readPdfPages(fixture('tcl-ligne-scan.pdf'));
    expect(rows).toEqual([]);
    expect(scans).toHaveLength(1);
    const [scan] = scans ?? [];
    expect(scan).toMatchObject({ width: 2480, height: 64 });
    expect(new TextDecoder().decode(scan?.bytes.subarray(0, 15))).toBe('P5\n2480 64\n255\n');
    expect(scan?.bytes.length).toBe(15 + 2480 * 64);
  });
});

describe('a PNG scan of the February 2026 T4 invoice, read from its OCR words', () => {
  it('the correct page: every value read and marked OCR (confidence 0,5); once confirmed, no anomaly', () => {
    const result = fromScan(scanReading(words('t4-fevrier-2026-scan.words.json')), 1, 'scan.png', 'png');
    if (!result.ok) {
      throw new Error(result.refusal.message);
    }
    expect(result.warnings).toEqual([]);
    expect(result.invoice).toMatchObject({
      format: 'png',
      layout: 'pdf-libre',
      invoiceNumber: 'FG-2026-02-0117',
      point: { pointDeReseau: 'PITD', pce: '21400000000117' },
      period: { firstDay: '2026-02-01', lastDay: '2026-02-28' },
      tarif: 'T4',
      car: 15466.8,
      cja: 109,
      ntr: 2,
      consumptionMwh: 2043.755,
      totals: { totalHt: 139208.01, totalTva: 27841.6, totalTtc: 167049.61 },
    });
    expect(result.invoice.lines).toHaveLength(11);
    expect(result.provenance?.ocr).toMatchObject({ pages: 1 });
    expect(result.provenance?.confidence).toMatchObject({ pce: 0.5, period: 0.5, tarif: 0.5, cja: 0.5, totals: 0.5 });
    const report = auditInvoice(result.invoice, CONFIRMED);
    expect(report.readingProblems).toEqual([]);
    expect(report.findings).toEqual([]);
  });

  it('the six planted errors: once confirmed, each anomaly with its amount to the cent', () => {
    const result = fromScan(scanReading(words('t4-fevrier-2026-six-erreurs-scan.words.json')), 1, 'scan.png', 'png');
    if (!result.ok) {
      throw new Error(result.refusal.message);
    }
    const report = auditInvoice(result.invoice, CONFIRMED);
    expect(report.readingProblems).toEqual([]);
    expect(report.findings.map((f) => ({ check: f.check, amountEuros: f.amountEuros, rule: f.rule.id }))).toEqual(
      expect.arrayContaining(PLANTED),
    );
    expect(report.findings).toHaveLength(PLANTED.length);
    expect(report.overBilledEuros).toBe(1291.87);
  });
});

/** A PNG header (signature + IHDR) of width × height, 8-bit grey: no pixel data needed to be refused. */
function pngHeader(width: number, height: number): Uint8Array {
  const b = new Uint8Array(45);
  b.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
  new DataView(b.buffer).setUint32(16, width);
  new DataView(b.buffer).setUint32(20, height);
  b.set([8, 0, 0, 0, 0], 24);
  return b;
}

/** A JPEG start (SOI, an APP0 segment, SOF0) of width × height, 3 components. */
function jpegHeader(width: number, height: number): Uint8Array {
  const app0 = [0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1, 0, 1, 0, 0];
  const sof = [0xff, 0xc0, 0, 17, 8, height >> 8, height & 0xff, width >> 8, width & 0xff, 3];
  return new Uint8Array([0xff, 0xd8, ...app0, ...sof, ...new Array(20).fill(0)]);
}

describe('image guards: dimensions and decoded size checked from the header, before any decoding', () => {
  it('sniffs PNG and JPEG from their magic bytes', () => {
    expect(sniffFormat(pngHeader(10, 10))).toBe('png');
    expect(sniffFormat(jpegHeader(10, 10))).toBe('jpeg');
    expect(checkImage(fixture('tcl-ligne-scan.png'))).toMatchObject({ format: 'png', width: 2480, height: 64 });
  });

  it('refuses a small file announcing a huge image, in French, without reading it', async () => {
    const png = await readInvoice(pngHeader(20_000, 20_000), 'bombe.png');
    expect(png).toEqual({
      ok: false,
      refusal: {
        code: 'FILE_TOO_LARGE',
        message:
          'Image PNG de 20000 × 20000 pixels : une page numérisée en compte au plus 16 millions (A4 à 400 dpi), 8000 par côté.',
        found: ['PNG, 20000 × 20000 pixels'],
      },
    });
    const jpeg = await readInvoice(jpegHeader(5000, 5000), 'photo.jpg');
    expect(jpeg.ok === false && jpeg.refusal.code).toBe('FILE_TOO_LARGE');
    const empty = await readInvoice(pngHeader(0, 100), 'vide.png');
    expect(empty.ok === false && empty.refusal.message).toBe('Image PNG illisible : en-tête invalide.');
    const truncated = await readInvoice(new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 2]), 'tronquee.jpg');
    expect(truncated.ok === false && truncated.refusal.message).toBe('Image JPEG illisible : en-tête invalide.');
  });
});
