/**
 * The user menu's « Support » link (spec §2.4: a mail link). The address is the instance's `SUPPORT_EMAIL`, read at
 * run time from `/runtime-info.json` (no rebuild to change it); without one the link opens the contact form
 * rather than a made-up address.
 */
export const SUPPORT_MAIL_SUBJECT = 'Support Pilote Énergie';

export function supportMailHref(email: string): string {
  return `mailto:${email}?subject=${encodeURIComponent(SUPPORT_MAIL_SUBJECT)}`;
}
