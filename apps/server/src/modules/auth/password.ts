import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from 'node:crypto';
import type { HashLimiter } from './hash-limiter.ts';

/**
 * Password hashing with node:crypto scrypt at the OWASP parameters (N=2^17, r=8, p=1: 128 MiB and a few
 * hundred milliseconds per hash; ADR 0008). The stored string carries its parameters, so hashes written at
 * another cost (tests, a future increase) still verify:
 *
 *   $scrypt$ln=17,r=8,p=1$<salt, base64>$<key, base64>
 */

const KEY_LENGTH = 64;
const SALT_BYTES = 16;
const BLOCK_SIZE = 8;
const PARALLELISM = 1;
const FORMAT = /^\$scrypt\$ln=(\d{1,2}),r=(\d{1,2}),p=(\d{1,2})\$([A-Za-z0-9+/]+={0,2})\$([A-Za-z0-9+/]+={0,2})$/;

function scryptAsync(password: string, salt: Buffer, keyLength: number, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password, salt, keyLength, options, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

function costOptions(logN: number, r: number, p: number): ScryptOptions {
  const N = 2 ** logN;
  // scrypt needs 128·N·r bytes; Node's default maxmem (32 MiB) refuses N=2^17, r=8.
  return { N, r, p, maxmem: 128 * N * r * p + 16 * 1024 * 1024 };
}

/** Unicode-normalised so that the same password typed on two keyboards gives the same hash. */
function normalise(password: string): string {
  return password.normalize('NFKC');
}

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(input: { hash: string; password: string }): Promise<boolean>;
}

/** `limiter` bounds the hashes running at once (ADR 0016); the CLIs, one hash per process, go without. */
export function createPasswordHasher(logN: number, limiter?: HashLimiter): PasswordHasher {
  const derive = (password: string, salt: Buffer, keyLength: number, options: ScryptOptions) =>
    limiter
      ? limiter.run(() => scryptAsync(password, salt, keyLength, options))
      : scryptAsync(password, salt, keyLength, options);
  return {
    async hash(password) {
      const salt = randomBytes(SALT_BYTES);
      const key = await derive(normalise(password), salt, KEY_LENGTH, costOptions(logN, BLOCK_SIZE, PARALLELISM));
      return `$scrypt$ln=${logN},r=${BLOCK_SIZE},p=${PARALLELISM}$${salt.toString('base64')}$${key.toString('base64')}`;
    },
    async verify({ hash, password }) {
      const match = FORMAT.exec(hash);
      if (!match) {
        return false;
      }
      const [, ln, r, p, saltText, keyText] = match;
      const params = { logN: Number(ln), r: Number(r), p: Number(p) };
      // Bounds keep a corrupted row from asking for gigabytes of memory.
      if (params.logN < 10 || params.logN > 20 || params.r < 1 || params.r > 32 || params.p < 1 || params.p > 16) {
        return false;
      }
      const expected = Buffer.from(keyText ?? '', 'base64');
      const actual = await derive(
        normalise(password),
        Buffer.from(saltText ?? '', 'base64'),
        expected.length,
        costOptions(params.logN, params.r, params.p),
      );
      return expected.length === actual.length && timingSafeEqual(expected, actual);
    },
  };
}
