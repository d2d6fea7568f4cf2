import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';

/** The Redis the shared rate-limit store is tested against: TEST_REDIS_URL, or the machine's default. */
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** A key prefix of its own for one test file, so parallel runs never share counters. */
export function uniqueRedisPrefix(): string {
  return `pe:test:${randomBytes(6).toString('hex')}:`;
}

/** Deletes every key under the prefix (SCAN, not KEYS) and closes the connection. */
export async function cleanRedisPrefix(prefix: string): Promise<void> {
  const redis = new Redis(TEST_REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1 });
  await redis.connect();
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
      cursor = next;
      if (keys.length > 0) {
        await redis.del(...keys);
      }
    } while (cursor !== '0');
  } finally {
    await redis.quit();
  }
}
