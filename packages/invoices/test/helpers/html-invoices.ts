/**
 * Supplier-style HTML invoices of the public February 2026 T4 case in two layouts that are not ours (ADR 0070):
 * printed to PDF by Chromium in `test/pdf-libre.test.ts`, and rendered to a PNG « scan » by
 * `scripts/generate-scan-fixtures.ts` (issue #25 §5, ADR 0080).
 */
import type { InvoiceLine, NormalisedInvoice } from '@pilote/tariffs';

const fr = (v: number, min = 2, max = min) =>
  v.toLocaleString('fr-FR', { minimumFractionDigits: min, maximumFractionDigits: max });
const euros = (v: number) => `${fr(v)} €`;
const esc = (s: string) => s.replaceAll('&', '&amp;').replaceAll('<', '&lt;');
const day = (iso: string) => iso.split('-').reverse().join('/');
const months = (p: number | null) => (p === null ? '' : `${Math.round(p * 12)}/12`);
const isMonthly = (l: InvoiceLine) => l.prorata !== null && Math.abs(l.prorata - 1 / 12) < 1e-12;

/** Layout A: a header of « libellé : valeur » lines, a table with a units column, durations as « 1/12 ». */
export function layoutA(inv: NormalisedInvoice): string {
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
    <p>Période de consommation : du ${day(inv.period.firstDay)} au ${day(inv.period.lastDay)}</p>
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
export function layoutB(inv: NormalisedInvoice): string {
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
    <div>Tarif d’acheminement : ATRD ${inv.tarif}</div><div>Consommation du ${day(inv.period.firstDay)} au ${day(inv.period.lastDay)}</div>
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
