/**
 * Limits of the readers (ADR 0033, ADR 0053): every untrusted byte read by this package — invoices, consumption
 * exports, reference tables, tariff grids — passes these bounds (size, rows, columns, cell length). The caller also
 * runs the invoice readers in a worker with time and memory limits. Pure constants: the CSV entry
 * (`@pilote/invoices/csv`) imports this file and stays browser-safe.
 */
export const LIMITS = {
  /** Largest file accepted, any format (bytes). */
  maxFileBytes: 20 * 1024 * 1024,
  /** PDF pages read at most; more is refused. */
  maxPdfPages: 50,
  /**
   * Decoded bytes of one PDF stream, and of all the streams of one file, checked before PDF.js reads it (streaming
   * decoders that stop at the cap, ADR 0045): a page of text is a few kB, an embedded font a few hundred.
   */
  maxPdfStreamBytes: 32 * 1024 * 1024,
  maxPdfDecodedBytes: 96 * 1024 * 1024,
  /** Time given to PDF.js to open and read the text (ms). */
  pdfTimeoutMs: 15_000,
  /**
   * Scans and photos (ADR 0080): a side and the pixels of one image at most (an A4 page at 400 dpi is 3 307 × 4 677
   * = 15,5 million), and the bytes its bitmap would take decoded; checked from the header, before decoding.
   */
  maxImageSide: 8000,
  maxImagePixels: 16_000_000,
  maxImageDecodedBytes: 64 * 1024 * 1024,
  /** Pages of a PDF without text read by OCR at most (each page is a few seconds of CPU). */
  maxOcrPages: 4,
  /** Time given to the OCR of one file, all its pages (ms); the worker pool's own limit stays above it. */
  ocrTimeoutMs: 25_000,
  /** XLSX (zip) entries at most. A real workbook has a few dozen. */
  maxZipEntries: 500,
  /** Sum of the unpacked sizes of the zip entries (bytes). */
  maxUnpackedBytes: 50 * 1024 * 1024,
  /** Highest unpacked / packed ratio of an entry larger than {@link LIMITS.ratioFloorBytes}. */
  maxCompressionRatio: 200,
  ratioFloorBytes: 1024 * 1024,
  /** Rows read per sheet. */
  maxSheetRows: 2000,
  /** XML: largest document (bytes) and deepest nesting. */
  maxXmlBytes: 5 * 1024 * 1024,
  maxXmlDepth: 64,
  /**
   * CSV text (consumption exports, reference tables, tariff grids): characters of one file (the largest body an
   * endpoint accepts, `CONSUMPTION_CSV_MAX_CHARS`), physical lines, fields of one record and characters of one field.
   * The endpoints' own body limits (contracts) are smaller or equal; these bound every reader whatever its caller.
   */
  maxCsvChars: 2_000_000,
  maxCsvLines: 200_000,
  maxCsvColumns: 100,
  maxCsvCellChars: 10_000,
} as const;
