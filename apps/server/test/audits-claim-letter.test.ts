/**
 * The claim letter's words (issue #25 §9, ADR 0071): the company's identity and address, the supplier, registered
 * post, HT / VAT / TTC, one precise title per anomaly (a capacity error is not a T4 band error), the reply deadline.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { auditFindingSchema, normalisedInvoiceSchema } from '@pilote/contracts';
import { auditInvoice, referenceInvoice } from '@pilote/tariffs';
import { extractText, getDocumentProxy, getResolvedPDFJS } from 'unpdf';
import { beforeAll, describe, expect, it } from 'vitest';
import { type ClaimLetterInput, claimLetterText, renderClaimLetterPdf } from '../src/modules/audits/claim-letter.ts';
import { claimedAmounts } from '../src/modules/audits/service.ts';
import { loadFonts } from '../src/pdf/fonts.ts';
import { T4_NTR3_SPEC } from './helpers/invoice-pdf.ts';

const GENERATED_AT = new Date('2026-11-26T09:30:00.000Z');
const input = JSON.parse(
  readFileSync(path.join(import.meta.dirname, 'fixtures/pdf-text/claim-letter-input.json'), 'utf8'),
) as ClaimLetterInput;

describe('claim letter words', () => {
  // Fonts subset and PDF.js loaded once, in the hook (as test/pdf-text.test.ts): each test is its render and reading.
  beforeAll(async () => {
    await Promise.all([loadFonts(), getResolvedPDFJS()]);
  });

  it('names the company, its address and identifiers, the supplier, and is sent by registered post', () => {
    const text = claimLetterText(input, GENERATED_AT);
    expect(text.sender.map((line) => line.text)).toEqual([
      'Conserverie Martin SAS',
      '12 rue des Lilas',
      '80000 Amiens',
      'SIREN 732 829 320 — TVA intracommunautaire FR44732829320',
      'Affaire suivie par Alice Martin — alice@exemple.fr',
    ]);
    expect(text.recipient[0]?.text).toBe('Énergie Exemple SA');
    expect(text.placeAndDate).toBe('Amiens, le 26 novembre 2026');
    expect(text.registered).toBe('Lettre recommandée avec accusé de réception');
    expect(text.signature).toEqual(['Alice Martin', 'pour Conserverie Martin SAS']);
  });

  it('is addressed to the supplier’s postal address when the e-invoice gives it, else says where to find it', () => {
    const withAddress = claimLetterText(
      { ...input, invoice: { ...input.invoice, supplierAddress: ['1 place de l’Énergie', '75008 Paris'] } },
      GENERATED_AT,
    );
    expect(withAddress.recipient.map((line) => line.text)).toEqual([
      'Énergie Exemple SA',
      'Service clients — réclamations',
      '1 place de l’Énergie',
      '75008 Paris',
    ]);
    expect(claimLetterText(input, GENERATED_AT).recipient[2]?.text).toBe(
      'Adresse postale : celle du service réclamations indiquée sur la facture',
    );
  });

  it('claims HT, VAT and TTC and asks for an answer within 30 days (a commercial deadline, no article cited)', () => {
    const text = claimLetterText(input, GENERATED_AT);
    expect(text.amounts).toEqual([
      ['Montant facturé à tort (HT)', '870,64\u00a0€'],
      ['TVA (20 %)', '174,13\u00a0€'],
      ['Total réclamé (TTC)', '1\u202f044,77\u00a0€'],
    ]);
    expect(text.subject).toContain('1\u202f044,77\u00a0€ TTC');
    expect(text.closing.join(' ')).toContain('dans un délai de 30 jours à compter de la réception de ce courrier');
    expect(text.closing.join(' ')).not.toMatch(/article|L\. ?\d/);
  });

  it('without an organisation: the user’s name and e-mail, « Le … » without a town', () => {
    const text = claimLetterText(
      { ...input, customer: { name: 'Alice Martin', email: 'alice@exemple.fr' } },
      GENERATED_AT,
    );
    expect(text.sender.map((line) => line.text)).toEqual(['Alice Martin', 'alice@exemple.fr']);
    expect(text.placeAndDate).toBe('Le 26 novembre 2026');
  });

  it('titles a capacity error as a capacity error, not as a T4 band error, in the PDF', async () => {
    // 120 MWh/j of capacity billed for a CJA of 109 MWh/j (the user confirmed 109): over-billed first band.
    const billed = referenceInvoice({ ...T4_NTR3_SPEC, ntr: 2, cja: 120 });
    const invoice = { ...billed, cja: 109 };
    const report = auditInvoice(invoice, {
      point: { pointDeReseau: 'PITD', code: 'GI060012', ntr: 2, tso: 'NaTran', isSample: false },
      readingConfirmed: true,
    });
    const anomalies = auditFindingSchema
      .array()
      .parse(report.findings.filter((f) => f.severity === 'anomalie' && f.amountEuros > 0));
    const capacity = anomalies.find((f) => f.check === 't4Bands');
    expect(capacity?.title).toMatch(/^Capacité journalière facturée différente de la CJA/);
    const dto = normalisedInvoiceSchema.parse(invoice);
    const pdf = await renderClaimLetterPdf(
      { ...input, invoice: dto, anomalies, amounts: claimedAmounts(anomalies, dto) },
      GENERATED_AT,
    );
    const { text } = await extractText(await getDocumentProxy(pdf), { mergePages: true });
    const flat = text.replace(/\s+/g, ' ');
    expect(flat).toContain('Capacité journalière facturée différente de la CJA');
    expect(flat).not.toContain('Tranche de capacité T4 mal appliquée');
    expect(flat).toContain('Lettre recommandée avec accusé de réception');
    expect(flat).toMatch(/Total réclamé \(TTC\) : [\d\s\u202f]+,\d\d/);
  });
});
