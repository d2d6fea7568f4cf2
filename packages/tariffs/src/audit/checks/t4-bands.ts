/**
 * T4 capacity bands: the subscribed CJA is billed at the first-band rate up to the threshold (500 MWh/j) and at
 * the degressive rate above (délib. 2024-40). Each capacity line's quantity is compared with its band's share of
 * the CJA printed; the euros are the quantity difference × the band's grid rate.
 */

import { formatNumberFr } from '../../money.ts';
import { ATRD7_GRDF } from '../../parameters/atrd7-grdf.ts';
import { t4CapacityCharge } from '../../simulator/capacity-costs.ts';
import { AMOUNT_TOLERANCE_EUROS, isVerifiable, linePeriod, prorataOf, roundCents, severityFor } from '../grid.ts';
import { rule } from '../rules.ts';
import type { AuditFinding } from '../types.ts';
import { type Check, frPeriod, tryGridValue } from './context.ts';

export const t4BandsCheck: Check = {
  id: 't4Bands',
  run({ invoice }) {
    if (invoice.tarif !== 'T4') {
      return { skipped: 'Option autre que T4.' };
    }
    if (invoice.cja === null) {
      return { skipped: 'CJA non imprimée sur la facture.' };
    }
    const cja = invoice.cja;
    const findings: AuditFinding[] = [];
    // Capacity billed over both bands, per sub-period: when it is not the CJA, the error is the capacity billed,
    // not the split between the bands (the title says which).
    const billedCapacity = new Map<string, number>();
    for (const line of invoice.lines) {
      if ((line.kind === 'capaciteT4Jusqua500' || line.kind === 'capaciteT4AuDela500') && line.quantity !== null) {
        const key = JSON.stringify(linePeriod(invoice, line));
        billedCapacity.set(key, (billedCapacity.get(key) ?? 0) + line.quantity);
      }
    }
    invoice.lines.forEach((line, index) => {
      const upper = line.kind === 'capaciteT4Jusqua500';
      if ((!upper && line.kind !== 'capaciteT4AuDela500') || line.quantity === null || !isVerifiable(line)) {
        return;
      }
      const period = linePeriod(invoice, line);
      const threshold = tryGridValue(ATRD7_GRDF.T4.seuilCapacite, period);
      const rate = tryGridValue(upper ? ATRD7_GRDF.T4.capaciteJusqua500 : ATRD7_GRDF.T4.capaciteAuDela500, period);
      if (!threshold || !rate) {
        return;
      }
      // The simulator's banded charge gives each band's capacity for the CJA.
      const bands = t4CapacityCharge(cja, threshold.value, 0, 0).bands;
      const expectedQuantity = (upper ? bands[0]?.quantity : bands[1]?.quantity) ?? 0;
      const difference = (line.quantity - expectedQuantity) * rate.value * prorataOf(line);
      if (Math.abs(difference) <= AMOUNT_TOLERANCE_EUROS) {
        return;
      }
      const q = (v: number) => formatNumberFr(v, 0, 3);
      const total = billedCapacity.get(JSON.stringify(period)) ?? line.quantity;
      const capacityOff = Math.abs(total - cja) > 0.0005;
      findings.push({
        id: `t4Bands:${index}`,
        check: 't4Bands',
        severity: severityFor(rate.isEstimate || threshold.isEstimate),
        title: capacityOff
          ? `Capacité journalière facturée différente de la CJA : ${line.label}`
          : `Tranche de capacité T4 mal appliquée : ${line.label}`,
        message: `${capacityOff ? `La facture porte ${q(total)} MWh/j de capacité pour une CJA de ${q(cja)} MWh/j. ` : ''}CJA ${q(cja)} MWh/j ${frPeriod(period)} : la tranche ${upper ? `jusqu’à ${q(threshold.value)} MWh/j` : `au-delà de ${q(threshold.value)} MWh/j`} porte sur ${q(expectedQuantity)} MWh/j ; la facture y met ${q(line.quantity)} MWh/j.`,
        amountEuros: roundCents(difference),
        rule: rule('atrd7.t4-tranches', [...threshold.sources, ...rate.sources]),
        billed: { label: 'Capacité facturée dans la tranche', value: line.quantity, unit: 'MWh/j' },
        expected: { label: 'Capacité de la tranche', value: expectedQuantity, unit: 'MWh/j' },
        lineIndex: index,
        isEstimate: rate.isEstimate || threshold.isEstimate,
      });
    });
    // CJA above the threshold with no line for the degressive band: that band was not billed (an under-billing
    // that offsets a first band billed on the whole CJA).
    const first = invoice.lines.find((l) => l.kind === 'capaciteT4Jusqua500');
    if (first && !invoice.lines.some((l) => l.kind === 'capaciteT4AuDela500')) {
      const period = linePeriod(invoice, first);
      const threshold = tryGridValue(ATRD7_GRDF.T4.seuilCapacite, period);
      const rate = tryGridValue(ATRD7_GRDF.T4.capaciteAuDela500, period);
      if (threshold && rate && cja > threshold.value) {
        const missing = cja - threshold.value;
        const q = (v: number) => formatNumberFr(v, 0, 3);
        findings.push({
          id: 't4Bands:au-dela-absente',
          check: 't4Bands',
          severity: severityFor(rate.isEstimate || threshold.isEstimate),
          title: 'Tranche de capacité T4 au-delà du seuil non facturée',
          message: `CJA ${q(cja)} MWh/j : ${q(missing)} MWh/j relèvent du tarif dégressif au-delà de ${q(threshold.value)} MWh/j, absent de la facture.`,
          amountEuros: roundCents(-missing * rate.value * prorataOf(first)),
          rule: rule('atrd7.t4-tranches', [...threshold.sources, ...rate.sources]),
          billed: { label: 'Capacité facturée au-delà du seuil', value: 0, unit: 'MWh/j' },
          expected: { label: 'Capacité au-delà du seuil', value: missing, unit: 'MWh/j' },
          lineIndex: null,
          isEstimate: rate.isEstimate || threshold.isEstimate,
        });
      }
    }
    if (cja > 0 && !first) {
      return { skipped: 'Aucune ligne de capacité T4 sur la facture.' };
    }
    return { findings };
  },
};
