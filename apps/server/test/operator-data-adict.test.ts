/**
 * The `adict` operator-data adapter against a local ADICT peer over real HTTP (ADR 0063): tokens, the declaration
 * and its status, refusals, paging, 429 / 5xx retries, a stalled server, the end of a right. The backoff waits go
 * through an injected sleep that moves an injected clock: no test waits for time, except the two timeout tests
 * (a 300 ms timeout, the event they wait for).
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdictOptions, createAdictAdapter } from '../src/adapters/operator-data/adict.ts';
import {
  type AccessRightDeclaration,
  type ConsumptionPage,
  OperatorDataError,
} from '../src/adapters/operator-data/types.ts';
import { type AdictPeer, peerKwh, startAdictPeer } from './helpers/adict-peer.ts';

const NOW = Date.parse('2026-11-26T12:00:00Z');
let peer: AdictPeer;
let pceCounter = 0;

beforeAll(async () => {
  peer = await startAdictPeer({ tokenLifetimeSeconds: 3600, maxWindowDays: 31, today: '2026-11-26' });
});

afterAll(async () => {
  await peer.close();
});

/** A PCE of its own for each test (the peer keeps its rights for the whole file). */
const newPce = () => `2300000000${String(++pceCounter).padStart(4, '0')}`;

function setUp(overrides: Partial<AdictOptions> = {}) {
  const clock = { now: NOW };
  const sleeps: number[] = [];
  const adapter = createAdictAdapter({
    clientId: peer.clientId,
    clientSecret: peer.clientSecret,
    baseUrl: peer.baseUrl,
    tokenUrl: peer.tokenUrl,
    timeoutMs: 5_000,
    minIntervalMs: 0,
    backoffBaseMs: 100,
    random: () => 0.5,
    now: () => clock.now,
    sleep: async (ms) => {
      sleeps.push(ms);
      clock.now += ms;
    },
    ...overrides,
  });
  return { adapter, clock, sleeps };
}

function declaration(pce: string, overrides: Partial<AccessRightDeclaration> = {}): AccessRightDeclaration {
  return {
    pce,
    postalCode: '69003',
    holder: { companyName: 'Boulangerie Martin SAS', name: null, email: 'compta@martin.fr', mobilePhone: null },
    consent: { start: '2026-11-26', end: '2027-11-25' },
    consumptionPeriod: { start: '2023-11-27', end: '2027-11-25' },
    categories: { publishedConsumption: true, informativeConsumption: false, contractual: true, technical: true },
    reference: 'mandate-1',
    proof: null,
    ...overrides,
  };
}

async function declaredActive(adapter: ReturnType<typeof setUp>['adapter'], pce: string) {
  const right = await adapter.declareAccess(declaration(pce));
  peer.activate(pce);
  return right;
}

async function rejection(promise: Promise<unknown>): Promise<OperatorDataError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(OperatorDataError);
  return error as OperatorDataError;
}

async function pages(iterable: AsyncIterable<ConsumptionPage>): Promise<ConsumptionPage[]> {
  const all: ConsumptionPage[] = [];
  for await (const page of iterable) {
    all.push(page);
  }
  return all;
}

describe('adict adapter: OAuth2 token', () => {
  it('asks for a token with the client credentials and the API path as scope, and keeps it until near its expiry', async () => {
    const { adapter, clock } = setUp();
    const pce = newPce();
    const before = peer.tokensIssued();
    const right = await adapter.declareAccess(declaration(pce));
    await adapter.getAccessRight(right.id, pce);
    expect(peer.tokensIssued() - before).toBe(1);
    const tokenRequest = peer.requests.filter((request) => request.path === '/oauth2/v1/token').at(-1);
    const form = new URLSearchParams(tokenRequest?.body.toString('utf8'));
    expect(Object.fromEntries(form)).toEqual({
      grant_type: 'client_credentials',
      client_id: peer.clientId,
      client_secret: peer.clientSecret,
      scope: '/adict/v2',
    });

    // 3600 s of life, renewed one minute before the end.
    clock.now += 3_539_000;
    await adapter.getAccessRight(right.id, pce);
    expect(peer.tokensIssued() - before).toBe(1);
    clock.now += 2_000;
    await adapter.getAccessRight(right.id, pce);
    expect(peer.tokensIssued() - before).toBe(2);
  });

  it('fetches a new token once when the API answers 401, and the call succeeds', async () => {
    const { adapter } = setUp();
    const pce = newPce();
    const right = await adapter.declareAccess(declaration(pce));
    const before = peer.tokensIssued();
    peer.revokeTokens();
    const again = await adapter.getAccessRight(right.id, pce);
    expect(again.id).toBe(right.id);
    expect(peer.tokensIssued() - before).toBe(1);
  });

  it('fetches one token for calls that start together', async () => {
    const { adapter } = setUp();
    const pces = [newPce(), newPce(), newPce()];
    const before = peer.tokensIssued();
    const rights = await Promise.all(pces.map((pce) => adapter.declareAccess(declaration(pce))));
    expect(rights.map((right) => right.pce)).toEqual(pces);
    expect(peer.tokensIssued() - before).toBe(1);
  });

  it('fails `unauthorised` with a French message when GRDF refuses the credentials', async () => {
    const { adapter } = setUp({ clientSecret: 'wrong' });
    const error = await rejection(adapter.readTechnicalData(newPce()));
    expect(error.kind).toBe('unauthorised');
    expect(error.message).toContain('GRDF refuse les identifiants de l’API ADICT');
  });
});

