/**
 * Taxes and levies on natural gas: CTA, accise sur les gaz naturels (ex-TICGN), VAT, CEE.
 * See docs/tariff-sources.md for what was checked.
 */
import { SOURCES } from './references.ts';
import { defineParameter } from './types.ts';

const LAST_CHECKED = '2026-11-23';

// ---- CTA (contribution tarifaire d'acheminement) --------------------------------------------------------
/**
 * Since 1 July 2021 (décret n° 2021-661): CTA of a customer connected to distribution =
 * quote-part distribution × (20,80 % + 4,71 % × coefficient de proportionnalité).
 */
export const ctaTauxDistribution = defineParameter({
  id: 'cta.taux-distribution',
  grid: 'CTA',
  description: 'CTA — taux appliqué à la quote-part distribution (part fixe HT de l’ATRD)',
  unit: 'ratio',
  values: {
    '2021-07-01': {
      value: 0.208,
      reference: [SOURCES.ctaOperaEnergie, SOURCES.esmContratGaz],
      status: 'secondary',
      notes:
        'Taux fixé par arrêté ministériel (texte non lu) ; constant depuis au moins 2018 selon les sources secondaires.',
    },
    '2026-02-01': {
      value: 0.208,
      reference: SOURCES.ctaAvis2026,
      status: 'official',
      notes:
        'Arrêté CTA du 28 janvier 2026 : seuls les taux électricité baissent, les taux gaz sont inchangés (avis CRE 2026-14).',
    },
  },
  lastCheckedOn: LAST_CHECKED,
});

export const ctaTauxTransport = defineParameter({
  id: 'cta.taux-transport',
  grid: 'CTA',
  description: 'CTA — taux appliqué à la quote-part transport',
  unit: 'ratio',
  values: {
    '2021-07-01': {
      value: 0.0471,
      reference: [SOURCES.ctaOperaEnergie, SOURCES.esmContratGaz],
      status: 'secondary',
      notes: 'Taux fixé par arrêté ministériel (texte non lu).',
    },
    '2026-02-01': {
      value: 0.0471,
      reference: SOURCES.ctaAvis2026,
      status: 'official',
      notes:
        'Arrêté CTA du 28 janvier 2026 : seuls les taux électricité baissent, les taux gaz sont inchangés (avis CRE 2026-14).',
    },
  },
  lastCheckedOn: LAST_CHECKED,
});

export const ctaCoefficientProportionnalite = defineParameter({
  id: 'cta.coefficient-proportionnalite',
  grid: 'CTA',
  description:
    'CTA — coefficient de proportionnalité (quote-part transport / quote-part distribution, maille France), clients raccordés à la distribution',
  unit: 'coefficient',
  values: {
    '2023-07-01': { value: 0.8351, reference: SOURCES.esmContratGaz, status: 'secondary' },
    '2024-07-01': {
      value: 0.8357,
      reference: [SOURCES.ctaCoefficientAvis2024, SOURCES.esmContratGaz],
      status: 'secondary',
      notes: 'Avis CRE 2024 trouvé sur Légifrance mais la valeur n’a pas pu y être lue.',
    },
    '2025-07-01': {
      value: 0.8321,
      reference: SOURCES.esmContratGaz,
      status: 'secondary',
      notes: 'Reproduit sur une facture T4 de février 2026 (assiette CTA transport 4 424,81 × 0,8321 = 3 681,88 €).',
    },
    '2026-07-01': {
      value: 0.8321,
      reference: [SOURCES.esmContratGaz, SOURCES.promeosTarifs],
      status: 'estimate',
      basis: 'carriedOver',
      notes:
        'Estimation : coefficient au 1er juillet 2026 non trouvé dans nos sources (ni l’arrêté ni l’avis de la CRE) ; valeur du 1er juillet 2025 (0,8321) reconduite. Probablement un peu plus bas en 2026 ; 0,01 de coefficient ne change le taux total de CTA que de 0,047 point.',
    },
    '2028-07-01': {
      value: null,
      reference: SOURCES.ctaCoefficientAvis2024,
      status: 'estimate',
      notes: 'Aucune estimation au-delà de la période tarifaire ATRD7 (30 juin 2028).',
    },
  },
  lastCheckedOn: LAST_CHECKED,
});

