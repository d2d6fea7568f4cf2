import type { Color, PDFDocument, PDFFont, PDFPage } from 'pdf-lib';

/**
 * The text flow shared by the PDF documents (the simulation report, the audit claim letter): pages of one size,
 * a cursor `y` moving down, paragraphs wrapped to the content width (inside a word too long for a line, so nothing
 * runs past the margin), a new page when a line would reach the space kept at the bottom for the footer.
 * Wrapped text first goes through `layout.drawable`, which replaces what the embedded font cannot draw.
 */

export interface PdfLayout {
  page: { width: number; height: number };
  margin: number;
  /** Height kept free above the bottom margin (page numbers, footer). */
  bottom: number;
  /** Default text size, and line height as a multiple of the size. */
  size: number;
  leading: number;
  ink: Color;
  /** Replaces the characters the font lacks (pdf-report.ts `drawable`). */
  drawable: (text: string) => string;
}

export interface TextStyle {
  size?: number;
  bold?: boolean;
  color?: Color;
}

/**
 * Text width from per-character advances, cached per font. pdf-lib measures an embedded font by laying the
 * text out with fontkit at each call, which made wrapping long URLs take seconds; kerning is ignored (the
 * columns keep a padding for it).
 */
const advanceCache = new WeakMap<PDFFont, Map<string, number>>();
export function measure(font: PDFFont, text: string, size: number): number {
  let cache = advanceCache.get(font);
  if (!cache) {
    cache = new Map();
    advanceCache.set(font, cache);
  }
  let width = 0;
  for (const char of text) {
    let advance = cache.get(char);
    if (advance === undefined) {
      advance = font.widthOfTextAtSize(char, 1000) / 1000;
      cache.set(char, advance);
    }
    width += advance;
  }
  return width * size;
}

export class PdfWriter {
  page!: PDFPage;
  y = 0;
  readonly pages: PDFPage[] = [];
  readonly contentWidth: number;

  constructor(
    readonly doc: PDFDocument,
    readonly regular: PDFFont,
    readonly bold: PDFFont,
    readonly layout: PdfLayout,
  ) {
    this.contentWidth = layout.page.width - 2 * layout.margin;
    this.newPage();
  }

  newPage(): void {
    this.page = this.doc.addPage([this.layout.page.width, this.layout.page.height]);
    this.pages.push(this.page);
    this.y = this.layout.page.height - this.layout.margin;
  }

  /** Starts a new page when `height` does not fit above the footer. */
  ensure(height: number): boolean {
    if (this.y - height < this.layout.margin + this.layout.bottom) {
      this.newPage();
      return true;
    }
    return false;
  }

  font(style: TextStyle): PDFFont {
    return style.bold ? this.bold : this.regular;
  }

  /** Splits `text` into lines no wider than `width` (breaks at spaces, or inside a too-long word). */
  wrap(text: string, width: number, style: TextStyle = {}): string[] {
    const font = this.font(style);
    const size = style.size ?? this.layout.size;
    const fits = (value: string) => measure(font, value, size) <= width;
    const lines: string[] = [];
    for (const paragraph of this.layout.drawable(text).split('\n')) {
      let current = '';
      for (const word of paragraph.split(' ')) {
        const candidate = current ? `${current} ${word}` : word;
        if (fits(candidate)) {
          current = candidate;
          continue;
        }
        if (current) {
          lines.push(current);
        }
        current = '';
        let rest = word;
        while (rest && !fits(rest)) {
          let cut = rest.length - 1;
          while (cut > 1 && !fits(rest.slice(0, cut))) {
            cut -= 1;
          }
          lines.push(rest.slice(0, cut));
          rest = rest.slice(cut);
        }
        current = rest;
      }
      lines.push(current);
    }
    return lines;
  }

  lineHeight(style: TextStyle = {}): number {
    return (style.size ?? this.layout.size) * this.layout.leading;
  }

  drawLines(lines: string[], x: number, top: number, style: TextStyle = {}): void {
    const size = style.size ?? this.layout.size;
    lines.forEach((line, index) => {
      this.page.drawText(line, {
        x,
        y: top - size - index * this.lineHeight(style),
        size,
        font: this.font(style),
        color: style.color ?? this.layout.ink,
      });
    });
  }

  /** A wrapped paragraph across the content width (less `indent`), moving down; `right` aligns each line right. */
  paragraph(text: string, style: TextStyle = {}, indent = 0, align: 'left' | 'right' = 'left'): void {
    const size = style.size ?? this.layout.size;
    const { margin, page } = this.layout;
    for (const line of this.wrap(text, this.contentWidth - indent, style)) {
      this.ensure(this.lineHeight(style));
      const x = align === 'right' ? page.width - margin - measure(this.font(style), line, size) : margin + indent;
      this.drawLines([line], x, this.y, style);
      this.y -= this.lineHeight(style);
    }
  }

  gap(points: number): void {
    this.y -= points;
  }
}