describe('adict adapter: access rights', () => {
  it('declares a right with its proof, then status reads follow it from pending to active', async () => {
    const { adapter } = setUp();
    const pce = newPce();
    peer.outcome(pce, { afterReads: 3, etat: 'Active', statutControlePreuve: 'Preuve Vérifiée OK' });
    const proof = { filename: 'mandat.pdf', contentType: 'application/pdf' as const, content: new Uint8Array(2048) };
    const right = await adapter.declareAccess(declaration(pce, { proof }));
    expect(right).toMatchObject({ pce, state: 'pending', proofStatus: 'awaiting', readable: false, demo: false });
    expect(peer.proofs.filter((entry) => entry.id === right.id)).toEqual([
      { id: right.id, filename: 'mandat.pdf', size: 2048, type: 'application/pdf' },
    ]);
    const sent = JSON.parse(
      peer
        .apiRequests(/^\/pce\/\d+\/droit_acces$/)
        .at(-1)
        ?.body.toString('utf8') ?? '{}',
    ) as Record<string, string>;
    expect(sent).toMatchObject({
      role_tiers: 'AUTORISE_CONTRAT_FOURNITURE',
      raison_sociale: 'Boulangerie Martin SAS',
      code_postal: '69003',
      date_debut_droit_acces: '2026-11-26',
      date_fin_droit_acces: '2027-11-25',
      perim_donnees_conso_debut: '2023-11-27',
      perim_donnees_publiees: 'Vrai',
      perim_donnees_informatives: 'Faux',
    });
    expect(sent.nom_titulaire).toBeUndefined();

    const states: string[] = [];
    for (let read = 0; read < 5; read++) {
      const current = await adapter.getAccessRight(right.id, pce);
      states.push(current.state);
      if (current.state === 'active') {
        expect(current).toMatchObject({ proofStatus: 'valid', readable: true, reason: null });
        break;
      }
    }
    expect(states).toEqual(['pending', 'pending', 'active']);
  });

  it('reports a refusal with its reason in French, GRDF’s words kept', async () => {
    const { adapter } = setUp();
    const pce = newPce();
    peer.outcome(pce, {
      afterReads: 1,
      etat: 'Refusée',
      statutControlePreuve: 'Preuve Vérifiée KO',
      source: 'Preuve de consentement illisible',
    });
    const right = await adapter.declareAccess(declaration(pce));
    const refused = await adapter.getAccessRight(right.id, pce);
    expect(refused).toMatchObject({
      state: 'refused',
      proofStatus: 'invalid',
      readable: false,
      operatorReason: 'Preuve de consentement illisible',
    });
    expect(refused.reason).toBe(
      'GRDF a jugé la preuve de consentement non valable : le droit d’accès aux données n’est pas accordé. GRDF : « Preuve de consentement illisible »',
    );
  });

  it('follows the right already declared when GRDF answers 409 « Un droit d’accès existe déjà »', async () => {
    const { adapter } = setUp();
    const pce = newPce();
    const first = await adapter.declareAccess(declaration(pce));
    const second = await adapter.declareAccess(declaration(pce));
    expect(second.id).toBe(first.id);
  });

  it('maps GRDF’s 400 and 404 to French errors that keep GRDF’s message', async () => {
    const { adapter } = setUp();
    const invalid = await rejection(
      adapter.declareAccess(
        declaration(newPce(), {
          holder: { companyName: null, name: null, email: 'a@b.fr', mobilePhone: null },
        }),
      ),
    );
    expect(invalid).toMatchObject({ kind: 'invalid', status: 400, retryable: false });
    expect(invalid.message).toBe(
      'GRDF a rejeté la demande (la déclaration du droit d’accès, erreur 400). GRDF : « Seul le nom ou la raison sociale du titulaire doit être renseigné. »',
    );

    const pce = newPce();
    peer.unknownPces.add(pce);
    const unknown = await rejection(adapter.declareAccess(declaration(pce)));
    expect(unknown).toMatchObject({ kind: 'not_found', status: 404, operatorMessage: 'Le PCE est inconnu.' });
    expect(unknown.message).toContain('GRDF ne connaît pas ce PCE');
  });

  it('ends a right at GRDF; ending it again is not an error', async () => {
    const { adapter } = setUp();
    const pce = newPce();
    const right = await declaredActive(adapter, pce);
    await adapter.endAccess(right.id);
    expect(peer.rights.get(right.id)?.etat_droit_acces).toBe('Révoquée');
    await adapter.endAccess(right.id);
    const ended = await adapter.getAccessRight(right.id, pce);
    expect(ended).toMatchObject({ state: 'revoked', readable: false, operatorReason: 'Tiers' });
    expect(ended.reason).toContain('révoqué');
  });
});

