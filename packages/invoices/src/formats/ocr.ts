/**
 * OCR of scans and photos (issue #25 §5, ADR 0080): tesseract.js with the French model of the package registry
 * (`@tesseract.js-data/fra`, LSTM « best_int »), every file local — the engine's wasm from `tesseract.js-core`, the
 * model read from node_modules, no cache written, nothing fetched. The words and their boxes become the rows of
 * positioned cells the layout-free reader takes from a text PDF (`PositionedRow`, ADR 0070), so the same reader
 * reads a scan. Runs where `readInvoice` runs: in the server's worker pool, with its time and memory limits
 * (tesseract.js starts its own thread inside that worker; terminating the worker ends it).
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { PositionedRow } from './pdf.ts';

/** One word read: its text (NFKC), its box in pixels (top-left origin) and the engine's confidence (0–100). */
export interface OcrWord {
  readonly text: string;
  readonly x0: number;
  readonly y0: number;
  readonly x1: number;
  readonly y1: number;
  readonly confidence: number;
}

export interface OcrPage {
  readonly width: number;
  readonly height: number;
  readonly words: readonly OcrWord[];
}

/** A region of the image, in pixels (tests read a small part of a page). */
export interface OcrRectangle {
  readonly left: number;
  readonly top: number;
  readonly width: number;
  readonly height: number;
}

interface TesseractWord {
  text: string;
  confidence: number;
  bbox: { x0: number; y0: number; x1: number; y1: number };
}
interface TesseractBlock {
  paragraphs: { lines: { words: TesseractWord[] }[] }[];
}

const require = createRequire(import.meta.url);

/**
 * The local files tesseract.js needs, resolved from node_modules. `langPath` is a directory (not a URL), so the
 * model is read from disk; the worker script is tesseract.js's own Node one. The core wasm is required by that
 * script from `tesseract.js-core` (its `corePath` option is not used under Node).
 */
export function tesseractPaths(): { workerPath: string; langPath: string; corePath: string } {
  const tesseract = dirname(require.resolve('tesseract.js/package.json'));
  return {
    workerPath: join(tesseract, 'src/worker-script/node/index.js'),
    langPath: join(dirname(require.resolve('@tesseract.js-data/fra/package.json')), '4.0.0_best_int'),
    corePath: dirname(require.resolve('tesseract.js-core/package.json')),
  };
}

/**
 * Reads the words of one or more images (PNG, JPEG, PNM: decoded by the engine's Leptonica). The caller checks the
 * images' dimensions first (`checkImage`). One engine for the call, ended after it, so its memory comes back.
 */
export async function ocrImages(
  images: readonly { bytes: Uint8Array; width: number; height: number }[],
  rectangle?: OcrRectangle,
): Promise<OcrPage[]> {
  const { createWorker, OEM, PSM } = (await import('tesseract.js')).default;
  const worker = await createWorker('fra', OEM.LSTM_ONLY, {
    ...tesseractPaths(),
    gzip: true,
    // Never read nor write a cached model (the default writes fra.traineddata into the working directory).
    cacheMethod: 'none',
    logger: () => {},
    errorHandler: () => {},
  });
  try {
    // Columns of a table are kept apart by their gaps, not merged into one text flow.
    await worker.setParameters({ tessedit_pageseg_mode: PSM.AUTO, preserve_interword_spaces: '1' });
    const pages: OcrPage[] = [];
    for (const image of images) {
      // The resolution of an A4 page of this width (a PNM carries none; tesseract would guess and say so).
      await worker.setParameters({ user_defined_dpi: String(Math.round(image.width / A4_WIDTH_IN)) });
      const { data } = await worker.recognize(
        Buffer.from(image.bytes.buffer, image.bytes.byteOffset, image.bytes.byteLength),
        rectangle ? { rectangle } : {},
        { blocks: true, text: false },
      );
      const blocks = (data.blocks ?? []) as unknown as TesseractBlock[];
      const words = blocks.flatMap((b) =>
        b.paragraphs.flatMap((p) =>
          p.lines.flatMap((l) =>
            l.words
              .map((w) => ({ text: clean(w.text), ...w.bbox, confidence: w.confidence }))
              .filter((w) => w.text !== ''),
          ),
        ),
      );
      pages.push({ width: image.width, height: image.height, words });
    }
    return pages;
  } finally {
    await worker.terminate();
  }
}

/** A word's text, NFKC, without the dashes and bars a table's rules are read as (« —MWh/j », « | »). */
function clean(text: string): string {
  return text
    .normalize('NFKC')
    .trim()
    .replace(/^[—–_|]+(?=\S)/, '')
    .replace(/^[—–_|]+$/, '');
}

const median = (values: readonly number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

/** Points (1/72 in) of an A4 page's width: a scan's pixels are scaled to the PDF reader's units from it. */
const A4_WIDTH_PT = 595.28;
const A4_WIDTH_IN = A4_WIDTH_PT / 72;
/** A word's box height (capitals, digits) over the font size. */
const BOX_OVER_SIZE = 0.75;

/**
 * The rows of a page read by OCR, as the layout-free reader takes them from a text PDF: words whose vertical
 * centres lie within half a word height are one row; in a row, words closer than 0,8 × the font size (a space is
 * about 0,3) are one cell, a wider gap starts a new cell (a column: table cells are padded). Table rules read as
 * dashes are dropped. Coordinates in points, y upwards like PDF.js's, scaled so that the page is an A4 width.
 */
export function ocrRows(page: OcrPage, pageNumber: number): PositionedRow[] {
  const scale = A4_WIDTH_PT / page.width;
  const words = [...page.words].sort((a, b) => (a.y0 + a.y1) / 2 - (b.y0 + b.y1) / 2);
  const rows: OcrWord[][] = [];
  for (const word of words) {
    const centre = (word.y0 + word.y1) / 2;
    const row = rows[rows.length - 1];
    const height = row ? median(row.map((w) => w.y1 - w.y0)) : 0;
    const rowCentre = row ? median(row.map((w) => (w.y0 + w.y1) / 2)) : 0;
    if (row && Math.abs(centre - rowCentre) <= 0.5 * height) {
      row.push(word);
    } else {
      rows.push([word]);
    }
  }
  return rows.map((row) => {
    const height = median(row.map((w) => w.y1 - w.y0));
    const size = height / BOX_OVER_SIZE;
    const cells: { x: number; end: number; text: string }[] = [];
    let previous: OcrWord | null = null;
    for (const word of row.sort((a, b) => a.x0 - b.x0)) {
      const last = cells[cells.length - 1];
      if (previous && last && word.x0 - previous.x1 <= 0.8 * size) {
        last.text = `${last.text} ${word.text}`;
        last.end = word.x1 * scale;
      } else {
        cells.push({ x: word.x0 * scale, end: word.x1 * scale, text: word.text });
      }
      previous = word;
    }
    const baseline = median(row.map((w) => w.y1));
    return {
      page: pageNumber,
      y: (page.height - baseline) * scale,
      size: size * scale,
      cells,
    };
  });
}
