/**
 * Any text PDF, whatever its layout (issue #25 §3, ADR 0070): supplier-style HTML invoices of the public February
 * 2026 T4 case (GRDF, NaTran NTR 2, 2 043 755 kWh) printed to PDF by Chromium — a tool other than ours — in two
 * different layouts, read by `readInvoice` (no known layout matches: the layout-free reader) and checked by
 * `auditInvoice`. The correct invoice gives no anomaly and no claim letter; the six planted errors each give their
 * anomaly to the cent. One browser for the file, started in `beforeAll`.
 */
import { type AuditReferenceData, auditInvoice, type InvoiceLine, type NormalisedInvoice } from '@pilote/tariffs';
import { type Browser, chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ReadResult, readInvoice } from '../src/index.ts';
import { PLANTED, plant, rebill, SIX_ERRORS, T4_FEB_2026 } from './helpers/e-invoice-eu.ts';

const REF: AuditReferenceData = {
  point: { pointDeReseau: 'PITD', code: 'GI060012', ntr: 2, tso: 'NaTran', isSample: false },
};

let browser: Browser;
beforeAll(async () => {
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
});
afterAll(async () => {
  await browser?.close();
});

async function printPdf(html: string): Promise<Uint8Array> {
  const page = await browser.newPage();
  try {
    await page.setContent(html, { waitUntil: 'load' });
    return new Uint8Array(await page.pdf({ format: 'A4', printBackground: true }));
  } finally {
    await page.close();
  }
}

const fr = (v: number, min = 2, max = min) =>
  v.toLocaleString('fr-FR', { minimumFractionDigits: min, maximumFractionDigits: max });
const euros = (v: number) => `${fr(v)} €`;
const esc = (s: string) => s.replaceAll('&', '&amp;').replaceAll('<', '&lt;');
const months = (p: number | null) => (p === null ? '' : `${Math.round(p * 12)}/12`);
const isMonthly = (l: InvoiceLine) => l.prorata !== null && Math.abs(l.prorata - 1 / 12) < 1e-12;

/** Layout A: a header of « libellé : valeur » lines, a table with a units column, durations as « 1/12 ». */
function layoutA(inv: NormalisedInvoice): string {
  const rows = inv.lines
    .map((l) => {
      const isCta = l.quantityUnit === '€';
      return `<tr><td>${esc(l.label)}</td><td class="n">${isCta ? fr(l.quantity ?? 0) : fr(l.quantity ?? 0, 0, 3)}</td>
        <td>${esc(l.quantityUnit ?? '')}</td>
        <td class="n">${isCta ? `${fr((l.unitPrice ?? 0) * 100)} %` : `${fr(l.unitPrice ?? 0, 2, 4)} ${l.unitPriceUnit}`}</td>
        <td class="n">${months(l.prorata)}</td><td class="n">${euros(l.amount)}</td></tr>`;
    })
    .join('\n');
  return `<!doctype html><html lang="fr"><head><meta charset="utf-8"><style>
    body { font-family: 'DejaVu Sans', Arial, sans-serif; font-size: 10px; margin: 24px; }
    h1 { font-size: 16px; } .kv p { margin: 2px 0; }
    table { border-collapse: collapse; width: 100%; margin-top: 12px; }
    th, td { padding: 4px 10px; border-bottom: 1px solid #ccc; text-align: left; }
    .n { text-align: right; }
  </style></head><body>
  <h1>${esc(inv.supplier)}</h1>
  <p>Facture de gaz naturel — acheminement et fourniture</p>
  <div class="kv">
    <p>Facture n° ${inv.invoiceNumber}</p>
    <p>Date de facture : ${inv.issuedOn?.split('-').reverse().join('/')}</p>
    <p>Point de livraison (PCE) : ${inv.point.pce}</p>
    <p>Code PITD : ${inv.point.code}</p>
    <p>Gestionnaire de réseau de transport : NaTran</p>
    <p>Période de consommation : du 01/02/2026 au 28/02/2026</p>
    <p>Option tarifaire d’acheminement : ${inv.tarif}</p>
    <p>Niveau de tarif régional (NTR) : ${inv.ntr}</p>
    <p>Consommation annuelle de référence (CAR) : ${fr((inv.car ?? 0) * 1000, 0)} kWh</p>
    <p>Capacité journalière annuelle souscrite (CJA) : ${fr((inv.cja ?? 0) * 1000, 0)} kWh/j</p>
    <p>Consommation relevée : ${fr((inv.consumptionMwh ?? 0) * 1000, 0)} kWh</p>
  </div>
  <table><thead><tr><th>Désignation</th><th class="n">Quantité</th><th>Unité</th><th class="n">Prix unitaire</th>
    <th class="n">Durée</th><th class="n">Montant HT</th></tr></thead>
  <tbody>${rows}</tbody></table>
  <table style="width: 50%; margin-left: 50%">
    <tr><td>TVA 20,00 %</td><td class="n">${euros(inv.vat[0]?.base ?? 0)}</td><td class="n">${euros(inv.totals.totalTva)}</td></tr>
    <tr><td>Total HT</td><td class="n">${euros(inv.totals.totalHt)}</td></tr>
    <tr><td>Total TVA</td><td class="n">${euros(inv.totals.totalTva)}</td></tr>
    <tr><td>Total TTC</td><td class="n">${euros(inv.totals.totalTtc)}</td></tr>
  </table></body></html>`;
}

