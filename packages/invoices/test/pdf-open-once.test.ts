/**
 * Each PDF is opened once by `readInvoice` (ADR 0081): the Factur-X attachment lookup and the text reading share one
 * PDF.js document (they used to open it twice, each after its own decompression check).
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { PDFDocument } from 'pdf-lib';
import * as unpdf from 'unpdf';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { readInvoice } from '../src/index.ts';

vi.mock('unpdf', async (importOriginal) => {
  const original = await importOriginal<typeof import('unpdf')>();
  return { ...original, getDocumentProxy: vi.fn(original.getDocumentProxy) };
});

const FIXTURES = path.resolve(import.meta.dirname, '../fixtures');
const load = async (file: string) => new Uint8Array(await readFile(path.join(FIXTURES, file)));

describe('readInvoice opens a PDF once', () => {
  beforeEach(() => {
    vi.mocked(unpdf.getDocumentProxy).mockClear();
  });

  it('a text PDF: attachments and text from one document', async () => {
    const result = await readInvoice(await load('t4-pitd-fevrier-2026.pdf'), 'facture.pdf');
    expect(result.ok && result.invoice.layout).toBe('fournisseur-pdf');
    expect(unpdf.getDocumentProxy).toHaveBeenCalledTimes(1);
  });

  it('a Factur-X PDF: its XML read, the pages not', async () => {
    const result = await readInvoice(await load('e-factures/t4-fevrier-2026-factur-x.pdf'), 'facture.pdf');
    expect(result.ok && result.invoice.format).toBe('pdf');
    expect(result.ok && result.provenance?.sources.pce).toContain('joint au PDF');
    expect(unpdf.getDocumentProxy).toHaveBeenCalledTimes(1);
  });

  it('a ZUGFeRD 1.0 attachment (not read, ADR 0081) falls back to the page text in the same opening', async () => {
    const doc = await PDFDocument.load(await load('t4-pitd-fevrier-2026.pdf'));
    await doc.attach(
      new TextEncoder().encode(
        '<?xml version="1.0"?><rsm:CrossIndustryDocument xmlns:rsm="urn:ferd:CrossIndustryDocument:invoice:1p0"/>',
      ),
      'ZUGFeRD-invoice.xml',
      { mimeType: 'text/xml' },
    );
    const result = await readInvoice(await doc.save(), 'facture.pdf');
    expect(result.ok && result.invoice.layout).toBe('fournisseur-pdf');
    expect(unpdf.getDocumentProxy).toHaveBeenCalledTimes(1);
  });
});
