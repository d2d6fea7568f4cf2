import fontkit from '@pdf-lib/fontkit';
import {
  estimatedGridsNotice,
  type LineSourceDto,
  type ReferenceDatasetInfo,
  type SimulationLineDto,
  sourcesOfLine,
} from '@pilote/contracts';
import { formatNumberFr, statusLabel } from '@pilote/tariffs';
import { PDFDocument, type PDFFont, rgb } from 'pdf-lib';
import { drawable, loadFonts, NO_LIGATURES } from '../../pdf/fonts.ts';
import { measure, type PdfLayout, PdfWriter, type TextStyle } from '../../pdf/writer.ts';
import type { SimulationReport } from './report.ts';

/**
 * The PDF report of a simulation (issue 4 §5): inputs, summary, every line with its formula, unit price,
 * monthly and annual amounts and its sources (title, URL, status; estimates marked), grid dates, warnings,
 * the sample-data notice, generation date and page numbers. The fonts (src/pdf/fonts.ts) draw French text as is;
 * the rare character they lack is replaced or shown as « ? », never a crash.
 */

const NNBSP = '\u202f';
/** Thousands separated by narrow no-break spaces so amounts never wrap. */
const number = (value: number, min: number, max = min) => formatNumberFr(value, min, max).replace(/ /g, NNBSP);
const euros = (value: number | null) => (value === null ? '—' : `${number(value, 2)}\u00a0€`);
/** Keeps "21 705,72" together inside formulas written with plain spaces. */
const glueNumbers = (text: string) => text.replace(/(\d) (?=\d{3}(?!\d))/g, `$1${NNBSP}`);

function frenchDate(iso: string | null): string {
  if (!iso) {
    return '—';
  }
  const [year, month, day] = iso.slice(0, 10).split('-');
  return `${day}/${month}/${year}`;
}

const DATE_TIME = new Intl.DateTimeFormat('fr-FR', { timeZone: 'Europe/Paris', dateStyle: 'long', timeStyle: 'short' });
/** "21 novembre 2026 à 14:05" (Paris time). */
const dateTime = (date: Date) => DATE_TIME.format(date);

const STATUS: Record<LineSourceDto['status'], string> = {
  official: 'texte officiel',
  secondary: 'source secondaire',
  estimate: 'estimation',
};

/** A source's status; an estimate whose kind is known says it: « estimation (source secondaire) » (ADR 0050). */
function sourceStatus(source: LineSourceDto): string {
  return source.status === 'estimate' && source.basis ? statusLabel('estimate', source.basis) : STATUS[source.status];
}

function unitPrice(line: SimulationLineDto): string {
  if (line.unit === 'taux') {
    return `${number(line.unitPrice * 100, 2, 4)}${NNBSP}%`;
  }
  return `${number(line.unitPrice, 2, 5)} ${line.unit}`;
}

function datasetText(info: ReferenceDatasetInfo | null): string {
  if (!info) {
    return 'non utilisée';
  }
  if (info.origin === 'package') {
    return 'ÉCHANTILLON livré avec le logiciel (données non officielles)';
  }
  return `version ${info.version} importée le ${frenchDate(info.importedAt)} (« ${info.sourceFileName} »)${info.isSample ? ' — échantillon' : ''}`;
}

// ---- layout -------------------------------------------------------------------------------------------------

const PAGE = { width: 841.89, height: 595.28 }; // A4 landscape
const MARGIN = 36;
const FOOTER = 28;
const CONTENT_WIDTH = PAGE.width - 2 * MARGIN;
const INK = rgb(0.1, 0.12, 0.16);
const MUTED = rgb(0.38, 0.4, 0.45);
const RULE = rgb(0.82, 0.84, 0.87);
const ESTIMATE_FILL = rgb(1, 0.96, 0.84);
const NOTICE_FILL = rgb(1, 0.93, 0.85);
const HEADER_FILL = rgb(0.93, 0.95, 0.97);

const LAYOUT: PdfLayout = { page: PAGE, margin: MARGIN, bottom: FOOTER, size: 9, leading: 1.3, ink: INK, drawable };

class Writer extends PdfWriter {
  constructor(doc: PDFDocument, regular: PDFFont, bold: PDFFont) {
    super(doc, regular, bold, LAYOUT);
  }

  heading(text: string): void {
    this.ensure(40);
    this.y -= 10;
    this.drawLines([drawable(text)], MARGIN, this.y, { size: 12, bold: true });
    this.y -= 18;
    this.page.drawLine({
      start: { x: MARGIN, y: this.y + 2 },
      end: { x: PAGE.width - MARGIN, y: this.y + 2 },
      thickness: 0.6,
      color: RULE,
    });
    this.y -= 4;
  }
}