/**
 * Layout B, another supplier's: header fields in a two-column grid with other words (« Émetteur », « Tarif
 * d’acheminement », « Consommation du … au … »), the table columns in another order with other titles and the
 * units inside the cells, section titles, energy in kWh at €/kWh, monthly prices « 1 mois × €/mois », labels with
 * « ﬁ »/« ﬃ » ligature characters, a serif font.
 */
function layoutB(inv: NormalisedInvoice): string {
  const section = (title: string) => `<tr><td colspan="5" class="s">${title}</td></tr>`;
  const line = (l: InvoiceLine) => {
    const label = esc(l.label)
      .replace('Accise sur les gaz naturels', 'Accise sur les gaz naturels (TICGN), taxe spéciﬁque')
      .replace('Terme proportionnel distribution', 'Terme proportionnel distribution, ﬁxé par l’ATRD (eﬃcacité)');
    let assiette: string;
    let pu: string;
    let prorata = '';
    if (l.quantityUnit === '€') {
      assiette = euros(l.quantity ?? 0);
      pu = `${fr((l.unitPrice ?? 0) * 100)} %`;
    } else if (l.quantityUnit === 'MWh') {
      assiette = `${fr((l.quantity ?? 0) * 1000, 0)} kWh`;
      pu = `${fr((l.unitPrice ?? 0) / 1000, 5, 6)} €/kWh`;
    } else if (l.kind === 'abonnement' && isMonthly(l)) {
      assiette = '1 mois';
      pu = `${fr((l.unitPrice ?? 0) / 12)} €/mois`;
    } else {
      assiette = `${fr((l.quantity ?? 0) * 1000, 0)} kWh/j`;
      pu = `${fr(l.unitPrice ?? 0, 2, 4)} ${l.unitPriceUnit}`;
      prorata = isMonthly(l) ? '1 mois' : months(l.prorata);
    }
    return `<tr><td>${label}</td><td>${euros(l.amount)}</td><td>${assiette}</td><td>${pu}</td><td>${prorata}</td></tr>`;
  };
  const transport = (l: InvoiceLine) => ['tcs', 'tcr', 'tcl', 'compensationStockage', 'ctaTransport'].includes(l.kind);
  const taxes = (l: InvoiceLine) => ['accise', 'ctaDistribution', 'cee'].includes(l.kind);
  const fourniture = (l: InvoiceLine) => l.kind === 'fourniture';
  const distribution = (l: InvoiceLine) => !transport(l) && !taxes(l) && !fourniture(l);
  return `<!doctype html><html lang="fr"><head><meta charset="utf-8"><style>
    body { font-family: 'DejaVu Serif', 'Liberation Serif', serif; font-size: 11px; margin: 30px; }
    .grid { display: grid; grid-template-columns: 1fr 1fr; gap: 4px 40px; }
    table { border-collapse: collapse; width: 100%; margin-top: 16px; }
    th { background: #eee; text-align: left; padding: 5px 12px; } td { padding: 3px 12px; }
    td.s { font-weight: bold; padding-top: 8px; }
  </style></head><body>
  <div class="grid">
    <div>Émetteur : ${esc(inv.supplier)}</div><div>Numéro de facture : ${inv.invoiceNumber}</div>
    <div>PCE ${inv.point.pce}</div><div>Émise le 06/03/2026</div>
    <div>Point d’interface transport-distribution (PITD) ${inv.point.code}</div><div>Transporteur : NaTran</div>
    <div>Tarif d’acheminement : ATRD ${inv.tarif}</div><div>Consommation du 01/02/2026 au 28/02/2026</div>
    <div>CAR ${fr((inv.car ?? 0) * 1000, 0)} kWh/an</div><div>CJA ${fr((inv.cja ?? 0) * 1000, 0)} kWh/jour</div>
    <div>NTR ${inv.ntr}</div><div>Commune : Nice (06000)</div>
    <div>Énergie livrée : ${fr((inv.consumptionMwh ?? 0) * 1000, 0)} kWh</div>
  </div>
  <table><thead><tr><th>Libellé</th><th>Montant HT</th><th>Assiette</th><th>P.U. HT</th><th>Prorata</th></tr></thead>
  <tbody>
  ${section('Acheminement distribution (GRDF)')}${inv.lines.filter(distribution).map(line).join('')}
  ${section('Acheminement transport (NaTran)')}${inv.lines.filter(transport).map(line).join('')}
  ${section('Fourniture')}${inv.lines.filter(fourniture).map(line).join('')}
  ${section('Taxes et contributions')}${inv.lines.filter(taxes).map(line).join('')}
  </tbody></table>
  <p>Montant hors taxes : ${euros(inv.totals.totalHt)}</p>
  <p>TVA 20 % sur ${euros(inv.vat[0]?.base ?? 0)} : ${euros(inv.totals.totalTva)}</p>
  <p>Total TVA : ${euros(inv.totals.totalTva)}</p>
  <p>Net à payer TTC : ${euros(inv.totals.totalTtc)}</p>
  </body></html>`;
}

