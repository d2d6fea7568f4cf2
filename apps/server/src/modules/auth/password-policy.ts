import { createRequire } from 'node:module';
import { authMessages, PASSWORD_MAX_LENGTH, passwordScore } from '@pilote/contracts';

/**
 * The one password policy (ADR 0016), applied by the server to every new password: sign-up, reset and
 * change. 1) the spec's score (§5, shared with the web form through @pilote/contracts: length, upper, lower,
 * digit, symbol); 2) not one of the most common passwords (ASVS 6.2.4): the 49 233 passwords of
 * @zxcvbn-ts/language-common (MIT; frequency-ranked lists from breaches), compared case-insensitively, also
 * after removing the digits and symbols people append ("Password123!" → "password").
 */

let common: Set<string> | undefined;

function commonPasswords(): Set<string> {
  if (!common) {
    // npm dependencies stay external to the server bundle: the JSON is read from node_modules at first use.
    const list = createRequire(import.meta.url)('@zxcvbn-ts/language-common/src/passwords.json') as string[];
    common = new Set(list.map((entry) => entry.toLowerCase()));
  }
  return common;
}

/** The number of entries in the common-password list (the ADR and a test state it). */
export function commonPasswordCount(): number {
  return commonPasswords().size;
}

export function isCommonPassword(password: string): boolean {
  const lowered = password.normalize('NFKC').toLowerCase();
  const list = commonPasswords();
  if (list.has(lowered)) {
    return true;
  }
  // "Soleil2024!", "Password123!": a common word with digits and symbols around it.
  const core = lowered.replace(/^[^\p{L}]+|[^\p{L}]+$/gu, '');
  return core.length >= 4 && list.has(core);
}

/** The French reason a new password is refused, or null when it is accepted. */
export function passwordPolicyError(password: string): string | null {
  if (password.length > PASSWORD_MAX_LENGTH) {
    return authMessages.passwordTooLong;
  }
  if (!passwordScore(password).accepted) {
    return authMessages.weakPassword;
  }
  if (isCommonPassword(password)) {
    return authMessages.commonPassword;
  }
  return null;
}
