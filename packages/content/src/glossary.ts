/**
 * Public glossary (/glossaire), written for customers from docs/glossary.md (the engineering glossary, which also
 * maps each term to its name in the code). A unit test checks that every acronym here exists in that document.
 */
export type GlossaryTerm = {
  /** Anchor id (#cja) and sort key. */
  id: string;
  acronym?: string;
  name: string;
  definition: string;
  unit?: string;
};

export const glossaryTerms: readonly GlossaryTerm[] = [
  {
    id: 'accise',
    name: 'Accise sur les gaz naturels (ex-TICGN)',
    unit: '€/MWh',
    definition:
      'Taxe due sur chaque MWh de gaz consommé comme combustible. Elle a remplacé la TICGN ; son tarif est fixé par la loi de finances et évolue en général au 1er janvier ou au 1er février.',
  },
  {
    id: 'assiette',
    name: 'Assiette',
    unit: 'MWh/an',
    definition:
      'Consommation annuelle du point, base des termes proportionnels et des taxes par MWh (accise, CEE). À défaut de CAR, elle sert aussi à estimer la modulation hivernale.',
  },
  {
    id: 'atrd',
    acronym: 'ATRD',
    name: 'Accès des tiers aux réseaux de distribution (tarif ATRD7)',
    definition:
      "Tarif d'utilisation des réseaux de distribution de gaz. La grille ATRD7 de GRDF (délibération CRE n° 2024-40) est mise à jour chaque 1er juillet ; depuis le 1er juillet 2026, elle est nationale : les entreprises locales de distribution l'appliquent aussi (péréquation nationale), sauf dans les concessions non péréquées, où chaque terme hors Rf est multiplié par un coefficient NIV. Elle comprend les options T1, T2, T3, T4 et TP.",
  },
  {
    id: 'atrt',
    acronym: 'ATRT',
    name: 'Accès des tiers aux réseaux de transport (tarif ATRT8)',
    definition:
      "Tarif d'utilisation des réseaux de transport de NaTran (ex-GRTgaz) et de Teréga (délibération CRE n° 2024-22), mis à jour chaque 1er avril : termes TCS, TCR et TCL notamment.",
  },
  {
    id: 'car',
    acronym: 'CAR',
    name: 'Consommation annuelle de référence',
    unit: 'MWh/an',
    definition:
      'Consommation annuelle de référence du point de livraison, fixée par le gestionnaire de réseau. Elle sert de base à la capacité normalisée des points profilés (options T1 à T3).',
  },
  {
    id: 'cee',
    acronym: 'CEE',
    name: "Certificats d'économies d'énergie",
    unit: '€/MWh',
    definition:
      "Coût des obligations d'économies d'énergie répercuté par les fournisseurs sur chaque MWh livré. Pilote Énergie utilise une valeur par défaut estimée, que vous pouvez remplacer par celle de votre contrat.",
  },
  {
    id: 'cja',
    acronym: 'CJA',
    name: 'Capacité journalière annuelle souscrite',
    unit: 'MWh/j',
    definition:
      "Quantité maximale de gaz par jour que vous réservez pour l'année (options T4 et TP, points raccordés au transport). Elle est facturée chaque jour, même si vous ne l'utilisez pas ; un dépassement est pénalisé.",
  },
  {
    id: 'cjn',
    acronym: 'CJN',
    name: 'Capacité journalière normalisée',
    unit: 'MWh/j',
    definition:
      "Capacité attribuée à un point profilé, sans souscription : CJN = CAR × Zi × A, où Zi est le coefficient climatique de la station météo et du profil, et A le coefficient de l'opérateur de transport.",
  },
  {
    id: 'cta',
    acronym: 'CTA',
    name: "Contribution tarifaire d'acheminement",
    definition:
      "Taxe qui finance les retraites des industries électriques et gazières. Elle s'applique aux parts fixes de l'acheminement : 20,80 % de la quote-part distribution et 4,71 % de la quote-part transport, estimée pour les sites raccordés à la distribution par un coefficient de proportionnalité.",
  },
  {
    id: 'grd',
    acronym: 'GRD',
    name: 'Gestionnaire de réseau de distribution',
    definition:
      'Entreprise qui exploite le réseau de distribution auquel votre site est raccordé (GRDF pour la grande majorité des communes). Pilote Énergie calcule la grille de GRDF, nationale depuis le 1er juillet 2026 (entreprises locales de distribution comprises).',
  },
  {
    id: 'grt',
    acronym: 'GRT',
    name: 'Gestionnaire de réseau de transport',
    definition:
      'NaTran (ancien nom : GRTgaz) ou Teréga, selon la région. Le transporteur facture les termes de capacité TCS, TCR et TCL.',
  },
  {
    id: 'modulation',
    name: 'Modulation hivernale',
    unit: 'MWh/j',
    definition:
      "Écart entre votre consommation d'hiver et votre consommation moyenne, qui mobilise les stockages. Elle est facturée au terme tarifaire de stockage (TTS) ; sans historique, Pilote Énergie l'estime et l'affiche comme estimation.",
  },
  {
    id: 'ntr',
    acronym: 'NTR',
    name: 'Niveau de tarif régional',
    definition:
      'Entier de 0 à 10 qui dépend de la distance de votre commune au réseau principal de transport. Il multiplie le terme TCR : une erreur de NTR se répercute sur chaque facture.',
  },
  {
    id: 'pce',
    acronym: 'PCE',
    name: "Point de comptage et d'estimation",
    definition: "Identifiant à 14 chiffres d'un point de livraison de gaz, indiqué sur vos factures.",
  },
  {
    id: 'pdl',
    acronym: 'PDL',
    name: 'Point de livraison (électricité)',
    definition:
      "Identifiant à 14 chiffres d'un point de livraison d'électricité, utilisé notamment pour les mandats d'accès aux données.",
  },
  {
    id: 'pic',
    acronym: 'PIC',
    name: "Point d'interface consommateur",
    definition:
      'Point de livraison raccordé directement au réseau de transport, tarifé sur sa capacité journalière souscrite (CJA) ; la CAR sert à estimer sa modulation hivernale.',
  },
  {
    id: 'li',
    acronym: 'LI',
    name: 'Livraison industrielle',
    definition:
      "Point de livraison d'un site industriel raccordé au réseau de transport, avec une capacité souscrite (CJA) et sans CAR.",
  },
  {
    id: 'pitd',
    acronym: 'PITD',
    name: "Point d'interface transport-distribution",
    definition:
      'Point où le réseau de transport alimente un réseau de distribution. Un site raccordé à la distribution est rattaché au PITD de sa commune, qui détermine ses termes de transport.',
  },
  {
    id: 'tcl',
    acronym: 'TCL',
    name: 'Terme de capacité de livraison',
    unit: '€/MWh/j/an',
    definition:
      'Terme de transport facturé sur la capacité livrée au point (au PITD pour les sites raccordés à la distribution). Sa valeur diffère entre NaTran et Teréga.',
  },
  {
    id: 'tcr',
    acronym: 'TCR',
    name: 'Terme de capacité de transport régional',
    unit: '€/MWh/j/an',
    definition: 'Terme de transport sur le réseau régional, multiplié par le NTR de votre point.',
  },
  {
    id: 'tcs',
    acronym: 'TCS',
    name: 'Terme de capacité de sortie du réseau principal',
    unit: '€/MWh/j/an',
    definition: 'Terme de transport payé pour la capacité qui quitte le réseau principal vers les points de livraison.',
  },
  {
    id: 'tts',
    acronym: 'TTS',
    name: 'Terme tarifaire de stockage',
    unit: '€/MWh/j/an',
    definition: 'Prix de la compensation de stockage, appliqué à la modulation hivernale de votre point.',
  },
  {
    id: 'options',
    name: 'Options tarifaires T1, T2, T3, T4 et TP',
    definition:
      "Options du tarif de distribution : T1 à T3 combinent un abonnement et un prix par MWh, selon le volume consommé ; T4 ajoute un terme de capacité sur la CJA (tranches jusqu'à 500 MWh/j et au-delà) ; TP, le tarif de proximité, remplace le prix par MWh par un terme de distance au réseau de transport.",
  },
  {
    id: 'zi',
    acronym: 'Zi',
    name: 'Coefficient climatique',
    definition:
      'Coefficient propre à une station météo et à un profil de consommation (P011 à P019) qui sert au calcul de la capacité normalisée (CJN).',
  },
];
