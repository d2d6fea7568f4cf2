import type { Profil, ProfilCode } from './types.ts';
import { PROFIL_CODES } from './types.ts';

/**
 * Profiles P011–P019 (arrêté du 7 février 2007 relatif aux profils et aux droits unitaires de stockage).
 * Only the criteria of P011 were read in the text; the labels below therefore only name the profile and
 * do not describe it (no description invented). See docs/glossary.md.
 */
export const PROFILS: readonly Profil[] = PROFIL_CODES.map((code) => ({ code, libelle: `Profil ${code}` }));

export function isProfilCode(value: string): value is ProfilCode {
  return (PROFIL_CODES as readonly string[]).includes(value);
}