describe('adict adapter: data reads', () => {
  it('reads a long range window by window, each day once, with its quality', async () => {
    const { adapter } = setUp({ windowDays: 10 });
    const pce = newPce();
    await declaredActive(adapter, pce);
    const read = await pages(adapter.readPublishedConsumption(pce, { from: '2026-01-01', to: '2026-01-25' }));
    expect(read.map((page) => [page.from, page.to])).toEqual([
      ['2026-01-01', '2026-01-10'],
      ['2026-01-11', '2026-01-20'],
      ['2026-01-21', '2026-01-25'],
    ]);
    const days = read.flatMap((page) => page.days);
    expect(days.map((entry) => entry.date)).toEqual(
      Array.from({ length: 25 }, (_, i) => `2026-01-${String(i + 1).padStart(2, '0')}`),
    );
    expect(days.every((entry) => entry.kwh === peerKwh(pce, entry.date))).toBe(true);
    expect(days.find((entry) => entry.date === '2026-01-05')?.quality).toBe('estimated');
    expect(days.find((entry) => entry.date === '2026-01-07')?.quality).toBe('corrected');
    expect(days.find((entry) => entry.date === '2026-01-06')).toMatchObject({
      quality: 'published',
      operatorQuality: 'Définitive / Mesurée',
    });
    expect(read.every((page) => page.kind === 'published' && page.demo === false)).toBe(true);
    const asked = peer.apiRequests(/donnees_consos_publiees$/).slice(-3);
    expect(asked.map((request) => request.query.get('date_debut'))).toEqual(['2026-01-01', '2026-01-11', '2026-01-21']);
    expect(asked.every((request) => request.query.has('date_fin'))).toBe(true);
  });

  it('stops a range at yesterday and never asks GRDF for a day after today', async () => {
    const { adapter } = setUp({ windowDays: 10 });
    const pce = newPce();
    await declaredActive(adapter, pce);
    const read = await pages(adapter.readPublishedConsumption(pce, { from: '2026-11-20', to: '2026-12-31' }));
    expect(read.map((page) => [page.from, page.to])).toEqual([['2026-11-20', '2026-11-25']]);
    expect(read[0]?.days.map((entry) => entry.date.slice(8))).toEqual(['20', '21', '22', '23', '24', '25']);
    expect(
      peer
        .apiRequests(/donnees_consos_publiees$/)
        .at(-1)
        ?.query.get('date_fin'),
    ).toBe('2026-11-26');
    expect(await pages(adapter.readPublishedConsumption(pce, { from: '2026-11-26', to: '2026-11-30' }))).toEqual([]);
  });

  it('reads the informative consumption and the contractual and technical data, normalised', async () => {
    const { adapter } = setUp();
    const pce = newPce();
    await declaredActive(adapter, pce);
    const informative = await pages(adapter.readInformativeConsumption(pce, { from: '2026-02-01', to: '2026-02-03' }));
    expect(informative[0]?.kind).toBe('informative');
    expect(informative[0]?.days.map((entry) => entry.date)).toEqual(['2026-02-01', '2026-02-02', '2026-02-03']);
    expect(await adapter.readContractualData(pce)).toEqual({
      pce,
      carKwh: 1_254_000,
      cjaKwhPerDay: 0,
      option: 'T3',
      profil: 'P014',
      commissioningDate: '2009-03-02',
      demo: false,
    });
    expect(await adapter.readTechnicalData(pce)).toEqual({
      pce,
      pitd: { code: 'GD0136', label: 'LYON' },
      readingFrequency: 'JJ',
      address: { street: '4 RUE DES ÉCLUSES', complement: null, postalCode: '69003', city: 'LYON' },
      demo: false,
    });
  });

  it('fails `access` with GRDF’s reason when the right does not allow reading', async () => {
    const { adapter } = setUp();
    const pce = newPce();
    await adapter.declareAccess(declaration(pce));
    const error = await rejection(
      pages(adapter.readPublishedConsumption(pce, { from: '2026-01-01', to: '2026-01-02' })),
    );
    expect(error).toMatchObject({ kind: 'access', retryable: false, operatorCode: '1000' });
    expect(error.message).toBe(
      'GRDF ne nous donne pas accès à la consommation publiée de ce PCE. GRDF : « Vous n’êtes pas autorisé à consulter les données de ce PCE. »',
    );
  });
});

