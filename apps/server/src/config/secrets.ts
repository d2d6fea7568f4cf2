import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

const SECRET_FILE = 'app-secret';

/**
 * The secret that signs CSRF tokens, sessions and signed links. Taken from APP_SECRET when set; otherwise
 * generated once and kept in DATA_DIR (mode 0600) so that restarts keep sessions valid. Several instances
 * behind a load balancer must share APP_SECRET.
 */
export async function resolveAppSecret(
  appSecret: string | undefined,
  dataDir: string,
): Promise<{ secret: string; source: 'env' | 'file' | 'generated' }> {
  if (appSecret) {
    return { secret: appSecret, source: 'env' };
  }
  const file = path.join(dataDir, SECRET_FILE);
  try {
    const stored = (await readFile(file, 'utf8')).trim();
    if (stored.length >= 32) {
      return { secret: stored, source: 'file' };
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') {
      throw error;
    }
  }
  await mkdir(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  await writeFile(file, `${secret}\n`, { mode: 0o600 });
  return { secret, source: 'generated' };
}
