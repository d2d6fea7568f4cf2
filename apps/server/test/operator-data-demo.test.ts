/**
 * The demonstration operator-data source (ADR 0063): deterministic for any PCE, the adapter's shapes, marked as
 * demonstration data, a right that turns active after the configured delay; and how configuration chooses the
 * source (never the demonstration in production unless asked, never beside ADICT credentials).
 */
import { describe, expect, it } from 'vitest';
import { addDays } from '../src/adapters/operator-data/adict.ts';
import { createDemoAdapter, DEMO_HISTORY_YEARS } from '../src/adapters/operator-data/demo.ts';
import { createOperatorData } from '../src/adapters/operator-data/index.ts';
import type { AccessRightDeclaration, ConsumptionPage } from '../src/adapters/operator-data/types.ts';
import { ADICT_HOSTS, ConfigError, loadConfig } from '../src/config/env.ts';

const NOW = Date.parse('2026-11-26T09:30:00Z');
const TODAY = '2026-11-26';

async function pages(iterable: AsyncIterable<ConsumptionPage>): Promise<ConsumptionPage[]> {
  const all: ConsumptionPage[] = [];
  for await (const page of iterable) {
    all.push(page);
  }
  return all;
}

function declaration(pce: string): AccessRightDeclaration {
  return {
    pce,
    postalCode: '69003',
    holder: { companyName: 'Démo SA', name: null, email: 'demo@exemple.fr', mobilePhone: null },
    consent: { start: TODAY, end: '2027-11-25' },
    consumptionPeriod: { start: '2023-11-27', end: '2027-11-25' },
    categories: { publishedConsumption: true, informativeConsumption: false, contractual: true, technical: false },
    reference: 'mandate-demo',
    proof: null,
  };
}

