/**
 * A scan's pages read by OCR (ADR 0080), as the PDF readers take a text PDF: rows of positioned cells for the
 * layout-free reader, and each page's text lines (cells joined by a tab) for our own layouts. Bounded in pages and
 * in time; the images' dimensions are checked by the caller before this decodes them.
 */
import { type OcrPage, type OcrRectangle, ocrImages, ocrRows } from './formats/ocr.ts';
import type { PositionedRow } from './formats/pdf.ts';
import { LIMITS } from './limits.ts';
import { RefusalError } from './refusal.ts';

/** One page image: PNG, JPEG or PNM bytes, and its dimensions (checked). */
export interface ScanImage {
  readonly bytes: Uint8Array;
  readonly width: number;
  readonly height: number;
}

export interface ScanReading {
  readonly rows: PositionedRow[];
  readonly lines: string[][];
  /** Mean confidence of the words, 0–100 (0 without any word). */
  readonly meanConfidence: number;
}

export async function readScan(images: readonly ScanImage[], rectangle?: OcrRectangle): Promise<ScanReading> {
  if (images.length > LIMITS.maxOcrPages) {
    throw new RefusalError(
      'TOO_MANY_PAGES',
      `Document numérisé de ${images.length} pages : la lecture par OCR en accepte au plus ${LIMITS.maxOcrPages}.`,
      [`${images.length} pages`],
    );
  }
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new RefusalError('UNREADABLE_FILE', 'Image illisible : lecture par OCR trop longue.')),
      LIMITS.ocrTimeoutMs,
    );
  });
  const pages = await Promise.race([ocrImages(images, rectangle), timeout]).finally(() => clearTimeout(timer));
  return scanReading(pages);
}

/** The rows and lines of pages read by OCR (also what the tests give recorded words to). */
export function scanReading(pages: readonly OcrPage[]): ScanReading {
  const rows = pages.flatMap((page, i) => ocrRows(page, i + 1));
  const lines = pages.map((_, i) =>
    rows.filter((r) => r.page === i + 1).map((r) => r.cells.map((c) => c.text).join('\t')),
  );
  const words = pages.flatMap((p) => p.words);
  const meanConfidence =
    words.length === 0 ? 0 : Math.round(words.reduce((s, w) => s + w.confidence, 0) / words.length);
  return { rows, lines, meanConfidence };
}
