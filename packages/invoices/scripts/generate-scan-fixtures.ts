/**
 * The scan fixtures of issue #25 §5 (ADR 0080): layout A of the public February 2026 T4 case (test/helpers/
 * html-invoices.ts), correct and with the six planted errors, printed to PDF by Chromium, then page 1 rendered to
 * a grey PNG by poppler's `pdftoppm` (a tool other than ours; `apt-get install poppler-utils`) at 300 dpi — what an
 * office scanner gives. Also:
 * - `*.words.json`: the words tesseract.js reads on each page (text, box, confidence), recorded by this script
 *   with the reader's own `ocrImages`: the unit tests give them to the reader without the seconds of a full-page
 *   OCR (bench/ocr.ts runs the real OCR of both pages and checks the same findings);
 * - `tcl-ligne-scan.png`: one table row of the six-error page (the TCL line), and `tcl-ligne-scan.pdf`, that PNG
 *   alone on a PDF page (pdf-lib: a PDF without text, as a scanner writes it), for the unit tests.
 * Run: `npx tsx packages/invoices/scripts/generate-scan-fixtures.ts` (from the repository root).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { chromium } from 'playwright-core';
import { checkImage } from '../src/formats/image.ts';
import { ocrImages } from '../src/formats/ocr.ts';
import { SIX_ERRORS, T4_FEB_2026 } from '../test/helpers/e-invoice-eu.ts';
import { layoutA } from '../test/helpers/html-invoices.ts';

const DPI = 300;
const out = new URL('../fixtures/scans/', import.meta.url);
const work = mkdtempSync(join(tmpdir(), 'scans-'));
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
try {
  for (const [name, invoice] of [
    ['t4-fevrier-2026-scan', T4_FEB_2026],
    ['t4-fevrier-2026-six-erreurs-scan', SIX_ERRORS],
  ] as const) {
    const page = await browser.newPage();
    await page.setContent(layoutA(invoice), { waitUntil: 'load' });
    const pdf = join(work, `${name}.pdf`);
    writeFileSync(pdf, await page.pdf({ format: 'A4', printBackground: true }));
    await page.close();
    // -gray: 8-bit grey, like a scanner's « document » mode; -singlefile: no page number in the name.
    execFileSync('pdftoppm', [
      ...['-png', '-gray', '-r', String(DPI), '-f', '1', '-l', '1', '-singlefile'],
      ...[pdf, join(work, name)],
    ]);
    const png = readFileSync(join(work, `${name}.png`));
    writeFileSync(new URL(`${name}.png`, out), png);
    const { width, height } = checkImage(png);
    const pages = await ocrImages([{ bytes: png, width, height }]);
    writeFileSync(new URL(`${name}.words.json`, out), `${JSON.stringify(pages)}\n`);
    console.log(`${name}.png, ${name}.words.json`);
    if (invoice === SIX_ERRORS) {
      // The TCL row (« 58,31 €/MWh/j/an » planted), 70 pixels high across the page.
      const row = join(work, 'tcl-ligne-scan');
      execFileSync('pdftoppm', [
        ...['-png', '-gray', '-r', String(DPI), '-f', '1', '-l', '1', '-singlefile'],
        ...['-x', '0', '-y', '1088', '-W', '2480', '-H', '64', pdf, row],
      ]);
      const rowPng = readFileSync(`${row}.png`);
      writeFileSync(new URL('tcl-ligne-scan.png', out), rowPng);
      const doc = await PDFDocument.create({ updateMetadata: false });
      const image = await doc.embedPng(rowPng);
      doc.addPage([595.28, 15.36]).drawImage(image, { x: 0, y: 0, width: 595.28, height: 15.36 });
      writeFileSync(new URL('tcl-ligne-scan.pdf', out), await doc.save());
      console.log('tcl-ligne-scan.png, tcl-ligne-scan.pdf');
    }
  }
} finally {
  await browser.close();
  rmSync(work, { recursive: true, force: true });
}