describe('demo operator data', () => {
  it('answers the same data for the same PCE on every instance, and other data for another PCE', async () => {
    const first = createDemoAdapter({ activationDelaySeconds: 20, now: () => NOW });
    const second = createDemoAdapter({ activationDelaySeconds: 20, now: () => NOW });
    const range = { from: '2026-01-01', to: '2026-03-31' };
    const a = await pages(first.readPublishedConsumption('21234567890123', range));
    expect(await pages(second.readPublishedConsumption('21234567890123', range))).toEqual(a);
    expect(await second.readContractualData('21234567890123')).toEqual(
      await first.readContractualData('21234567890123'),
    );
    expect(await second.readTechnicalData('21234567890123')).toEqual(await first.readTechnicalData('21234567890123'));
    const other = await pages(first.readPublishedConsumption('21234567890124', range));
    expect(other[0]?.days.map((day) => day.kwh)).not.toEqual(a[0]?.days.map((day) => day.kwh));
    // A day is the same whatever window it is read in.
    const oneDay = await pages(
      first.readPublishedConsumption('21234567890123', { from: '2026-02-10', to: '2026-02-10' }),
    );
    expect(oneDay[0]?.days[0]).toEqual(a[0]?.days.find((day) => day.date === '2026-02-10'));
  });

  it('publishes three years of daily history up to yesterday, marked as demonstration data, in pages of a year', async () => {
    const demo = createDemoAdapter({ activationDelaySeconds: 20, now: () => NOW });
    const read = await pages(demo.readPublishedConsumption('21234567890123', { from: '2023-01-01', to: TODAY }));
    expect(read.length).toBe(4);
    expect(read.every((page) => page.demo && page.kind === 'published' && page.pce === '21234567890123')).toBe(true);
    const days = read.flatMap((page) => page.days);
    expect(days[0]?.date).toBe(addDays(TODAY, -365 * DEMO_HISTORY_YEARS));
    expect(days.at(-1)?.date).toBe(addDays(TODAY, -1));
    expect(days.length).toBe(365 * DEMO_HISTORY_YEARS);
    expect(new Set(days.map((day) => day.date)).size).toBe(days.length);
    expect(days.every((day) => Number.isInteger(day.kwh) && day.kwh > 0 && day.endDate === day.date)).toBe(true);
    const qualities = new Set(days.map((day) => day.quality));
    expect([...qualities].sort()).toEqual(['corrected', 'estimated', 'published']);
  });

  it('has winters above summers and a contract consistent with its series', async () => {
    const demo = createDemoAdapter({ activationDelaySeconds: 20, now: () => NOW });
    const pce = '21234567890123';
    const year = (
      await pages(demo.readPublishedConsumption(pce, { from: addDays(TODAY, -365), to: addDays(TODAY, -1) }))
    ).flatMap((page) => page.days);
    const mean = (month: string) => {
      const of = year.filter((day) => day.date.slice(5, 7) === month);
      return of.reduce((sum, day) => sum + day.kwh, 0) / of.length;
    };
    expect(mean('01')).toBeGreaterThan(1.5 * mean('07'));
    const contract = await demo.readContractualData(pce);
    const total = year.reduce((sum, day) => sum + day.kwh, 0);
    expect(Math.abs(total - (contract.carKwh ?? 0)) / total).toBeLessThan(0.05);
    const expectedOption = total < 300_000 ? 'T2' : total < 5_000_000 ? 'T3' : 'T4';
    expect(contract).toMatchObject({ option: expectedOption, demo: true });
    expect(contract.profil).toMatch(/^P01[3-6]$/);
    const technical = await demo.readTechnicalData(pce);
    expect(technical).toMatchObject({ demo: true, readingFrequency: 'JJ' });
    expect(technical.pitd?.code).toMatch(/^GD\d{4}$/);
  });

  it('gives a T4 site a CJA at least its largest day of the year', async () => {
    const demo = createDemoAdapter({ activationDelaySeconds: 20, now: () => NOW });
    let found = false;
    for (let n = 0; n < 200 && !found; n++) {
      const pce = `2100000000${String(n).padStart(4, '0')}`;
      const contract = await demo.readContractualData(pce);
      if (contract.option !== 'T4') {
        continue;
      }
      found = true;
      const year = (
        await pages(demo.readPublishedConsumption(pce, { from: addDays(TODAY, -365), to: addDays(TODAY, -1) }))
      ).flatMap((page) => page.days);
      const largest = Math.max(...year.map((day) => day.kwh));
      expect(contract.cjaKwhPerDay).toBeGreaterThanOrEqual(largest);
      expect(contract.cjaKwhPerDay).toBeLessThan(largest * 1.1);
    }
    expect(found).toBe(true);
  });

  it('turns a declared right active after the configured delay; a PCE ending in 9999 is refused with a reason, one ending in 8888 stays pending', async () => {
    const clock = { now: NOW };
    const demo = createDemoAdapter({ activationDelaySeconds: 20, now: () => clock.now });
    const right = await demo.declareAccess(declaration('21234567890123'));
    expect(right).toMatchObject({ state: 'pending', proofStatus: 'checking', readable: false, demo: true });
    expect(right.categories).toEqual(declaration('21234567890123').categories);
    clock.now += 19_999;
    expect((await demo.getAccessRight(right.id, '21234567890123')).state).toBe('pending');
    clock.now += 1;
    expect(await demo.getAccessRight(right.id, '21234567890123')).toMatchObject({
      state: 'active',
      proofStatus: 'valid',
      readable: true,
      reason: null,
    });

    const refused = await demo.declareAccess(declaration('21234567899999'));
    clock.now += 20_000;
    const later = await demo.getAccessRight(refused.id, '21234567899999');
    expect(later).toMatchObject({ state: 'refused', readable: false });
    expect(later.reason).toContain('GRDF a refusé le droit d’accès');

    const waiting = await demo.declareAccess(declaration('21234567898888'));
    clock.now += 3_600_000;
    expect(await demo.getAccessRight(waiting.id, '21234567898888')).toMatchObject({
      state: 'pending',
      proofStatus: 'checking',
    });

    await demo.endAccess(right.id);
    expect((await demo.getAccessRight(right.id, '21234567890123')).state).toBe('revoked');
    await expect(demo.getAccessRight(right.id, '21234567890124')).rejects.toMatchObject({ kind: 'not_found' });
  });
});