describe('adict adapter: limits and failures', () => {
  it('waits for Retry-After on 429, then succeeds; a wait longer than allowed fails `rate_limited`', async () => {
    const { adapter, sleeps } = setUp();
    const pce = newPce();
    await declaredActive(adapter, pce);
    peer.fail({ path: /donnees_contractuelles$/, status: 429, retryAfter: '7' });
    expect((await adapter.readContractualData(pce)).option).toBe('T3');
    expect(sleeps).toEqual([7_000]);

    peer.fail({ path: /donnees_contractuelles$/, status: 429, retryAfter: '3600' });
    const error = await rejection(adapter.readContractualData(pce));
    expect(error).toMatchObject({ kind: 'rate_limited', retryable: true, retryAfterSeconds: 3600 });
    expect(error.message).toBe(
      'GRDF limite le nombre de requêtes de l’API ADICT : nouvel essai automatique plus tard.',
    );
  });

  it('retries a 500 with exponential backoff and succeeds; fails `unavailable` after the last attempt', async () => {
    const { adapter, sleeps } = setUp({ maxAttempts: 3 });
    const pce = newPce();
    await declaredActive(adapter, pce);
    peer.fail({ path: /donnees_techniques$/, status: 500 }, { path: /donnees_techniques$/, status: 503 });
    expect((await adapter.readTechnicalData(pce)).pitd?.code).toBe('GD0136');
    expect(sleeps).toEqual([100, 200]);

    peer.fail(
      { path: /donnees_techniques$/, status: 500 },
      { path: /donnees_techniques$/, status: 500 },
      { path: /donnees_techniques$/, status: 500 },
    );
    const error = await rejection(adapter.readTechnicalData(pce));
    expect(error).toMatchObject({ kind: 'unavailable', status: 500, retryable: true });
    expect(error.message).toContain('Le service de données de GRDF est indisponible (erreur 500)');
  });

  it('retries a server it cannot reach, then fails `unavailable`', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const { adapter, sleeps } = setUp({ baseUrl: `http://127.0.0.1:${port}/adict/v2`, maxAttempts: 2 });
    const error = await rejection(adapter.readTechnicalData(newPce()));
    expect(error).toMatchObject({ kind: 'unavailable', status: null, retryable: true });
    expect(error.message).toBe(
      'GRDF (ADICT) est injoignable pour les données techniques. Nouvel essai automatique plus tard.',
    );
    expect(sleeps).toEqual([100]);
  });

  it('stops when the caller aborts, with the caller’s reason', async () => {
    const { adapter } = setUp();
    const pce = newPce();
    await declaredActive(adapter, pce);
    peer.fail({ path: /donnees_contractuelles$/, stall: true });
    const controller = new AbortController();
    const stalled = peer.nextStall();
    const pending = adapter.readContractualData(pce, { signal: controller.signal });
    await stalled;
    controller.abort(new Error('job stopped'));
    await expect(pending).rejects.toThrow('job stopped');
  });

  it('spaces its calls by the minimum interval', async () => {
    const { adapter, sleeps } = setUp({ minIntervalMs: 1_000 });
    const pce = newPce();
    const right = await adapter.declareAccess(declaration(pce));
    await adapter.getAccessRight(right.id, pce);
    await adapter.getAccessRight(right.id, pce);
    expect(sleeps).toEqual([1_000, 1_000]);
  });

  it('gives up on a server that never answers, with a timeout error', async () => {
    const { adapter } = setUp({ timeoutMs: 300 });
    const pce = newPce();
    await declaredActive(adapter, pce);
    peer.fail({ path: /donnees_contractuelles$/, stall: true });
    const error = await rejection(adapter.readContractualData(pce));
    expect(error).toMatchObject({ kind: 'timeout', retryable: true });
    expect(error.message).toBe(
      'GRDF n’a pas répondu à temps (0,3 s) pour les données contractuelles. Nouvel essai automatique plus tard.',
    );
  });

  it('gives up on an answer that stops in the middle of its body, with a timeout error', async () => {
    const { adapter } = setUp({ timeoutMs: 300 });
    const pce = newPce();
    await declaredActive(adapter, pce);
    peer.fail({ path: /donnees_consos_publiees$/, stallAfterFirstLine: true });
    const error = await rejection(
      pages(adapter.readPublishedConsumption(pce, { from: '2026-01-01', to: '2026-01-02' })),
    );
    expect(error.kind).toBe('timeout');
  });
});
