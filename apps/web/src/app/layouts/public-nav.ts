import { paths } from '../../config/paths.ts';

export type NavItem = { label: string; href: string };

export const mainNavItems: readonly NavItem[] = [
  { label: 'Tarifs', href: paths.tariffs.getHref() },
  { label: 'Optimisation CJA', href: paths.cjaOptimisation.getHref() },
  { label: 'Budgets', href: paths.energyBudgets.getHref() },
  { label: 'Contrôle des factures', href: paths.invoiceAudit.getHref() },
  { label: 'Blog', href: paths.blog.getHref() },
  { label: 'FAQ', href: paths.faq.getHref() },
];

export const footerNavItems: readonly NavItem[] = [
  { label: 'À propos', href: paths.about.getHref() },
  { label: 'Contact', href: paths.contact.getHref() },
  { label: 'Glossaire', href: paths.glossary.getHref() },
  { label: 'Confidentialité', href: paths.privacy.getHref() },
  { label: "Conditions d'utilisation", href: paths.terms.getHref() },
  { label: 'Sécurité', href: paths.security.getHref() },
];
