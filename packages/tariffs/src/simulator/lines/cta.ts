/** Contribution tarifaire d'acheminement (CTA): distribution and transport parts. */
import type { IsoDate } from '../../dates.ts';
import { formatEuros, formatPercentFr, roundEuros } from '../../money.ts';
import { ATRD7_TDN, type AtrdOption } from '../../parameters/atrd7-grdf.ts';
import type { ResolvedValue } from '../../parameters/lookup.ts';
import type { ParameterOverlay } from '../../parameters/overlay.ts';
import { ctaRatesAt } from '../capacity-costs.ts';
import type { DraftLine } from './draft-line.ts';
import { lookup } from './draft-line.ts';

/** The fixed part the CTA is a share of, with the dated values behind it. */
export type CtaBase =
  /** PITD: the ATRD fixed part (subscription + capacity + distance). */
  | {
      readonly kind: 'distribution';
      readonly tarif: AtrdOption;
      readonly exact: number;
      readonly resolved: readonly ResolvedValue[];
      /** True when the ATRD fixed part is an estimate beyond its dated values (a coefficient NIV that may be stale). */
      readonly estimate?: boolean;
    }
  /** Transport-connected point: the fixed ATRT terms (TCS + TCR × NTR + TCL + per-poste term), storage excluded. */
  | { readonly kind: 'transport'; readonly exact: number; readonly resolved: readonly ResolvedValue[] };

export interface CtaLines {
  /** `cta.dso` then `cta.tso` for a PITD; `cta.tso` alone for a transport-connected point. */
  readonly lines: readonly DraftLine[];
  /** Start date of the CTA coefficient used. */
  readonly gridDate: IsoDate;
  readonly warnings: readonly string[];
}

/**
 * Reads the CTA rates (distribution 20,80 %, transport 4,71 %) and the proportionality coefficient through
 * `ctaRatesAt`. PITD: distribution part = rate × ATRD fixed part; transport part = rate × coefficient × the same
 * base. Transport-connected: transport rate × fixed transport terms (reading in docs/glossary.md and ADR 0024,
 * flagged as estimate).
 */
export function ctaLines(base: CtaBase, date: IsoDate, overlay?: ParameterOverlay): CtaLines {
  const cta = lookup('taux et coefficient de CTA', () => ctaRatesAt(date, overlay));
  const gridDate = cta.coefficient.from;
  if (base.kind === 'distribution') {
    const atrdEstimate = base.estimate === true || base.resolved.some((r) => r.isEstimate);
    return {
      gridDate,
      warnings: [],
      lines: [
        {
          id: 'cta.dso',
          category: 'ctaDso',
          kind: 'fixe',
          label: 'CTA — part distribution',
          formula: `${formatPercentFr(cta.distribution.value)} × ${formatEuros(base.exact)}/an (part fixe ATRD : abonnement + capacité${base.tarif === 'TP' ? ' + distance' : ''}${base.resolved.some((r) => r.parameterId === ATRD7_TDN.terme.id) ? ' + terme de débit normalisé' : ''})`,
          inputs: { assietteCta: roundEuros(base.exact) },
          unitPrice: cta.distribution.value,
          unit: 'taux',
          annualExact: base.exact * cta.distribution.value,
          resolved: [cta.distribution, ...base.resolved],
          extraEstimate: atrdEstimate,
        },
        {
          id: 'cta.tso',
          category: 'ctaTso',
          kind: 'fixe',
          label: 'CTA — part transport (coefficient de proportionnalité)',
          formula: `${formatPercentFr(cta.transport.value)} × ${formatPercentFr(cta.coefficient.value)} × ${formatEuros(base.exact)}/an (part fixe ATRD)`,
          inputs: { assietteCta: roundEuros(base.exact), coefficient: cta.coefficient.value },
          unitPrice: cta.transport.value * cta.coefficient.value,
          unit: 'taux',
          annualExact: base.exact * cta.transport.value * cta.coefficient.value,
          resolved: [cta.transport, cta.coefficient, ...base.resolved],
          extraEstimate: atrdEstimate,
        },
      ],
    };
  }
  // Reading (docs/glossary.md, ADR 0024): a transport-connected consumer pays 4,71 % on the fixed part of its
  // transport tariff (capacity terms TCS + TCR × NTR + TCL and the per-poste term, storage compensation
  // excluded); no distribution part.
  return {
    gridDate,
    warnings: [
      'CTA d’un consommateur raccordé au transport : 4,71 % de la part fixe du tarif de transport (termes de capacité et terme fixe par poste, compensation stockage exclue) : assiette non vérifiée dans le texte de l’arrêté, ligne marquée « Estimation ».',
    ],
    lines: [
      {
        id: 'cta.tso',
        category: 'ctaTso',
        kind: 'fixe',
        label: 'CTA — part transport (consommateur raccordé au réseau de transport)',
        formula: `${formatPercentFr(cta.transport.value)} × ${formatEuros(base.exact)}/an (termes de capacité + terme fixe par poste)`,
        inputs: { assietteCta: roundEuros(base.exact) },
        unitPrice: cta.transport.value,
        unit: 'taux',
        annualExact: base.exact * cta.transport.value,
        resolved: [cta.transport, ...base.resolved],
        extraEstimate: true,
      },
    ],
  };
}
