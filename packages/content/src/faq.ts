/** Questions of /faq, grouped by theme. Answers are plain text; links are added by the page. */
export type FaqItem = { id: string; question: string; answer: readonly string[] };
export type FaqGroup = { id: string; title: string; items: readonly FaqItem[] };

export const faqGroups: readonly FaqGroup[] = [
  {
    id: 'produit',
    title: 'Le produit',
    items: [
      {
        id: 'pour-qui',
        question: 'À qui s’adresse Pilote Énergie ?',
        answer: [
          "Aux entreprises françaises clientes du gaz naturel, en particulier celles qui ont plusieurs sites ou des points raccordés au réseau de transport : industriels, réseaux d'agences, collectivités et gestionnaires de patrimoine.",
        ],
      },
      {
        id: 'que-calcule',
        question: 'Que calcule le simulateur ?',
        answer: [
          "Pour un point de livraison PITD, LI ou PIC, il calcule les coûts mensuels et annuels d'acheminement : terme de distribution, terme de transport, compensation de stockage, abonnement, CTA (part transport et part distribution), ainsi que l'accise, les CEE et le terme proportionnel par MWh.",
          'Chaque résultat indique la date des grilles appliquées et signale les valeurs estimées.',
        ],
      },
      {
        id: 'electricite',
        question: "Et l'électricité ?",
        answer: [
          "L'optimisation de la puissance souscrite en électricité est annoncée. En attendant, le simulateur et l'optimisation ne fonctionnent que pour le gaz, et l'espace Électricité l'indique clairement.",
        ],
      },
      {
        id: 'fiabilite',
        question: 'Les tarifs utilisés sont-ils fiables ?',
        answer: [
          "Chaque valeur porte sa date d'effet, sa source et un statut : source officielle, source secondaire publique ou estimation calculée par nous. Les estimations sont toujours signalées comme telles.",
          "Lorsqu'une grille n'est pas encore intégrée, l'outil répond que les données tarifaires ne sont pas disponibles plutôt que d'inventer un chiffre.",
        ],
      },
    ],
  },
  {
    id: 'mandats',
    title: "Mandats d'accès aux données",
    items: [
      {
        id: 'mandat-quoi',
        question: "Qu'est-ce qu'un mandat et pourquoi est-il nécessaire ?",
        answer: [
          "Un mandat est une autorisation légale, au sens de la réglementation sur la protection des données, que vous donnez à un gestionnaire de réseau (GRDF, NaTran, Teréga, Enedis…) pour qu'il nous transmette les données d'un point de livraison : PCE pour le gaz, PDL pour l'électricité, chacun à 14 chiffres.",
          'Sans mandat, vous pouvez saisir vos données vous-même ; avec un mandat, la consommation réelle arrive directement du gestionnaire de réseau.',
        ],
      },
      {
        id: 'mandat-revocation',
        question: 'Puis-je révoquer un mandat ?',
        answer: [
          'Oui, à tout moment, depuis votre espace client. Les données obtenues grâce au mandat sont supprimées dans les 30 jours qui suivent la révocation.',
        ],
      },
      {
        id: 'mandat-chiffrement',
        question: 'Comment les données des mandats sont-elles protégées ?',
        answer: [
          'Les données transmises au titre des mandats sont chiffrées en AES-256. Elles ne servent qu’aux calculs que vous demandez et ne sont ni revendues ni partagées.',
        ],
      },
      {
        id: 'mandat-delai',
        question: 'Combien de temps faut-il pour recevoir les données ?',
        answer: ['Le traitement par le gestionnaire de réseau prend de 5 à 15 jours ouvrés après l’envoi du mandat.'],
      },
      {
        id: 'mandat-disponibilite',
        question: 'Les mandats sont-ils déjà disponibles ?',
        answer: [
          "Oui. Dans l'espace client, ouvrez « Mandats » depuis le menu de votre compte et créez un mandat par point de livraison (PCE pour le gaz, PDL pour l'électricité) : soit un formulaire classique (consentement en un clic, 12 mois), soit un mandat signé en 5 étapes (signature tracée à l’écran, PDF scellé, de 6 à 36 mois). Vous suivez ensuite son statut et pouvez le révoquer à tout moment.",
        ],
      },
      {
        id: 'mandat-signature',
        question: 'Quelle est la valeur de la signature d’un mandat ?',
        answer: [
          'Le parcours « Signature électronique certifiée » produit une signature électronique simple au sens du règlement eIDAS : ni avancée, ni qualifiée. Vous tracez votre signature à l’écran, connecté à votre compte ; le formulaire classique recueille votre consentement d’un clic.',
          'Le PDF du mandat contient un dossier de preuve : compte signataire (nom, e-mail, identifiant), date et heure de la signature, adresse IP, navigateur, version du texte de consentement et empreinte SHA-256 du texte du mandat et de la signature. Le cachet électronique de la plateforme, apposé sur le PDF, rend toute modification ultérieure détectable ; ce n’est pas un cachet qualifié.',
          'Une signature électronique simple est recevable comme preuve (règlement eIDAS, article 25 ; Code civil, articles 1366 et 1367).',
        ],
      },
    ],
  },
  {
    id: 'compte',
    title: 'Compte, essai et facturation',
    items: [
      {
        id: 'essai',
        question: "Comment fonctionne l'essai gratuit ?",
        answer: [
          "Vous créez un compte avec votre adresse e-mail (ou votre compte Google) et vous confirmez l'adresse par le lien reçu. L'essai est gratuit et ne demande aucune carte bancaire.",
        ],
      },
      {
        id: 'quotas',
        question: 'Y a-t-il des limites d’utilisation ?',
        answer: [
          "Chaque formule comprend des quotas d'utilisation par fonctionnalité (nombre de simulations, d'optimisations ou d'audits par période). Votre consommation et la date de remise à zéro sont visibles dans les paramètres de votre compte.",
        ],
      },
      {
        id: 'suppression-compte',
        question: 'Comment supprimer mon compte et mes données ?',
        answer: [
          'Écrivez-nous depuis la page Contact en choisissant le sujet « Mes données personnelles ». Nous supprimons le compte et les données qui y sont rattachées, et nous vous le confirmons par e-mail.',
        ],
      },
    ],
  },
  {
    id: 'optimisation',
    title: 'Optimisation et factures',
    items: [
      {
        id: 'cja-gain',
        question: 'Que peut-on gagner en optimisant la CJA ?',
        answer: [
          "Cela dépend de l'écart entre votre capacité souscrite et vos besoins réels. L'optimiseur compare le coût annuel avant et après optimisation, pénalités de dépassement comprises, et affiche l'économie en euros et en pourcentage.",
        ],
      },
      {
        id: 'audit-formats',
        question: "Quels fichiers l'audit des factures accepte-t-il ?",
        answer: [
          "Les factures de transport de gaz au format PDF, XML, XLS ou XLSX. L'audit, en version bêta, vérifie le NTR, le TCL et la CAR facturés par rapport aux grilles officielles.",
        ],
      },
    ],
  },
];
