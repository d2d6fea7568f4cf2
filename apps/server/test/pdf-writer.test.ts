import { PDFDocument, rgb, StandardFonts } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { measure, type PdfLayout, PdfWriter } from '../src/pdf/writer.ts';

const layout: PdfLayout = {
  page: { width: 300, height: 200 },
  margin: 20,
  bottom: 10,
  size: 10,
  leading: 1.4,
  ink: rgb(0, 0, 0),
  drawable: (text) => text.replace(/≤/g, '<='),
};

async function writer() {
  const doc = await PDFDocument.create();
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  return new PdfWriter(doc, regular, bold, layout);
}

describe('PdfWriter (the text flow of the simulation report and the claim letter)', () => {
  it('wraps at spaces, cuts a word too long for a line, and keeps every line within the width', async () => {
    const w = await writer();
    const text = `Fichier ${'A'.repeat(120)}.pdf reçu ≤ hier`;
    const lines = w.wrap(text, 100);
    expect(lines.length).toBeGreaterThan(3);
    for (const line of lines) {
      expect(measure(w.regular, line, 10)).toBeLessThanOrEqual(100);
    }
    // Nothing lost but the spaces the breaks replace; what the font lacks goes through layout.drawable.
    expect(lines.join('').replace(/ /g, '')).toBe(`Fichier${'A'.repeat(120)}.pdfreçu<=hier`);
  });

  it('moves down one line height per line and starts a new page above the space kept at the bottom', async () => {
    const w = await writer();
    const top = w.y;
    w.paragraph('un');
    expect(w.y).toBeCloseTo(top - 14);
    // 200 − 20 (top margin) = 180 of room down to 30 (margin + bottom): 10 lines of 14 fit on the first page.
    for (let line = 0; line < 12; line += 1) {
      w.paragraph(`ligne ${line}`);
    }
    expect(w.pages).toHaveLength(2);
    expect(w.y).toBeGreaterThanOrEqual(layout.margin + layout.bottom);
  });

  it('aligns a right paragraph on the right margin', async () => {
    const w = await writer();
    const drawn: { x: number }[] = [];
    const drawText = w.page.drawText.bind(w.page);
    w.page.drawText = (text, options) => {
      drawn.push({ x: options?.x ?? 0 });
      drawText(text, options);
    };
    w.paragraph('Le 25 novembre 2026', {}, 0, 'right');
    expect(drawn[0]?.x).toBeCloseTo(300 - 20 - measure(w.regular, 'Le 25 novembre 2026', 10));
  });
});