// ---- Accise sur les gaz naturels ------------------------------------------------------------------------
export const acciseGazNaturel = defineParameter({
  id: 'accise.gaz-naturel.combustible',
  grid: 'Accise',
  description: 'Accise sur les gaz naturels (ex-TICGN), usage combustible, tarif normal (majoration ZNI incluse)',
  unit: '€/MWh',
  values: {
    '2023-01-01': { value: 8.37, reference: [SOURCES.acciseOmnegy2024, SOURCES.esmContratGaz], status: 'secondary' },
    '2024-01-01': { value: 16.37, reference: [SOURCES.acciseOmnegy2024, SOURCES.esmContratGaz], status: 'secondary' },
    '2025-01-01': {
      value: 17.16,
      reference: SOURCES.esmContratGaz,
      status: 'secondary',
      notes: 'Arrêté du 28 décembre 2024 (texte non lu), taux maintenu par la loi de finances pour 2025.',
    },
    '2025-08-01': {
      value: 15.43,
      reference: [SOURCES.acciseArrete2026, SOURCES.acciseSelia2026],
      status: 'official',
      notes:
        'Période du 1er août 2025 au 31 janvier 2026 : 10,54 €/MWh + majoration ZNI 4,89 €/MWh. Janvier 2026 reste à ce taux.',
    },
    '2026-02-01': {
      value: 16.39,
      reference: [SOURCES.acciseArrete2026, SOURCES.acciseAyming2026],
      status: 'official',
      notes:
        'Période du 1er février 2026 au 31 janvier 2027 : 10,73 €/MWh + majoration ZNI 5,66 €/MWh ; reproduit sur une facture de février 2026 (2 043,755 MWh × 16,39 = 33 497,14 €).',
    },
    '2027-02-01': {
      value: 16.39,
      reference: SOURCES.acciseArrete2026,
      status: 'estimate',
      basis: 'carriedOver',
      notes:
        'Estimation : tarif révisé chaque 1er février, valeur au 1er février 2027 non publiée dans nos sources ; valeur 2026 reconduite.',
    },
    '2028-02-01': {
      value: null,
      reference: SOURCES.acciseArrete2026,
      status: 'estimate',
      notes: 'Aucune estimation au-delà du 31 janvier 2028.',
    },
  },
  lastCheckedOn: LAST_CHECKED,
});

// ---- TVA ------------------------------------------------------------------------------------------------
export const tvaTauxNormal = defineParameter({
  id: 'tva.taux-normal',
  grid: 'TVA',
  description: 'TVA — taux normal (consommation, accise, termes proportionnels)',
  unit: 'ratio',
  values: {
    '2014-01-01': { value: 0.2, reference: SOURCES.esmContratGaz, status: 'secondary' },
  },
  lastCheckedOn: LAST_CHECKED,
});

export const tvaTauxPartsFixes = defineParameter({
  id: 'tva.taux-parts-fixes',
  grid: 'TVA',
  description: 'TVA — taux appliqué à l’abonnement, aux termes fixes d’acheminement et à la CTA',
  unit: 'ratio',
  values: {
    '2014-01-01': { value: 0.055, reference: SOURCES.esmContratGaz, status: 'secondary' },
    '2025-08-01': {
      value: 0.2,
      reference: SOURCES.esmContratGaz,
      status: 'secondary',
      notes: 'Suppression du taux réduit (loi n° 2025-127, art. 20, texte non lu).',
    },
  },
  lastCheckedOn: LAST_CHECKED,
});

// ---- CEE ------------------------------------------------------------------------------------------------
export const ceeCoutDefaut = defineParameter({
  id: 'cee.cout-defaut',
  grid: 'CEE',
  description:
    'Coût des certificats d’économies d’énergie répercuté par MWh livré — valeur par défaut, modifiable par l’utilisateur (estimation)',
  unit: '€/MWh',
  values: {
    '2022-01-01': {
      value: 3.82,
      reference: SOURCES.ceePromeos,
      status: 'estimate',
      notes: 'Période P5 : 0,478 MWh cumac/MWh × ≈ 8,0 €/MWh cumac. Coefficient d’obligation non lu dans le décret.',
    },
    '2026-01-01': {
      value: 6.1,
      reference: SOURCES.ceePromeos,
      status: 'estimate',
      notes: 'Période P6 : 0,731 MWh cumac/MWh × ≈ 8,34 €/MWh cumac. Coefficient d’obligation non lu dans le décret.',
    },
    '2031-01-01': {
      value: null,
      reference: SOURCES.ceePromeos,
      status: 'estimate',
      notes: 'Fin de la période P6 (2026–2030).',
    },
  },
  lastCheckedOn: LAST_CHECKED,
});

export const TAXES = {
  cta: {
    tauxDistribution: ctaTauxDistribution,
    tauxTransport: ctaTauxTransport,
    coefficientProportionnalite: ctaCoefficientProportionnalite,
  },
  accise: acciseGazNaturel,
  tva: { tauxNormal: tvaTauxNormal, tauxPartsFixes: tvaTauxPartsFixes },
  ceeCoutDefaut,
} as const;

export const TAX_PARAMETERS = [
  ctaTauxDistribution,
  ctaTauxTransport,
  ctaCoefficientProportionnalite,
  acciseGazNaturel,
  tvaTauxNormal,
  tvaTauxPartsFixes,
  ceeCoutDefaut,
] as const;