interface Column {
  title: string;
  width: number;
  align?: 'right';
}

/** A table whose rows wrap; the header repeats on each new page. `below` is an optional full-width note per row. */
function table(
  w: Writer,
  columns: Column[],
  rows: { cells: string[]; bold?: boolean; fill?: ReturnType<typeof rgb>; below?: string }[],
): void {
  const padding = 3;
  const style: TextStyle = { size: 8.5 };
  const noteStyle: TextStyle = { size: 7, color: MUTED };
  const drawHeader = () => {
    const lines = columns.map((column) => w.wrap(column.title, column.width - 2 * padding, { ...style, bold: true }));
    const height = Math.max(...lines.map((l) => l.length)) * w.lineHeight(style) + 2 * padding;
    w.ensure(height + 20);
    w.page.drawRectangle({ x: MARGIN, y: w.y - height, width: CONTENT_WIDTH, height, color: HEADER_FILL });
    let x = MARGIN;
    columns.forEach((column, index) => {
      w.drawLines(lines[index] ?? [], x + padding, w.y - padding, { ...style, bold: true });
      x += column.width;
    });
    w.y -= height;
  };
  drawHeader();
  for (const row of rows) {
    const cellStyle = { ...style, bold: row.bold ?? false };
    const lines = columns.map((column, index) => w.wrap(row.cells[index] ?? '', column.width - 2 * padding, cellStyle));
    const noteLines = row.below ? w.wrap(row.below, CONTENT_WIDTH - 2 * padding - 12, noteStyle) : [];
    const height =
      Math.max(...lines.map((l) => l.length)) * w.lineHeight(style) +
      noteLines.length * w.lineHeight(noteStyle) +
      2 * padding +
      (noteLines.length > 0 ? 2 : 0);
    if (w.ensure(height)) {
      drawHeader();
    }
    if (row.fill) {
      w.page.drawRectangle({ x: MARGIN, y: w.y - height, width: CONTENT_WIDTH, height, color: row.fill });
    }
    let x = MARGIN;
    columns.forEach((column, index) => {
      const cell = lines[index] ?? [];
      if (column.align === 'right') {
        cell.forEach((line, lineIndex) => {
          const width = measure(w.font(cellStyle), line, cellStyle.size ?? 9);
          w.drawLines(
            [line],
            x + column.width - padding - width,
            w.y - padding - lineIndex * w.lineHeight(style),
            cellStyle,
          );
        });
      } else {
        w.drawLines(cell, x + padding, w.y - padding, cellStyle);
      }
      x += column.width;
    });
    if (noteLines.length > 0) {
      const top = w.y - padding - Math.max(...lines.map((l) => l.length)) * w.lineHeight(style) - 2;
      w.drawLines(noteLines, MARGIN + padding + 12, top, noteStyle);
    }
    w.y -= height;
    w.page.drawLine({
      start: { x: MARGIN, y: w.y },
      end: { x: PAGE.width - MARGIN, y: w.y },
      thickness: 0.4,
      color: RULE,
    });
  }
  w.y -= 6;
}

const POSTES: { key: keyof SimulationReport['result']['annuel']; label: string }[] = [
  { key: 'abonnement', label: 'Abonnement distribution' },
  { key: 'termeDistribution', label: 'Terme de distribution (capacité, distance)' },
  { key: 'termeTransport', label: 'Terme de transport (TCS + TCR × NTR + TCL)' },
  { key: 'compensationStockage', label: 'Compensation stockage' },
  { key: 'ctaTso', label: 'CTA transport' },
  { key: 'ctaDso', label: 'CTA distribution' },
  { key: 'ctaTotal', label: 'CTA totale' },
  { key: 'totalFixe', label: 'Total des termes fixes' },
];

// The report's version (bump it whenever a change here should reach PDFs already rendered) is in its own module.
export { PDF_RENDERER_VERSION } from './pdf-renderer-version.ts';