function read(result: ReadResult) {
  if (!result.ok) {
    throw new Error(`refusé : ${result.refusal.message} ${result.refusal.found.join(' ; ')}`);
  }
  return result;
}

/** The claim letter's rule (ADR 0062): positive anomalies on an invoice read without warnings or reading problems. */
function letter(report: ReturnType<typeof auditInvoice>, warnings: readonly string[]): boolean {
  const claimed = report.findings.filter((f) => f.severity === 'anomalie' && f.amountEuros > 0);
  return claimed.length > 0 && report.readingProblems.length === 0 && warnings.length === 0;
}

const LAYOUTS = { A: layoutA, B: layoutB } as const;

describe.each(['A', 'B'] as const)('an HTML invoice printed by Chromium, layout %s', (name) => {
  it('the correct invoice: every value read by position, no anomaly, no claim letter', async () => {
    const r = read(await readInvoice(await printPdf(LAYOUTS[name](T4_FEB_2026)), `facture-${name}.pdf`));
    expect(r.warnings).toEqual([]);
    expect(r.invoice).toMatchObject({
      format: 'pdf',
      layout: 'pdf-libre',
      supplier: 'Énergie Exemple SA',
      invoiceNumber: 'FG-2026-02-0117',
      issuedOn: '2026-03-06',
      point: { pointDeReseau: 'PITD', code: 'GI060012', pce: '21400000000117' },
      tso: 'NaTran',
      period: { firstDay: '2026-02-01', lastDay: '2026-02-28' },
      tarif: 'T4',
      car: 15466.8,
      cja: 109,
      ntr: 2,
      consumptionMwh: 2043.755,
      totals: T4_FEB_2026.totals,
    });
    const byKind = (lines: readonly InvoiceLine[]) =>
      [...lines]
        .map((l) => [
          l.kind,
          l.quantity,
          l.unitPrice,
          l.unitPriceUnit,
          l.prorata === null ? null : l.prorata * 12,
          l.amount,
        ])
        .sort((a, b) => String(a[0]).localeCompare(String(b[0])));
    expect(byKind(r.invoice.lines)).toEqual(
      byKind(T4_FEB_2026.lines).map((l) => l.map((v) => (typeof v === 'number' ? expect.closeTo(v, 9) : v))),
    );
    expect(r.provenance?.confidence).toMatchObject({ pce: 1, period: 1, tarif: 1, car: 1, cja: 1, ntr: 1 });
    expect(r.provenance?.missing).toEqual([]);
    if (name === 'B') {
      expect(r.provenance?.commune).toBe('Nice (06000)');
    }
    const report = auditInvoice(r.invoice, REF);
    expect(report.findings).toEqual([]);
    expect(report.readingProblems).toEqual([]);
    expect(report.unverifiableLines).toEqual([]);
    expect(report.checksRun).toEqual(
      expect.arrayContaining(['ntr', 'tcl', 'unitPrice', 'cta', 'accise', 'arithmetic']),
    );
    expect(letter(report, r.warnings)).toBe(false);
  });

  it('the six planted errors: each anomaly with its amount to the cent, and the claim letter', async () => {
    const r = read(await readInvoice(await printPdf(LAYOUTS[name](SIX_ERRORS)), `facture-${name}-erreurs.pdf`));
    expect(r.warnings).toEqual([]);
    const report = auditInvoice(r.invoice, REF);
    expect(report.readingProblems).toEqual([]);
    expect(report.findings.map((f) => ({ check: f.check, amountEuros: f.amountEuros, rule: f.rule.id }))).toEqual(
      expect.arrayContaining(PLANTED),
    );
    expect(report.findings).toHaveLength(PLANTED.length);
    expect(report.overBilledEuros).toBe(1291.87);
    expect(letter(report, r.warnings)).toBe(true);
  });
});

