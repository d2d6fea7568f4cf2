import type { SourceReference } from './types.ts';

/**
 * Sources cited by the data modules. What was actually read in each of them, and what could not be
 * checked, is recorded in docs/tariff-sources.md. `publishedOn` is null when the publication date was
 * not visible in what could be read.
 */
export const SOURCES = {
  atrd7Deliberation: {
    title:
      "Délibération CRE n° 2024-40 du 15 février 2024 portant décision sur le tarif péréqué d'utilisation des réseaux publics de distribution de gaz naturel de GRDF (ATRD7)",
    url: 'https://www.legifrance.gouv.fr/jorf/id/JORFTEXT000049565712',
    publishedOn: null,
  },
  atrd7Update2025News: {
    title:
      "CRE — La CRE publie l'évolution de la grille tarifaire du tarif péréqué d'utilisation des réseaux publics de distribution du gaz naturel de GRDF au 1er juillet 2025 (+6,1 %)",
    url: 'https://www.cre.fr/actualites/nos-lettres-dinformation/la-cre-publie-levolution-de-la-grille-tarifaire-du-tarif-pereque-dutilisation-des-reseaux-publics-de-distribution-du-gaz-naturel-de-grdf-au-1er-juillet-2025.html',
    publishedOn: null,
  },
  atrd7Update2025Deliberation: {
    title:
      'Délibération CRE n° 2025-122 — grille ATRD7 GRDF au 1er juillet 2025 (numéro et lien cités par un dépôt open source ; texte non lu)',
    url: 'https://www.legifrance.gouv.fr/jorf/id/JORFTEXT000051670357',
    publishedOn: null,
  },
  esmContratGaz: {
    title:
      'EnergySystemModels-fr, docs/source/010-achat-energie/contrat_gaz.rst — grilles ATRD/ATRT/CTA/accise et facture T4 de février 2026 reproduite au centime (source secondaire)',
    url: 'https://github.com/ZoheirHADID/EnergySystemModels-fr/blob/main/docs/source/010-achat-energie/contrat_gaz.rst',
    publishedOn: null,
  },
  atrt8Deliberation: {
    title:
      "Délibération CRE n° 2024-22 du 30 janvier 2024 portant décision sur le tarif d'utilisation des réseaux de transport de gaz naturel de GRTgaz et Teréga (ATRT8), JORF n° 0077 du 31 mars 2024",
    url: 'https://juriblio.fr/deliberations/deliberation-no-2024-22-du-30-janvier-2024/183564149',
    publishedOn: '2024-03-31',
  },
  atrt8Update2025: {
    title:
      "Délibération CRE n° 2025-35 du 29 janvier 2025 portant décision sur l'évolution annuelle du tarif d'utilisation des réseaux de transport de gaz naturel de GRTgaz et Teréga au 1er avril 2025 — annexe 1 (grille de synthèse)",
    url: 'https://legal.tricoteuses.fr/articles/JORFARTI000051170647',
    publishedOn: null,
  },
  atrt8Update2026News: {
    title:
      "CRE — La CRE communique l'évolution annuelle du tarif d'utilisation des réseaux de transport de gaz naturel (ATRT8 au 1er avril 2026 : +3,41 % sur les termes des réseaux principal et régionaux de NaTran et Teréga)",
    url: 'https://www.cre.fr/actualites/toute-lactualite/la-cre-communique-levolution-annuelle-du-tarif-dutilisation-des-reseaux-de-transport-de-gaz-naturel-et-les-revenus-autorises-des-infrastructures-de-stockage-souterrain-de-gaz-naturel.html',
    publishedOn: null,
  },
  coefficientsA2025: {
    title:
      'Délibération CRE n° 2025-73 du 6 mars 2025 portant fixation des coefficients « A » (capacités normalisées de livraison aux PITD), JORF n° 0064 du 15 mars 2025',
    url: 'https://juriblio.fr/deliberations/deliberation-no-2025-73-du-6-mars-2025/185547449',
    publishedOn: '2025-03-15',
  },
  ctaCoefficientAvis2024: {
    title:
      'Délibération CRE (2024) portant avis sur le coefficient de proportionnalité de la CTA gaz (décret n° 2005-123 art. 5, modifié par le décret n° 2021-661)',
    url: 'https://www.legifrance.gouv.fr/jorf/id/JORFTEXT000049630928',
    publishedOn: null,
  },
  ctaOperaEnergie: {
    title:
      'Opéra Énergie — CTA gaz : le coefficient de proportionnalité est fixé (formule 20,80 % + 4,71 % × coefficient)',
    url: 'https://media.opera-energie.com/cta-gaz-le-coefficient-de-proportionnalite-est-fixe/',
    publishedOn: null,
  },
  acciseSelia2026: {
    title: "Selia Énergies — Évolution de l'accise sur les gaz naturels (16,39 €/MWh depuis le 1er février 2026)",
    url: 'https://www.selia-energies.fr/evolution-de-l-accise-sur-les-gaz-naturels',
    publishedOn: null,
  },
  acciseAyming2026: {
    title:
      'Ayming — Accises sur l’énergie en 2026 (gaz naturel combustible : 10,73 €/MWh, 16,39 €/MWh après majoration ZNI)',
    url: 'https://www.ayming.fr/newsroom/actualites-avis-dexpert/nouveaux-tarifs-des-accises-sur-lenergie',
    publishedOn: null,
  },
  acciseOmnegy2024: {
    title:
      "Omnegy — Qu'est-ce que l'accise sur le gaz (ex-TICGN) ? (16,37 €/MWh au 1er janvier 2024, 8,37 €/MWh auparavant)",
    url: 'https://omnegy.com/faq-items/quest-ce-que-laccise-sur-le-gaz-ex-ticgn',
    publishedOn: null,
  },
  atrd7DeliberationGrid: {
    title:
      "Délibération CRE n° 2024-40 du 15 février 2024 (ATRD7 GRDF) — grille au 1er juillet 2024 (§5.2.1), règle d'évolution annuelle (§5.2.2.1.1) et grille de référence des 1er juillet 2026 et 2027 (§5.2.2.1.3) ; texte intégral lu dans la copie du PDF de la CRE (240215_2024-40_ATRD7_Post_CSE.pdf)",
    url: 'https://github.com/promeosenergies-svg/promeos-poc/blob/main/docs/reglementaire/ATRT-ATRD/240215_2024-40_ATRD7_Post_CSE.pdf',
    publishedOn: null,
  },
  grdfTdnFaq: {
    title:
      'GRDF — Terme de débit normalisé (TDN) : foire aux questions (nouveau terme à compter du 1er juillet 2026, facturé au-delà de 40 Nm³/h sur la différence à 40)',
    url: 'https://sites.grdf.fr/web/terme-debit-normalise/faq',
    publishedOn: null,
  },
  promeosTarifs: {
    title:
      'promeos-poc, backend/config/tarifs_reglementaires.yaml — grilles ATRD7 2025 (T4 > 500 MWh/j à 144,00 ; TP 2025) et coefficient CTA (source secondaire)',
    url: 'https://github.com/promeosenergies-svg/promeos-poc/blob/main/backend/config/tarifs_reglementaires.yaml',
    publishedOn: null,
  },
  atrt8Update2026: {
    title:
      "Délibération CRE n° 2026-28 du 28 janvier 2026 portant décision sur l'évolution annuelle du tarif d'utilisation des réseaux de transport de gaz naturel de NaTran et Teréga au 1er avril 2026 (§6.2 et annexe 1)",
    url: 'https://www.cre.fr/fileadmin/Documents/Deliberations/2026/260128_2026-28_maj_tarifaire_ATRT8_1er_avril_2026.pdf',
    publishedOn: null,
  },
  atrt8DeliberationGrid: {
    title:
      'Délibération CRE n° 2024-22 du 30 janvier 2024 (ATRT8) — annexe 1, grille au 1er avril 2024 ; texte intégral lu dans la copie du PDF de la CRE (240130_2024-22_ATRT8.pdf)',
    url: 'https://github.com/promeosenergies-svg/promeos-poc/blob/main/docs/reglementaire/ATRT-ATRD/240130_2024-22_ATRT8.pdf',
    publishedOn: '2024-03-31',
  },
  storageTerm2026: {
    title:
      'Délibération CRE n° 2026-63 du 12 mars 2026 fixant le niveau du terme tarifaire stockage à partir du 1er avril 2026 (398,08 €/MWh/j/an) et son historique depuis 2020 ; texte intégral lu dans la copie du PDF de la CRE',
    url: 'https://github.com/promeosenergies-svg/promeos-poc/blob/main/docs/base_documentaire/CRE/260312_2026-63_Terme_tarifaire_stockage_2026.pdf',
    publishedOn: null,
  },
  coefficientsA2026: {
    title:
      'Délibération CRE n° 2026-49 du 26 février 2026 modifiant les coefficients « A » au 1er avril 2026 (et rappelant ceux du 1er avril 2025), publiée le 5 mars 2026',
    url: 'https://github.com/promeosenergies-svg/promeos-poc/blob/main/docs/base_documentaire/CRE/260226_2026-49_Coefficients_A.pdf',
    publishedOn: '2026-03-05',
  },
  ctaAvis2026: {
    title:
      "Délibération CRE n° 2026-14 du 15 janvier 2026 portant avis sur le projet d'arrêté CTA : « Les taux pour les prestations de transport et de distribution de gaz ne sont pas modifiés »",
    url: 'https://www.cre.fr/fileadmin/Documents/Deliberations/2026/260115_2026-14_Arrete_CTA.pdf',
    publishedOn: null,
  },
  acciseArrete2026: {
    title:
      'Arrêté du 27 janvier 2026 constatant divers tarifs et seuils des accises sur les énergies (NOR CPPE2600972A), JORF n° 0023 du 28 janvier 2026, texte n° 21 — gaz naturel combustible : 15,43 €/MWh du 1er août 2025 au 31 janvier 2026, 16,39 €/MWh à partir du 1er février 2026 (majoration ZNI incluse)',
    url: 'https://github.com/promeosenergies-svg/promeos-poc/blob/main/docs/reglementaire/ATRT-ATRD/joe_20260128_0023_0021.pdf',
    publishedOn: '2026-01-28',
  },
  atrd7Observed2026: {
    title:
      'Données d’un simulateur budgétaire publié par un courtier en énergie (dépôt public, « Documentation DATA — Simulateur Budgétaire » générée le 7 juillet 2026) : parts variables de distribution T1–T4 47,57 / 12,79 / 7,57 / 1,25 €/MWh, abonnements T1–T3 57,48 / 196,68 / 1 858,68 €/an — source secondaire, voir docs/tariff-sources.md',
    url: 'docs/tariff-sources.md#atrd7-from-1-july-2026',
    publishedOn: null,
  },
  atrd7NationalGrid2026: {
    title:
      'Délibération CRE n° 2026-15 du 20 février 2026 (tarifs ATRD des ELD 2026–2029) : « Les grilles tarifaires applicables à compter du 1er juillet 2026 sont nationales » (péréquation nationale de la loi de finances pour 2026) ; texte lu dans la copie du PDF de la CRE',
    url: 'https://github.com/promeosenergies-svg/promeos-poc/blob/main/docs/base_documentaire/CRE/260220_2026-15_ATRD7_ELD.pdf',
    publishedOn: null,
  },
  atrd7NonPerequeGrdf2026: {
    title:
      'Délibération CRE n° 2026-48 du 10 février 2026 portant décision sur un tarif non péréqué de GRDF (34 communes, coefficient NIV 1,0450) : termes hors Rf = coefficient NIV × grille péréquée, « avec deux chiffres après la virgule » ; texte lu dans la copie du PDF de la CRE',
    url: 'https://github.com/promeosenergies-svg/promeos-poc/blob/main/docs/base_documentaire/CRE/260210_2026-48_Tarif_non_pereque_GRDF.pdf',
    publishedOn: null,
  },
  ceePromeos: {
    title:
      'Estimation interne : coefficient d’obligation CEE (0,478 en P5, 0,731 en P6, cité par un dépôt open source) × prix moyen du certificat (indice Emmy ≈ 8 €/MWh cumac)',
    url: 'docs/tariff-sources.md#cee',
    publishedOn: null,
  },
} as const satisfies Record<string, SourceReference>;
