/**
 * The rules the checks enforce, with their legal reference in French (docs/tariff-sources.md, « Audit de
 * factures »). The sources of the dated values compared are added per finding.
 */
import type { LineSource } from '../parameters/types.ts';
import type { AuditRule } from './types.ts';

interface RuleText {
  readonly label: string;
  readonly legalReference: string;
}

export const RULES = {
  'atrt8.ntr': {
    label: 'Le terme de capacité régional est facturé au niveau de tarif régional (NTR) du point publié par le GRT.',
    legalReference:
      'Délibération CRE n° 2024-22 du 30 janvier 2024 (ATRT8) : terme TCR × NTR ; NTR du point dans la table publiée par le gestionnaire de transport',
  },
  'atrt8.tcl': {
    label:
      'Le terme de capacité de livraison (TCL) est celui du type de point (PITD ou consommateur raccordé au transport) et du GRT du point.',
    legalReference:
      'Délibération CRE n° 2024-22 du 30 janvier 2024 (ATRT8), termes de capacité de livraison ; évolution au 1er avril 2026 : délibération CRE n° 2026-28',
  },
  'atrt8.tso': {
    label: 'Les termes de transport sont ceux du gestionnaire de transport (NaTran ou Teréga) du point.',
    legalReference: 'Délibération CRE n° 2024-22 du 30 janvier 2024 (ATRT8) : grilles propres à chaque GRT',
  },
  'atrd7.car': {
    label:
      'La consommation annuelle de référence (CAR) facturée est celle calculée par le distributeur ; la capacité de transport des points profilés en découle (CJN = CAR × Zi × A).',
    legalReference:
      'Délibération CRE n° 2024-40 du 15 février 2024 (ATRD7 GRDF) ; coefficients A : délibération CRE n° 2026-49 du 26 février 2026',
  },
  'atrd7.prix': {
    label: 'Chaque terme de distribution est facturé au prix de la grille ATRD7 en vigueur chaque jour de la période.',
    legalReference:
      'Délibération CRE n° 2024-40 du 15 février 2024 (ATRD7 GRDF), §5.2 ; évolution au 1er juillet 2025 : délibération CRE n° 2025-122',
  },
  'atrt8.prix': {
    label: 'Chaque terme de transport est facturé au prix de la grille ATRT8 en vigueur chaque jour de la période.',
    legalReference:
      'Délibération CRE n° 2024-22 du 30 janvier 2024 (ATRT8), annexe 1 ; évolutions au 1er avril : délibérations CRE n° 2025-35 et n° 2026-28',
  },
  'facture.arithmetique': {
    label:
      'Le montant de chaque ligne est égal à la quantité × le prix unitaire (× la durée facturée), et les totaux à la somme des lignes.',
    legalReference:
      'Code de commerce, art. L. 441-9 (la facture mentionne la quantité, le prix unitaire hors TVA et le montant de chaque prestation)',
  },
  'cta.taux': {
    label:
      'La CTA d’un point desservi par la distribution vaut 20,80 % de la part fixe ATRD, plus 4,71 % de cette part fixe × le coefficient de proportionnalité ; celle d’un point raccordé au transport, 4,71 % de la part fixe du tarif de transport.',
    legalReference:
      'Loi n° 2004-803 du 9 août 2004, art. 18 ; arrêté fixant les taux de la CTA (taux gaz inchangés au 1er février 2026 : avis CRE n° 2026-14) ; coefficient de proportionnalité : arrêté du 16 juin 2025',
  },
  'accise.taux': {
    label:
      'L’accise sur les gaz naturels est due sur la quantité livrée, au tarif en vigueur chaque jour de la période.',
    legalReference:
      'Code des impositions sur les biens et services (accise sur les énergies) ; arrêté du 27 janvier 2026 constatant les tarifs (NOR CPPE2600972A) : 15,43 €/MWh jusqu’au 31 janvier 2026, 16,39 €/MWh ensuite',
  },
  'atrd7.t4-tranches': {
    label:
      'En option T4, la capacité souscrite est facturée au tarif de la première tranche jusqu’à 500 MWh/j et au tarif dégressif au-delà.',
    legalReference:
      'Délibération CRE n° 2024-40 du 15 février 2024 (ATRD7 GRDF), option T4 : terme de souscription de capacité journalière',
  },
  'facture.double-facturation': {
    label: 'Une même période de livraison n’est facturée qu’une fois ; ce qui a été payé sans être dû est restitué.',
    legalReference: 'Code civil, art. 1302 et 1302-1 (restitution de l’indu)',
  },
  'facture.periode-manquante': {
    label: 'Chaque période de livraison est facturée : un trou annonce une facture de rattrapage.',
    legalReference:
      'Contrat de fourniture et d’acheminement : facturation de chaque période de livraison (contrôle de continuité)',
  },
} as const satisfies Record<string, RuleText>;

export type RuleId = keyof typeof RULES;

export function rule(id: RuleId, sources: readonly LineSource[] = []): AuditRule {
  return { id, ...RULES[id], sources };
}