describe('false claims of issue #25 on a PDF of another layout', () => {
  it('an « Abonnement transport » line is not the ATRD subscription: no « double billing », no claim', async () => {
    const extra: InvoiceLine = {
      label: 'Abonnement transport',
      kind: 'autre',
      quantity: 1,
      quantityUnit: 'an',
      unitPrice: 1200,
      unitPriceUnit: '€/an',
      prorata: 1 / 12,
      amount: 100,
      period: null,
    };
    const inv = rebill({ ...T4_FEB_2026, lines: [...T4_FEB_2026.lines, extra] });
    const r = read(await readInvoice(await printPdf(layoutA(inv)), 'facture.pdf'));
    expect(r.invoice.lines.find((l) => l.label === 'Abonnement transport')?.kind).toBe('autre');
    const report = auditInvoice(r.invoice, REF);
    expect(report.findings.filter((f) => f.severity === 'anomalie')).toEqual([]);
    expect(report.overBilledEuros).toBe(0);
  });

  it('a row whose amount cannot be read is a warning, never dropped silently, and no letter is offered', async () => {
    const html = layoutA(plant(SIX_ERRORS, 'fourniture', {})).replace(
      /(<td>Fourniture de gaz naturel<\/td>.*?<td class="n">)[^<]*(<\/td><\/tr>)/s,
      '$1voir annexe$2',
    );
    const r = read(await readInvoice(await printPdf(html), 'facture.pdf'));
    expect(r.warnings).toEqual([expect.stringMatching(/^Ligne du tableau non lue : « Fourniture de gaz naturel \| /)]);
    expect(letter(auditInvoice(r.invoice, REF), r.warnings)).toBe(false);
  });

  it('a header without label synonyms: values found by pattern alone carry a lower confidence and a warning', async () => {
    const html = layoutA(T4_FEB_2026)
      .replace('Point de livraison (PCE) : ', '')
      .replace('Code PITD : ', '')
      .replace('<div class="kv">', '<div class="kv"><p>SA au capital de 1 000 000 € — SIRET 55210055400013</p>');
    const r = read(await readInvoice(await printPdf(html), 'facture.pdf'));
    expect(r.invoice.point).toMatchObject({ pce: '21400000000117', code: 'GI060012' });
    expect(r.provenance?.confidence).toMatchObject({ pce: 0.6, code: 0.6 });
    expect(r.warnings).toContain('PCE déduit(e) sans libellé (confiance 0,6) : à vérifier.');
    expect(letter(auditInvoice(r.invoice, REF), r.warnings)).toBe(false);
  });
});
