/**
 * PDF text as lines: PDF.js (through unpdf) reads at most `maxPdfPages` pages; the text items of a page are grouped
 * by baseline (y) and ordered by x, the items of a line joined by a tab so that columns stay apart.
 */
import { getDocumentProxy, getResolvedPDFJS } from 'unpdf';
import { LIMITS } from '../limits.ts';
import { RefusalError } from '../refusal.ts';
import { eInvoiceOf, type PdfEInvoice } from './pdf-attachments.ts';
import { checkPdfDecompression } from './pdf-guard.ts';

interface TextItemLike {
  readonly str: string;
  readonly transform: readonly number[];
  readonly width?: number;
}

/** `promise`, or a « lecture trop longue » refusal after `ms` (every PDF.js reading is bounded in time). */
export function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () =>
        reject(new RefusalError('UNREADABLE_FILE', 'PDF illisible : lecture trop longue (fichier piégé ou corrompu).')),
      ms,
    );
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** One cell of a rebuilt row: its text (NFKC) and its horizontal extent in PDF points. */
export interface PositionedCell {
  readonly x: number;
  readonly end: number;
  readonly text: string;
}

/** One row rebuilt from the words' positions (baseline `y`, top of the page first), its cells left to right. */
export interface PositionedRow {
  readonly page: number;
  readonly y: number;
  /** The largest font size of the row, in points. */
  readonly size: number;
  readonly cells: readonly PositionedCell[];
}

/** The pages of a PDF, each as its text lines (tab between columns). */
export async function readPdfLines(bytes: Uint8Array): Promise<string[][]> {
  return (await readPdfPages(bytes)).lines;
}

/**
 * The pages of a PDF as text lines (tab between columns) and as rows of positioned cells, for the layout-free
 * reader (ADR 0070). One PDF.js pass. With `embedded`, the e-invoice XML attached to a Factur-X / ZUGFeRD PDF is
 * looked up first in the same opened document (ADR 0081: each PDF is checked and opened once) and given to it;
 * when it reads it (not null), the pages are not read.
 */
export async function readPdfPages<E = never>(
  bytes: Uint8Array,
  options: { embedded?: (found: PdfEInvoice) => E | null } = {},
): Promise<{ lines: string[][]; rows: PositionedRow[]; scans?: PageImage[]; embedded?: E }> {
  // PDF.js may transfer (detach) the buffer it is given: pass a copy.
  const data = new Uint8Array(bytes);
  return withTimeout(
    (async () => {
      // Every stream's decoded size is bounded before PDF.js inflates anything (ADR 0045).
      await checkPdfDecompression(data);
      let doc: Awaited<ReturnType<typeof getDocumentProxy>>;
      try {
        doc = await getDocumentProxy(data, { isEvalSupported: false, stopAtErrors: true, verbosity: 0 });
      } catch (error) {
        throw new RefusalError('UNREADABLE_FILE', `PDF illisible : ${pdfReason(error)}.`);
      }
      try {
        if (doc.numPages > LIMITS.maxPdfPages) {
          throw new RefusalError(
            'TOO_MANY_PAGES',
            `PDF de ${doc.numPages} pages : une facture en compte au plus ${LIMITS.maxPdfPages}.`,
            [`${doc.numPages} pages`],
          );
        }
        const found = options.embedded ? await eInvoiceOf(doc) : null;
        const embedded = found && options.embedded ? options.embedded(found) : null;
        if (embedded !== null) {
          return { lines: [], rows: [], embedded };
        }
        const pages: string[][] = [];
        const rows: PositionedRow[] = [];
        for (let n = 1; n <= doc.numPages; n += 1) {
          const page = await doc.getPage(n);
          const content = await page.getTextContent();
          // Marked-content items (no `str`) carry no text.
          const pageRows = groupRows(
            content.items.flatMap((item) => ('str' in item ? [item] : [])),
            n,
          );
          pages.push(pageRows.map((r) => r.cells.map((c) => c.text).join('\t')));
          rows.push(...pageRows);
        }
        if (rows.length === 0 && doc.numPages <= LIMITS.maxOcrPages) {
          // No text anywhere: a scanned PDF? Its page images, for the OCR (ADR 0080).
          const scans = await pageImages(doc);
          if (scans) {
            return { lines: pages, rows, scans };
          }
        }
        return { lines: pages, rows };
      } catch (error) {
        if (error instanceof RefusalError) {
          throw error;
        }
        throw new RefusalError('UNREADABLE_FILE', `PDF illisible : ${pdfReason(error)}.`);
      } finally {
        await doc.destroy();
      }
    })(),
    LIMITS.pdfTimeoutMs,
  );
}

/** A page's scan as an image the OCR engine reads (PNM), with its dimensions. */
export interface PageImage {
  readonly bytes: Uint8Array;
  readonly width: number;
  readonly height: number;
}

/** PDF.js's decoded image kinds (`ImageKind`). */
const GRAYSCALE_1BPP = 1;
const RGB_24BPP = 2;
const RGBA_32BPP = 3;

interface DecodedImage {
  width: number;
  height: number;
  kind: number;
  data: Uint8Array | Uint8ClampedArray;
}

/**
 * The largest image painted on each page, as a PNM (the OCR engine's Leptonica reads it without another decoder),
 * or null when a page paints none. PDF.js decodes the image (its streams bounded by the guard, ADR 0045); its
 * dimensions are checked against the image limits before anything is copied.
 */