describe('operator data configuration', () => {
  it('uses the demonstration source by default outside production, with a 20 s activation delay', () => {
    const config = loadConfig({});
    expect(config.operatorData).toEqual({ kind: 'demo', activationDelaySeconds: 20 });
    expect(createOperatorData(config.operatorData)?.kind).toBe('demo');
  });

  it('never uses it in production unless chosen explicitly', () => {
    const config = loadConfig({ NODE_ENV: 'production' });
    expect(config.operatorData).toEqual({ kind: 'none' });
    expect(createOperatorData(config.operatorData)).toBeNull();
    expect(
      loadConfig({ NODE_ENV: 'production', OPERATOR_DATA: 'demo', OPERATOR_DATA_DEMO_DELAY_SECONDS: '5' }).operatorData,
    ).toEqual({ kind: 'demo', activationDelaySeconds: 5 });
  });

  it('uses ADICT with GRDF’s production hosts when the credentials are set, the sandbox’s when asked', () => {
    const env = { NODE_ENV: 'production', ADICT_CLIENT_ID: 'id', ADICT_CLIENT_SECRET: 'secret' };
    expect(loadConfig(env).operatorData).toEqual({
      kind: 'adict',
      clientId: 'id',
      clientSecret: 'secret',
      sandbox: false,
      baseUrl: ADICT_HOSTS.production.baseUrl,
      tokenUrl: ADICT_HOSTS.production.tokenUrl,
      timeoutMs: 30_000,
      minIntervalMs: 1_000,
    });
    expect(loadConfig({ ...env, ADICT_SANDBOX: 'true' }).operatorData).toMatchObject({
      sandbox: true,
      baseUrl: 'https://api.grdf.fr/adict/bas/v6',
    });
    const local = loadConfig({
      ...env,
      ADICT_BASE_URL: 'http://127.0.0.1:9/adict/v2/',
      ADICT_TOKEN_URL: 'http://127.0.0.1:9/t',
    });
    expect(local.operatorData).toMatchObject({
      baseUrl: 'http://127.0.0.1:9/adict/v2',
      tokenUrl: 'http://127.0.0.1:9/t',
    });
    expect(createOperatorData(local.operatorData)?.kind).toBe('adict');
  });

  it('refuses half the credentials, ADICT without them, and the demonstration beside them, in French', () => {
    const issues = (env: NodeJS.ProcessEnv) => {
      try {
        loadConfig(env);
      } catch (error) {
        expect(error).toBeInstanceOf(ConfigError);
        return (error as ConfigError).issues;
      }
      return [];
    };
    expect(issues({ ADICT_CLIENT_ID: 'id' })).toEqual([
      {
        variable: 'ADICT_CLIENT_SECRET',
        message: 'ADICT_CLIENT_ID et ADICT_CLIENT_SECRET vont ensemble : renseignez les deux ou aucun',
      },
    ]);
    expect(issues({ OPERATOR_DATA: 'adict' }).map((issue) => [issue.variable, issue.message])).toEqual([
      ['ADICT_CLIENT_ID', 'obligatoire quand OPERATOR_DATA=adict'],
      ['ADICT_CLIENT_SECRET', 'obligatoire quand OPERATOR_DATA=adict'],
    ]);
    expect(issues({ OPERATOR_DATA: 'demo', ADICT_CLIENT_ID: 'id', ADICT_CLIENT_SECRET: 's' })[0]?.variable).toBe(
      'OPERATOR_DATA',
    );
    expect(issues({ OPERATOR_DATA: 'grdf' })).toEqual([
      { variable: 'OPERATOR_DATA', message: 'attendu : adict, demo ou none' },
    ]);
    expect(issues({ ADICT_TIMEOUT_MS: '10' })).toEqual([
      { variable: 'ADICT_TIMEOUT_MS', message: 'attendu : une durée en millisecondes (1000 à 300000)' },
    ]);
    expect(issues({ ADICT_SANDBOX: 'oui' })).toEqual([
      { variable: 'ADICT_SANDBOX', message: 'attendu : true ou false' },
    ]);
  });
});
