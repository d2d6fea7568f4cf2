/**
 * Support mailbox of the user menu's "Support" link (spec §2.4). Set VITE_SUPPORT_EMAIL at build time to the
 * deployment's real address; the default is the product's placeholder address until one is decided.
 */
export const SUPPORT_EMAIL: string = import.meta.env.VITE_SUPPORT_EMAIL || 'support@pilote-energie.fr';

export const supportMailHref = `mailto:${SUPPORT_EMAIL}?subject=${encodeURIComponent('Support Pilote Énergie')}`;