async function pageImages(doc: Awaited<ReturnType<typeof getDocumentProxy>>): Promise<PageImage[] | null> {
  const { OPS } = await getResolvedPDFJS();
  const images: PageImage[] = [];
  for (let n = 1; n <= doc.numPages; n += 1) {
    const page = await doc.getPage(n);
    const operators = await page.getOperatorList();
    let best: DecodedImage | null = null;
    for (let i = 0; i < operators.fnArray.length; i += 1) {
      if (operators.fnArray[i] !== OPS.paintImageXObject) {
        continue;
      }
      const name = (operators.argsArray[i] as unknown[])[0] as string;
      const objects = name.startsWith('g_') ? page.commonObjs : page.objs;
      const image = await new Promise<DecodedImage | null>((resolve) => objects.get(name, resolve));
      if (image?.data && (!best || image.width * image.height > best.width * best.height)) {
        best = image;
      }
    }
    if (!best) {
      return null;
    }
    if (
      best.width > LIMITS.maxImageSide ||
      best.height > LIMITS.maxImageSide ||
      best.width * best.height > LIMITS.maxImagePixels
    ) {
      throw new RefusalError(
        'FILE_TOO_LARGE',
        `Page ${n} numérisée de ${best.width} × ${best.height} pixels : une page en compte au plus ${LIMITS.maxImagePixels / 1_000_000} millions.`,
      );
    }
    images.push({ bytes: toPnm(best), width: best.width, height: best.height });
  }
  return images;
}

/**
 * PBM (1 bit) or PGM (8-bit grey) of a decoded image: OCR needs no colour, and a grey bitmap is a third of an RGB
 * one for the engine to copy and binarise.
 */
function toPnm(image: DecodedImage): Uint8Array {
  const { width, height, kind, data } = image;
  let magic: string;
  let body: Uint8Array;
  if (kind === GRAYSCALE_1BPP) {
    // PDF.js packs 1 = white; PBM's 1 is black.
    magic = 'P4';
    body = Uint8Array.from(data.subarray(0, Math.ceil(width / 8) * height), (b) => ~b & 0xff);
  } else if (kind === RGB_24BPP || kind === RGBA_32BPP) {
    magic = 'P5';
    const step = kind === RGB_24BPP ? 3 : 4;
    body = new Uint8Array(width * height);
    for (let p = 0, q = 0; q < body.length; p += step, q += 1) {
      body[q] = ((data[p] ?? 0) * 299 + (data[p + 1] ?? 0) * 587 + (data[p + 2] ?? 0) * 114) / 1000;
    }
  } else {
    throw new RefusalError('UNREADABLE_FILE', 'PDF illisible : image de page d’un type inconnu.');
  }
  const head = new TextEncoder().encode(`${magic}\n${width} ${height}\n${magic === 'P4' ? '' : '255\n'}`);
  const out = new Uint8Array(head.length + body.length);
  out.set(head);
  out.set(body, head.length);
  return out;
}

function pdfReason(error: unknown): string {
  const name = error instanceof Error ? error.name : '';
  if (name === 'PasswordException') {
    return 'document protégé par un mot de passe';
  }
  return 'structure invalide ou corrompue';
}

/**
 * Rows rebuilt from the text items: items on one baseline form a row, and items that touch (a word split around a
 * ligature glyph « ﬁ », a kerning run) are one cell; a real gap starts a new cell (tab). Text is NFKC-normalised.
 */
function groupRows(items: readonly TextItemLike[], page: number): PositionedRow[] {
  const rows = new Map<number, { x: number; end: number; size: number; s: string }[]>();
  for (const item of items) {
    if (typeof item.str !== 'string' || item.str.trim() === '') {
      continue;
    }
    const y = Math.round(item.transform[5] ?? 0);
    const x = item.transform[4] ?? 0;
    const size = Math.abs(item.transform[0] ?? 0) || 10;
    // Items within 2 points of a known baseline belong to it.
    const key = [...rows.keys()].find((k) => Math.abs(k - y) <= 2) ?? y;
    const row = rows.get(key) ?? [];
    row.push({ x, end: x + (item.width ?? Number.NaN), size, s: item.str.normalize('NFKC') });
    rows.set(key, row);
  }
  return [...rows.entries()]
    .sort((a, b) => b[0] - a[0])
    .map(([y, row]) => {
      const cells: { x: number; end: number; text: string }[] = [];
      let previous: { end: number; size: number } | null = null;
      for (const item of row.sort((a, b) => a.x - b.x)) {
        const gap = previous ? item.x - previous.end : Number.POSITIVE_INFINITY;
        const last = cells[cells.length - 1];
        if (previous && last && Number.isFinite(gap) && gap <= 0.35 * item.size) {
          const glue = gap > 0.1 * item.size && !/\s$/.test(last.text) ? ' ' : '';
          last.text = `${last.text}${glue}${item.s}`.replace(/\s+/g, ' ');
          last.end = Number.isFinite(item.end) ? item.end : last.end;
        } else {
          cells.push({
            x: item.x,
            end: Number.isFinite(item.end) ? item.end : item.x,
            text: item.s.replace(/\s+/g, ' '),
          });
        }
        previous = item;
      }
      const size = Math.max(...row.map((item) => item.size));
      return { page, y, size, cells: cells.map((c) => ({ ...c, text: c.text.trim() })) };
    });
}
