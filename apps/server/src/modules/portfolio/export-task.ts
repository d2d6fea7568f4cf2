// Runs in a worker thread of the pool (ADR 0077): the ranked table of a portfolio run as an XLSX workbook or a PDF
// report. Pure: the rows come in, the file's bytes go out.
import { writeTable } from '@pilote/invoices/table';
import { PDFDocument, rgb, StandardFonts } from 'pdf-lib';

export interface ExportRow {
  siteName: string;
  pce: string;
  cjaActuelle: number | null;
  cjaOptimisee: number | null;
  currentCostEuros: number | null;
  optimisedCostEuros: number | null;
  savingsEuros: number | null;
  message: string | null;
}

export interface ExportInput {
  format: 'xlsx' | 'pdf';
  title: string;
  /** « Organisation … — mois des grilles … — n sites optimisés ». */
  subtitle: string;
  totals: { currentCostEuros: number; optimisedCostEuros: number; savingsEuros: number };
  rows: ExportRow[];
}

const HEADER = [
  'Site',
  'PCE',
  'CJA actuelle (MWh/j)',
  'CJA optimisée (MWh/j)',
  'Coût actuel (€/an)',
  'Coût optimisé (€/an)',
  'Économie (€/an)',
  'Remarque',
];

const euros = (value: number) =>
  `${value.toLocaleString('fr-FR', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).replace(/\u202f|\u00a0/g, ' ')} €`;

export async function writeExport(input: ExportInput): Promise<Uint8Array> {
  if (input.format === 'xlsx') {
    return writeTable(
      [
        HEADER,
        ...input.rows.map((r) => [
          r.siteName,
          r.pce,
          r.cjaActuelle ?? '',
          r.cjaOptimisee ?? '',
          r.currentCostEuros ?? '',
          r.optimisedCostEuros ?? '',
          r.savingsEuros ?? '',
          r.message ?? '',
        ]),
      ],
      'xlsx',
      'Portefeuille',
    );
  }
  return writePdf(input);
}

/** Characters WinAnsi (the standard fonts' encoding) cannot draw are replaced. */
const drawable = (text: string) => text.replace(/[\u202f\u00a0]/g, ' ').replace(/[^\u0020-\u00ff€’«»…œŒ–—]/g, '?');

async function writePdf(input: ExportInput): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(input.title);
  doc.setLanguage('fr-FR');
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const width = 842;
  const height = 595;
  const margin = 36;
  const ink = rgb(0.1, 0.1, 0.15);
  const columns = [
    { x: margin, w: 250 },
    { x: margin + 255, w: 100 },
    { x: margin + 360, w: 100 },
    { x: margin + 465, w: 110 },
    { x: margin + 580, w: 110 },
  ];
  let page = doc.addPage([width, height]);
  let y = height - margin;
  const text = (s: string, x: number, size: number, f = font) => {
    page.drawText(drawable(s), { x, y, size, font: f, color: ink });
  };
  const fit = (s: string, w: number, size: number) => {
    let t = drawable(s);
    while (t.length > 1 && font.widthOfTextAtSize(t, size) > w) {
      t = `${t.slice(0, -2)}…`;
    }
    return t;
  };
  text(input.title, margin, 16, bold);
  y -= 22;
  text(input.subtitle, margin, 10);
  y -= 16;
  text(
    `Coût actuel : ${euros(input.totals.currentCostEuros)} — coût optimisé : ${euros(input.totals.optimisedCostEuros)} — économies : ${euros(input.totals.savingsEuros)} par an`,
    margin,
    10,
    bold,
  );
  y -= 24;
  const header = () => {
    ['Site (PCE)', 'Coût actuel (€/an)', 'Coût optimisé (€/an)', 'Économie (€/an)', 'CJA actuelle → optimisée'].forEach(
      (h, i) => {
        text(h, (columns[i] as { x: number }).x, 9, bold);
      },
    );
    y -= 14;
  };
  header();
  for (const r of input.rows) {
    if (y < margin + 14) {
      page = doc.addPage([width, height]);
      y = height - margin;
      header();
    }
    const cells = [
      `${r.siteName} (${r.pce})`,
      r.currentCostEuros === null ? '—' : euros(r.currentCostEuros),
      r.optimisedCostEuros === null ? '—' : euros(r.optimisedCostEuros),
      r.savingsEuros === null ? '—' : euros(r.savingsEuros),
      r.cjaActuelle === null || r.cjaOptimisee === null
        ? (r.message ?? '—')
        : `${r.cjaActuelle.toLocaleString('fr-FR')} → ${r.cjaOptimisee.toLocaleString('fr-FR')} MWh/j`,
    ];
    cells.forEach((c, i) => {
      const col = columns[i] as { x: number; w: number };
      page.drawText(fit(c, i === 4 ? width - margin - col.x : col.w, 8), { x: col.x, y, size: 8, font, color: ink });
    });
    y -= 12;
  }
  return doc.save();
}
