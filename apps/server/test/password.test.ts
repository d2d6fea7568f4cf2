import { describe, expect, it } from 'vitest';
import { PRODUCTION_PASSWORD_HASH_LOG_N } from '../src/config/env.ts';
import { createPasswordHasher } from '../src/modules/auth/password.ts';

describe('password hashing (scrypt)', () => {
  // Two hashes at the OWASP cost (128 MiB and ~0.3 s of CPU each on an idle core): one written, one verified. The
  // refusal of a wrong password, which costs a third, does not depend on the cost: checked at 2^10 below (ADR 0049).
  it('hashes at the OWASP parameters in production (N=2^17, r=8, p=1) and verifies', async () => {
    expect(PRODUCTION_PASSWORD_HASH_LOG_N).toBe(17);
    const hasher = createPasswordHasher(PRODUCTION_PASSWORD_HASH_LOG_N);
    const hash = await hasher.hash('Correct-Horse-9');
    expect(hash).toMatch(/^\$scrypt\$ln=17,r=8,p=1\$[A-Za-z0-9+/]{22}==\$[A-Za-z0-9+/]{86}==$/);
    expect(await hasher.verify({ hash, password: 'Correct-Horse-9' })).toBe(true);
  });

  it('salts every hash, refuses a wrong password, verifies hashes written at another cost and refuses malformed ones', async () => {
    const cheap = createPasswordHasher(10);
    const [first, second] = [await cheap.hash('Mot-de-passe-1'), await cheap.hash('Mot-de-passe-1')];
    expect(first).not.toBe(second);
    expect(await cheap.verify({ hash: first, password: 'Mot-de-passe-1' })).toBe(true);
    expect(await cheap.verify({ hash: first, password: 'mot-de-passe-1' })).toBe(false);
    // The cost travels with the hash: a hasher configured at 12 still verifies a hash written at 10.
    expect(await createPasswordHasher(12).verify({ hash: first, password: 'Mot-de-passe-1' })).toBe(true);
    // NFKC: the same password typed with a composed or decomposed "é".
    const accented = await cheap.hash('Énergie-2026');
    expect(await cheap.verify({ hash: accented, password: 'E\u0301nergie-2026' })).toBe(true);
    for (const hash of ['', 'plain', first.replace('ln=10', 'ln=30'), first.replace('$scrypt$', '$bcrypt$')]) {
      expect(await cheap.verify({ hash, password: 'Mot-de-passe-1' })).toBe(false);
    }
  });
});
