import { describe, expect, it } from 'vitest';
import { MemoryCounterStore } from '../src/adapters/rate-limit/index.ts';
import { HashingBusyError, HashLimiter } from '../src/modules/auth/hash-limiter.ts';
import { commonPasswordCount, isCommonPassword, passwordPolicyError } from '../src/modules/auth/password-policy.ts';
import { clientNetwork, isAllowedCallback } from '../src/modules/auth/routes.ts';

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

describe('HashLimiter (bounded password hashing)', () => {
  it('runs at most maxConcurrent tasks, queues at most maxQueued in order, refuses the rest at once', async () => {
    const limiter = new HashLimiter({ maxConcurrent: 2, maxQueued: 1 });
    const gates = [deferred(), deferred(), deferred()];
    const started: number[] = [];
    const runs = gates.map((gate, index) =>
      limiter.run(async () => {
        started.push(index);
        await gate.promise;
        return index;
      }),
    );
    await Promise.resolve();
    expect(started).toEqual([0, 1]);
    expect(limiter.running).toBe(2);
    expect(limiter.queued).toBe(1);
    expect(limiter.full).toBe(true);
    await expect(limiter.run(async () => 'too many')).rejects.toBeInstanceOf(HashingBusyError);

    gates[0]?.resolve();
    expect(await runs[0]).toBe(0);
    await Promise.resolve();
    expect(started).toEqual([0, 1, 2]);
    expect(limiter.running).toBe(2);
    expect(limiter.queued).toBe(0);
    expect(limiter.full).toBe(false);

    gates[1]?.resolve();
    gates[2]?.resolve();
    expect(await Promise.all(runs)).toEqual([0, 1, 2]);
    expect(limiter.running).toBe(0);
  });

  it('frees the slot when a task fails', async () => {
    const limiter = new HashLimiter({ maxConcurrent: 1, maxQueued: 0 });
    await expect(limiter.run(async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(limiter.running).toBe(0);
    expect(await limiter.run(async () => 'ok')).toBe('ok');
  });
});

describe('password policy (one module for sign-up, reset and change)', () => {
  it('ships at least 10 000 common passwords', () => {
    expect(commonPasswordCount()).toBeGreaterThanOrEqual(10_000);
  });

  it('refuses common passwords, also with digits and symbols around them, whatever the case', () => {
    for (const password of ['Password123!', 'Azerty123!', 'Soleil2024!', 'Qwertyuiop1!', '!!Dragon2026']) {
      expect(isCommonPassword(password), password).toBe(true);
      expect(passwordPolicyError(password), password).toBe(
        'Ce mot de passe fait partie des mots de passe les plus courants : choisissez-en un autre.',
      );
    }
  });

  it('accepts a strong uncommon password and keeps the spec score', () => {
    expect(passwordPolicyError('Correct-Horse-9')).toBeNull();
    expect(passwordPolicyError('Compteur-Gaz-2026')).toBeNull();
    expect(passwordPolicyError('motdepasse')).toBe(
      'Le mot de passe doit contenir au moins 8 caractères, une majuscule, une minuscule et un chiffre.',
    );
    expect(passwordPolicyError(`Aa1!${'x'.repeat(130)}`)).toContain('trop long');
  });
});

describe('MemoryCounterStore (per-account limits)', () => {
  it('counts per key within a window, then starts again', async () => {
    let now = 1_000;
    const store = new MemoryCounterStore('', () => now);
    expect(await store.increment('a', 100)).toEqual({ count: 1, ttlMs: 100 });
    expect(await store.increment('a', 100)).toEqual({ count: 2, ttlMs: 100 });
    expect((await store.increment('b', 100)).count).toBe(1);
    expect((await store.peek('a')).count).toBe(2);
    now = 1_100;
    expect(await store.increment('a', 100)).toEqual({ count: 1, ttlMs: 100 });
    await store.reset('a');
    expect((await store.peek('a')).count).toBe(0);
    await store.close();
  });
});

describe('callback URLs', () => {
  it('allows relative paths and the trusted origins only', () => {
    const origins = ['https://app.exemple.fr'];
    expect(isAllowedCallback('/login?mode=reset', origins)).toBe(true);
    expect(isAllowedCallback('https://app.exemple.fr/login', origins)).toBe(true);
    expect(isAllowedCallback(undefined, origins)).toBe(true);
    for (const bad of ['https://evil.example/x', '//evil.example/x', '/\\evil.example', 'javascript:alert(1)', 'x']) {
      expect(isAllowedCallback(bad, origins), bad).toBe(false);
    }
  });

  it('checks the URL as a browser resolves it: no dot segment, encoded slash or backslash can turn into //host', () => {
    const origins = ['http://localhost:3000'];
    for (const good of ['/login?mode=reset', '/login/email-verified', '/private', '/login?oauth=failed#top']) {
      expect(isAllowedCallback(good, origins), good).toBe(true);
    }
    expect(isAllowedCallback('http://localhost:3000/login', origins)).toBe(true);
    for (const bad of [
      '/.//evil.example/',
      '/./\\evil.example',
      '/x/..//evil.example',
      '/login/../..//evil.example',
      '/%2F%2Fevil.example/',
      '/%2f/evil.example',
      '/%252F%252Fevil.example',
      '/%5C%5Cevil.example',
      '/%2e%2e//evil.example',
      '/.%2e/evil.example',
      '/\t/evil.example',
      '/\n/evil.example',
      '/\\/evil.example',
      'http://localhost:3000//evil.example/',
      'http://localhost:3000/./%2F/evil.example',
      '/login/./',
    ]) {
      expect(isAllowedCallback(bad, origins), bad).toBe(false);
    }
  });
});

describe('client networks of the per-account sign-in counters (ADR 0044)', () => {
  it('counts an IPv4 address alone and an IPv6 address by its /64', () => {
    expect(clientNetwork('203.0.113.7')).toBe('203.0.113.7');
    expect(clientNetwork('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(clientNetwork('2001:db8:1:2::1')).toBe('2001:db8:1:2::/64');
    expect(clientNetwork('2001:DB8:1:2:ffff:0:0:3')).toBe('2001:db8:1:2::/64');
    expect(clientNetwork('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(clientNetwork('::1')).toBe('0:0:0:0::/64');
    expect(clientNetwork('2001:db8:1:3::1')).not.toBe(clientNetwork('2001:db8:1:2::1'));
  });
});
