/**
 * CAR billed against the reference CAR (the distributor's), else against the consumption history. For profiled
 * options (T1–T3) the transport capacity is CJN = CAR × Zi × A, proportional to the CAR: the euros are the transport
 * capacity lines × (1 − reference CAR / billed CAR), an estimate (ADR 0033).
 */
import { formatNumberFr } from '../../money.ts';
import { roundCents } from '../grid.ts';
import { rule } from '../rules.ts';
import type { AuditFinding } from '../types.ts';
import type { Check } from './context.ts';

/** A CAR differing from the reference by more than this share is reported. */
export const CAR_REFERENCE_TOLERANCE = 0.005;
/** A CAR differing from the mean of the history by more than this share is reported (alerte). */
export const CAR_HISTORY_TOLERANCE = 0.2;

const PROFILED = ['T1', 'T2', 'T3'];

export const carCheck: Check = {
  id: 'car',
  run(ctx) {
    const { invoice, reference } = ctx;
    const billed = invoice.car;
    if (billed === null) {
      return { skipped: 'CAR non imprimée sur la facture.' };
    }
    const history = (reference.consumptionHistoryMwh ?? []).slice(-3);
    const referenceCar = reference.referenceCar ?? null;
    const mwh = (v: number) => formatNumberFr(v, 0, 3);
    if (referenceCar !== null) {
      if (referenceCar <= 0 || Math.abs(billed - referenceCar) / referenceCar <= CAR_REFERENCE_TOLERANCE) {
        return { findings: [] };
      }
      const transportFixed = invoice.lines
        .filter((l) => l.kind === 'tcs' || l.kind === 'tcr' || l.kind === 'tcl')
        .reduce((sum, l) => sum + l.amount, 0);
      const amount =
        invoice.tarif && PROFILED.includes(invoice.tarif) && billed > 0
          ? transportFixed * (1 - referenceCar / billed)
          : 0;
      const finding: AuditFinding = {
        id: 'car:reference',
        check: 'car',
        severity: 'alerte',
        title: 'CAR différente de la CAR de référence',
        message: `La facture retient une CAR de ${mwh(billed)} MWh/an ; la CAR de référence du point est ${mwh(referenceCar)} MWh/an.${amount !== 0 ? ' Montant estimé : la capacité de transport (CJN = CAR × Zi × A) est proportionnelle à la CAR.' : ''}`,
        amountEuros: roundCents(amount),
        rule: rule('atrd7.car'),
        billed: { label: 'CAR facturée', value: billed, unit: 'MWh/an' },
        expected: { label: 'CAR de référence', value: referenceCar, unit: 'MWh/an' },
        lineIndex: null,
        isEstimate: true,
      };
      return { findings: [finding] };
    }
    if (history.length === 0) {
      return { skipped: 'Ni CAR de référence ni historique de consommation fournis.' };
    }
    const mean = history.reduce((a, b) => a + b, 0) / history.length;
    if (mean <= 0 || Math.abs(billed - mean) / mean <= CAR_HISTORY_TOLERANCE) {
      return { findings: [] };
    }
    const finding: AuditFinding = {
      id: 'car:historique',
      check: 'car',
      severity: 'alerte',
      title: 'CAR éloignée de la consommation historique',
      message: `La facture retient une CAR de ${mwh(billed)} MWh/an ; la consommation moyenne des ${history.length} dernières années est de ${mwh(mean)} MWh/an (écart de plus de ${CAR_HISTORY_TOLERANCE * 100} %). À faire recalculer par le distributeur.`,
      amountEuros: 0,
      rule: rule('atrd7.car'),
      billed: { label: 'CAR facturée', value: billed, unit: 'MWh/an' },
      expected: { label: 'Consommation annuelle moyenne', value: roundCents(mean), unit: 'MWh/an' },
      lineIndex: null,
      isEstimate: true,
    };
    return { findings: [finding] };
  },
};
