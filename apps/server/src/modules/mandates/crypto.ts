import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { AppError } from '../../lib/app-error.ts';

/**
 * Field encryption of the mandates' personal data (ADR 0031): AES-256-GCM, a fresh 96-bit IV per value, the
 * 128-bit tag checked on every read, and the key id written in each value so that a key rotation keeps old
 * values readable. The associated data binds a value to its row and column (`<mandate id>:<field>`): a value
 * copied into another row or column does not decrypt.
 *
 * Text envelope: `enc1:<key id>:<iv b64url>:<tag b64url>:<ciphertext b64url>`.
 * Bytes envelope (bytea): `enc1:<key id>:` in ASCII, then IV (12), tag (16), ciphertext.
 */

export interface MandateKey {
  id: string;
  key: Buffer;
}

export interface MandateKeyring {
  /** Encrypts with this key. */
  current: MandateKey;
  /** Every key that may have encrypted a stored value (current included), by id. */
  keys: ReadonlyMap<string, Buffer>;
}

const PREFIX = 'enc1';
const KEY_ID_PATTERN = /^[A-Za-z0-9_-]{1,32}$/;

/** A tampered, truncated or unknown-key value: logged, answered as a generic 500 (never garbage). */
export class MandateDecryptionError extends AppError {
  constructor(reason: string) {
    super('INTERNAL_ERROR', undefined, { cause: new Error(`mandate field decryption failed: ${reason}`) });
  }
}

export function encryptText(keyring: MandateKeyring, aad: string, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyring.current.key, iv);
  cipher.setAAD(Buffer.from(aad, 'utf8'));
  const ciphertext = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [
    PREFIX,
    keyring.current.id,
    iv.toString('base64url'),
    cipher.getAuthTag().toString('base64url'),
    ciphertext.toString('base64url'),
  ].join(':');
}

export function decryptText(keyring: MandateKeyring, aad: string, envelope: string): string {
  const parts = envelope.split(':');
  if (parts.length !== 5 || parts[0] !== PREFIX) {
    throw new MandateDecryptionError('bad envelope');
  }
  const [, keyId = '', iv = '', tag = '', ciphertext = ''] = parts;
  return decrypt(
    keyring,
    keyId,
    aad,
    Buffer.from(iv, 'base64url'),
    Buffer.from(tag, 'base64url'),
    Buffer.from(ciphertext, 'base64url'),
  ).toString('utf8');
}

export function encryptBytes(keyring: MandateKeyring, aad: string, plain: Uint8Array): Uint8Array {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyring.current.key, iv);
  cipher.setAAD(Buffer.from(aad, 'utf8'));
  const ciphertext = Buffer.concat([cipher.update(plain), cipher.final()]);
  return Buffer.concat([Buffer.from(`${PREFIX}:${keyring.current.id}:`, 'ascii'), iv, cipher.getAuthTag(), ciphertext]);
}

export function decryptBytes(keyring: MandateKeyring, aad: string, envelope: Uint8Array): Buffer {
  const buffer = Buffer.from(envelope);
  const head = buffer.subarray(0, 64).toString('latin1');
  const match = /^enc1:([A-Za-z0-9_-]{1,32}):/.exec(head);
  if (!match) {
    throw new MandateDecryptionError('bad envelope');
  }
  const start = match[0].length;
  if (buffer.length < start + 28) {
    throw new MandateDecryptionError('truncated');
  }
  return decrypt(
    keyring,
    match[1] as string,
    aad,
    buffer.subarray(start, start + 12),
    buffer.subarray(start + 12, start + 28),
    buffer.subarray(start + 28),
  );
}

function decrypt(
  keyring: MandateKeyring,
  keyId: string,
  aad: string,
  iv: Buffer,
  tag: Buffer,
  ciphertext: Buffer,
): Buffer {
  const key = keyring.keys.get(keyId);
  if (!key) {
    throw new MandateDecryptionError(`unknown key id ${keyId}`);
  }
  if (iv.length !== 12 || tag.length !== 16) {
    throw new MandateDecryptionError('bad iv or tag');
  }
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, iv);
    decipher.setAAD(Buffer.from(aad, 'utf8'));
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(ciphertext), decipher.final()]);
  } catch {
    throw new MandateDecryptionError('authentication failed');
  }
}

/** The key id a stored value was encrypted with (re-encryption after a rotation). */
export function keyIdOf(envelope: string): string | null {
  const parts = envelope.split(':');
  return parts.length === 5 && parts[0] === PREFIX ? (parts[1] ?? null) : null;
}

/**
 * MANDATE_ENCRYPTION_KEYS: `<id>:<32 bytes in base64 or base64url>[,<id>:<key>…]`. The first key encrypts; all
 * decrypt (rotation: put the new key first, keep the old ones until no value uses them).
 */
export function parseMandateKeys(raw: string): MandateKeyring {
  const entries = raw
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  const keys = new Map<string, Buffer>();
  let current: MandateKey | undefined;
  for (const entry of entries) {
    const separator = entry.indexOf(':');
    const id = entry.slice(0, separator);
    const key = Buffer.from(entry.slice(separator + 1), 'base64');
    if (separator <= 0 || !KEY_ID_PATTERN.test(id) || key.length !== 32 || keys.has(id)) {
      throw new Error(
        'MANDATE_ENCRYPTION_KEYS : attendu « id:clé » séparés par des virgules, id de 1 à 32 caractères [A-Za-z0-9_-] distincts, clé de 32 octets en base64 (openssl rand -base64 32)',
      );
    }
    keys.set(id, key);
    current ??= { id, key };
  }
  if (!current) {
    throw new Error('MANDATE_ENCRYPTION_KEYS est vide');
  }
  return { current, keys };
}

const KEY_FILE = 'mandate-keys';

/**
 * The keyring: from MANDATE_ENCRYPTION_KEYS when set; otherwise from DATA_DIR/mandate-keys (same syntax, mode
 * 0600), generated once like the app secret. Several instances must share MANDATE_ENCRYPTION_KEYS.
 */
export async function resolveMandateKeyring(
  envKeys: string | undefined,
  dataDir: string,
): Promise<{ keyring: MandateKeyring; source: 'env' | 'file' | 'generated' }> {
  if (envKeys) {
    return { keyring: parseMandateKeys(envKeys), source: 'env' };
  }
  const file = path.join(dataDir, KEY_FILE);
  try {
    return { keyring: parseMandateKeys(await readFile(file, 'utf8')), source: 'file' };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') {
      throw error;
    }
  }
  await mkdir(dataDir, { recursive: true });
  const line = `k1:${randomBytes(32).toString('base64')}`;
  await writeFile(file, `${line}\n`, { mode: 0o600, flag: 'wx' }).catch(async (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EEXIST') {
      throw error;
    }
  });
  return { keyring: parseMandateKeys(await readFile(file, 'utf8')), source: 'generated' };
}
