import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { runWorkerTask, workerThreadsStarted } from '../src/workers/pool.ts';
import { probeTask } from '../src/workers/probe.ts';
import { createTestApp, TEST_SECRET, type TestApp } from './helpers/test-app.ts';
import { createTestDatabase, type TestDatabase } from './helpers/test-database.ts';

const echo = (value: string) => runWorkerTask(probeTask, { action: 'echo', value }, { owner: 'tests' });

// Who ends the worker pool's idle threads (AppDependencies.workerPool, ADR 0049 addendum): an app that owns the pool
// (production's default) when it closes; the test apps, which share the test process's pool, never. The apps are
// built and a thread started in hooks; a test closes an app and runs the next task.
describe('the holder of the worker pool', () => {
  describe('test apps', () => {
    let first: TestApp;
    let second: TestApp;
    let firstClosed = false;
    beforeAll(async () => {
      first = await createTestApp('pglite');
    });
    beforeAll(async () => {
      second = await createTestApp('pglite');
    });
    beforeAll(async () => {
      await expect(echo('chaud')).resolves.toEqual({ ok: true, value: 'chaud' });
    });
    afterAll(async () => {
      if (!firstClosed) {
        await first?.close();
      }
      await second?.close();
    });

    it('a test app’s close leaves the warm thread to the next app of the test process', async () => {
      firstClosed = true;
      await first.close();
      const warm = workerThreadsStarted();
      await expect(echo('encore')).resolves.toEqual({ ok: true, value: 'encore' });
      expect(workerThreadsStarted()).toBe(warm);
    });
  });

  describe('an app that owns the pool', () => {
    let t: TestApp;
    let database: TestDatabase;
    let owner: FastifyInstance;
    beforeAll(async () => {
      t = await createTestApp('pglite');
    });
    beforeAll(async () => {
      database = await createTestDatabase('pglite');
    });
    beforeAll(async () => {
      owner = await buildApp({ config: t.config, database: database.handle, secret: TEST_SECRET, logger: false });
      await owner.ready();
    });
    beforeAll(async () => {
      await expect(echo('chaud')).resolves.toEqual({ ok: true, value: 'chaud' });
    });
    afterAll(async () => {
      await owner?.close();
      await database?.destroy();
      await t?.close();
    });

    it('ends its idle threads when it closes (production’s default)', async () => {
      await owner.close();
      const before = workerThreadsStarted();
      await expect(echo('froid')).resolves.toEqual({ ok: true, value: 'froid' });
      expect(workerThreadsStarted()).toBe(before + 1);
    });
  });
});