export async function renderSimulationPdf(report: SimulationReport, generatedAt: Date): Promise<Uint8Array> {
  const bytes = await loadFonts();
  const doc = await PDFDocument.create();
  doc.registerFontkit(fontkit);
  const regular = await doc.embedFont(bytes.regular, { subset: false, features: NO_LIGATURES });
  const bold = await doc.embedFont(bytes.bold, { subset: false, features: NO_LIGATURES });
  const { result, input } = report;
  const form = input.form;
  doc.setTitle(`Simulation des coûts d'acheminement du gaz — ${form.code}`);
  doc.setAuthor('Pilote Énergie');
  doc.setSubject('Rapport de simulation tarifaire (ATRD7, ATRT8, CTA, accise, CEE)');
  doc.setLanguage('fr-FR');
  doc.setCreationDate(generatedAt);
  doc.setProducer('Pilote Énergie (pdf-lib)');

  const w = new Writer(doc, regular, bold);
  w.paragraph("Simulation des coûts d'acheminement du gaz naturel", { size: 17, bold: true });
  w.y -= 2;
  w.paragraph(
    `Rapport généré le ${dateTime(generatedAt)} — simulation n° ${report.id} du ${dateTime(report.createdAt)}`,
    { size: 9, color: MUTED },
  );
  w.y -= 6;

  const estimateNotice = estimatedGridsNotice(result.estimatedGrids);
  if (estimateNotice) {
    const lines = w.wrap(estimateNotice, CONTENT_WIDTH - 16, { size: 10, bold: true });
    const height = lines.length * w.lineHeight({ size: 10 }) + 12;
    w.ensure(height);
    w.page.drawRectangle({ x: MARGIN, y: w.y - height, width: CONTENT_WIDTH, height, color: NOTICE_FILL });
    w.drawLines(lines, MARGIN + 8, w.y - 6, { size: 10, bold: true, color: rgb(0.55, 0.2, 0) });
    w.y -= height + 6;
  }

  if (result.usedSampleData) {
    const notice =
      "Données d'échantillon : la table de référence utilisée (PITD / Zi / points LI ou PIC) n'est pas la table officielle. Résultat indicatif, à ne pas utiliser pour un devis.";
    const lines = w.wrap(notice, CONTENT_WIDTH - 16, { size: 10, bold: true });
    const height = lines.length * w.lineHeight({ size: 10 }) + 12;
    w.ensure(height);
    w.page.drawRectangle({ x: MARGIN, y: w.y - height, width: CONTENT_WIDTH, height, color: NOTICE_FILL });
    w.drawLines(lines, MARGIN + 8, w.y - 6, { size: 10, bold: true, color: rgb(0.55, 0.2, 0) });
    w.y -= height + 6;
  }

  const referentiel = result.referentiel;
  const recap: [string, string][] = [
    ['Point de réseau', form.pointDeReseau],
    ['Code', referentiel.libelle ? `${form.code} — ${referentiel.libelle}` : form.code],
    [
      'Commune',
      referentiel.communeInsee ? `${form.commune ?? '—'} (INSEE ${referentiel.communeInsee})` : (form.commune ?? '—'),
    ],
    ['Gestionnaire de transport (TSO)', form.tso],
    ['Gestionnaire de distribution (DSO)', form.dso ?? '—'],
    ['Option tarifaire', form.tarif],
    ['Profil', form.profil],
    ["Date d'effet", frenchDate(input.dateEffet)],
    ['CAR', form.car === undefined ? '—' : `${number(form.car, 0, 3)} MWh/an`],
    ['CJA', form.cja === undefined ? '—' : `${number(form.cja, 0, 3)} MWh/j`],
    ['Assiette (consommation annuelle)', form.assiette === undefined ? '—' : `${number(form.assiette, 0, 3)} MWh/an`],
    [
      'Capacité interruptible',
      form.cjsInterruptible === undefined ? '—' : `${number(form.cjsInterruptible, 0, 3)} MWh/j`,
    ],
    ['Coût CEE', form.cee === undefined ? 'valeur par défaut (estimation)' : `${number(form.cee, 2, 5)} €/MWh (saisi)`],
    ...(form.distanceM === undefined
      ? []
      : ([['Distance au réseau de transport', `${number(form.distanceM, 0, 1)} m`]] as [string, string][])),
    ...(form.debitNormalise === undefined
      ? []
      : ([['Débit normalisé du compteur', `${number(form.debitNormalise, 0, 2)} Nm³/h`]] as [string, string][])),
    ...(form.cpl === undefined
      ? []
      : ([['Capacité de livraison souscrite', `${number(form.cpl, 0, 3)} MWh/j`]] as [string, string][])),
    ['Niveau de tarif régional (NTR)', String(referentiel.ntr)],
    ['Station météo', referentiel.stationMeteo ?? '—'],
    ['Coefficient Zi', referentiel.zi === null ? 'non utilisé (capacité souscrite)' : number(referentiel.zi, 0, 6)],
    ...(form.pointDeReseau === 'PITD'
      ? ([
          ['Table des PITD', datasetText(referentiel.pitdDataset)],
          ['Table Zi', datasetText(referentiel.ziDataset)],
        ] as [string, string][])
      : ([[`Table des points ${form.pointDeReseau}`, datasetText(referentiel.pointDataset ?? null)]] as [
          string,
          string,
        ][])),
  ];
  w.heading('Données de la simulation');
  const half = Math.ceil(recap.length / 2);
  const colWidth = CONTENT_WIDTH / 2;
  const recapRows = recap.slice(0, half).map((left, index) => [left, recap[half + index]] as const);
  for (const pair of recapRows) {
    const cells = pair.map((item) =>
      item
        ? [w.wrap(`${item[0]} :`, 150, { size: 8.5, bold: true }), w.wrap(item[1], colWidth - 165, { size: 8.5 })]
        : [[], []],
    );
    const height = Math.max(...cells.flat().map((l) => l.length), 1) * w.lineHeight({ size: 8.5 }) + 2;
    w.ensure(height);
    cells.forEach(([label, value], index) => {
      const x = MARGIN + index * colWidth;
      w.drawLines(label ?? [], x, w.y, { size: 8.5, bold: true });
      w.drawLines(value ?? [], x + 155, w.y, { size: 8.5 });
    });
    w.y -= height;
  }

  w.heading('Synthèse');
  table(
    w,
    [
      { title: 'Poste', width: 390 },
      { title: 'Mensuel (€/mois)', width: 190, align: 'right' },
      { title: 'Annuel (€/an)', width: CONTENT_WIDTH - 580, align: 'right' },
    ],
    [
      ...POSTES.map((poste) => ({
        cells: [poste.label, euros(result.mensuel[poste.key]), euros(result.annuel[poste.key])],
        bold: poste.key === 'totalFixe',
      })),
      { cells: ['Accise sur les gaz naturels (ex-TICGN)', `${number(result.parMwh.accise, 2, 5)} €/MWh`, ''] },
      { cells: ["Certificats d'économies d'énergie (CEE)", `${number(result.parMwh.cee, 2, 5)} €/MWh`, ''] },
      { cells: ['Terme proportionnel distribution', `${number(result.parMwh.termeProportionnel, 2, 5)} €/MWh`, ''] },
    ],
  );

  w.heading('Détail ligne par ligne');
  w.paragraph(
    'Termes fixes : montant annuel, mensuel = annuel / 12. Termes par MWh : montants calculés sur l’assiette lorsqu’elle est renseignée. Les lignes surlignées sont des estimations.',
    { size: 8, color: MUTED },
  );
  w.y -= 4;
  table(
    w,
    [
      { title: 'Ligne', width: 210 },
      { title: 'Formule', width: 285 },
      { title: 'Prix unitaire', width: 105, align: 'right' },
      { title: 'Mensuel', width: 85, align: 'right' },
      { title: 'Annuel', width: CONTENT_WIDTH - 685, align: 'right' },
    ],
    result.lignes.map((line) => {
      const sources = sourcesOfLine(result, line);
      return {
        cells: [
          line.isEstimate ? `${line.label} — ESTIMATION` : line.label,
          glueNumbers(line.formula),
          unitPrice(line),
          euros(line.monthlyAmount),
          euros(line.annualAmount),
        ],
        ...(line.isEstimate ? { fill: ESTIMATE_FILL } : {}),
        below: `Source${sources.length > 1 ? 's' : ''} : ${sources
          .map(
            (source) =>
              `${source.title}${source.publishedOn ? ` (${frenchDate(source.publishedOn)})` : ''} — ${source.url} — ${sourceStatus(source)}`,
          )
          .join(' ; ')}`,
      };
    }),
  );

  w.heading('Dates des grilles appliquées');
  const grids: [string, string | null][] = [
    ['ATRD7 GRDF (distribution)', result.gridDates.atrd],
    ['ATRT8 (transport)', result.gridDates.atrt],
    ['Terme de stockage', result.gridDates.stockage],
    ['CTA', result.gridDates.cta],
    ['Accise', result.gridDates.accise],
    ['CEE (valeur par défaut)', result.gridDates.cee],
  ];
  for (const [label, date] of grids) {
    w.paragraph(`${label} : grille en vigueur depuis le ${frenchDate(date)}`, { size: 9 }, 8);
  }

  if (result.warnings.length > 0) {
    w.heading('Avertissements');
    for (const warning of result.warnings) {
      w.paragraph(`• ${warning}`, { size: 8.5 }, 8);
    }
  }

  const total = w.pages.length;
  w.pages.forEach((page, index) => {
    const footer = drawable(`Pilote Énergie — simulation ${report.id} — générée le ${dateTime(generatedAt)}`);
    page.drawText(footer, { x: MARGIN, y: MARGIN - 14, size: 7.5, font: regular, color: MUTED });
    const label = `Page ${index + 1} / ${total}`;
    page.drawText(label, {
      x: PAGE.width - MARGIN - measure(regular, label, 7.5),
      y: MARGIN - 14,
      size: 7.5,
      font: regular,
      color: MUTED,
    });
  });
  return doc.save();
}
