/**
 * The public pages (spec §2.1): URL, title and description of each. The router registers them, every page renders
 * its <title>, description, Open Graph tags and canonical link from here, and the build writes sitemap.xml and
 * robots.txt from this list plus the blog posts (vite.config.ts), so none of them can drift from the others.
 * Plain data only: vite.config.ts imports this module in Node.
 */
import { homePage, type PublicPageMeta } from './home-page.ts';
import { paths } from './paths.ts';

export { type PublicPageMeta, SITE_NAME } from './home-page.ts';

export const publicPages = {
  home: homePage,
  tariffs: {
    path: paths.tariffs.getHref(),
    title: "Tarifs de l'énergie",
    description:
      "Comment se construit le coût d'acheminement du gaz (ATRD, ATRT, stockage, CTA, accise, CEE) et les valeurs en vigueur aujourd'hui, avec leurs sources.",
  },
  glossary: {
    path: paths.glossary.getHref(),
    title: 'Glossaire',
    description:
      'CJA, CAR, NTR, PITD, PCE, PDL, TCL, CTA… les sigles des tarifs de réseau du gaz expliqués simplement, tels que Pilote Énergie les emploie.',
  },
  faq: {
    path: paths.faq.getHref(),
    title: 'Questions fréquentes',
    description:
      "Simulation, optimisation de la CJA, audit des factures, mandats d'accès aux données, essai gratuit : les réponses aux questions que nous posent les entreprises.",
  },
  cjaOptimisation: {
    path: paths.cjaOptimisation.getHref(),
    title: 'Optimisation de la CJA',
    description:
      'Trouvez la capacité journalière souscrite qui minimise votre coût annuel de réseau gaz, pénalités de dépassement comprises, à partir de votre consommation réelle.',
  },
  energyBudgets: {
    path: paths.energyBudgets.getHref(),
    title: 'Budgets énergie',
    description:
      "Préparez le budget d'acheminement du gaz de chacun de vos sites à partir des grilles tarifaires datées : abonnement, capacité, transport, stockage et taxes.",
  },
  invoiceAudit: {
    path: paths.invoiceAudit.getHref(),
    title: 'Contrôle des factures',
    description:
      'Audit (bêta) de vos factures de transport de gaz : les paramètres facturés (NTR, TCL, CAR) comparés aux grilles tarifaires officielles.',
  },
  blog: {
    path: paths.blog.getHref(),
    title: 'Blog',
    description:
      "Articles pratiques sur les tarifs de réseau du gaz et la maîtrise des coûts d'acheminement des entreprises multi-sites.",
  },
  about: {
    path: paths.about.getHref(),
    title: 'À propos',
    description:
      "Pilote Énergie est une plateforme française qui aide les entreprises à comprendre et à réduire le coût d'acheminement de leur gaz, site par site.",
  },
  contact: {
    path: paths.contact.getHref(),
    title: 'Contact',
    description:
      "Écrivez à l'équipe Pilote Énergie : démonstration, question sur un calcul, vos données personnelles. Réponse par e-mail.",
  },
  privacy: {
    path: paths.privacy.getHref(),
    title: 'Politique de confidentialité',
    description:
      'Les données que Pilote Énergie traite, pourquoi, combien de temps elles sont gardées, qui y accède et comment exercer vos droits.',
  },
  terms: {
    path: paths.terms.getHref(),
    title: "Conditions d'utilisation",
    description:
      "Les règles d'utilisation de Pilote Énergie : compte, essai gratuit, résultats des calculs, mandats, responsabilités et résiliation.",
  },
  security: {
    path: paths.security.getHref(),
    title: 'Sécurité',
    description:
      "Ce qui protège votre compte et vos données aujourd'hui (mots de passe, sessions, isolation, en-têtes de sécurité) et ce qui arrive avec les mandats.",
  },
} as const satisfies Record<string, PublicPageMeta>;

export type PublicPageKey = keyof typeof publicPages;

/** Paths that search engines should not crawl (robots.txt). */
export const disallowedPaths = [paths.login.getHref(), paths.private.getHref(), '/api/'] as const;
