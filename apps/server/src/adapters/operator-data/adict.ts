import { jsonObjects } from './json-stream.ts';
import {
  type AccessProof,
  type AccessRight,
  type AccessRightDeclaration,
  type AccessRightState,
  type ConsumptionPage,
  type ConsumptionRange,
  type ContractualData,
  type DailyConsumption,
  type DailyConsumptionQuality,
  type OperatorDataAdapter,
  OperatorDataError,
  type ProofStatus,
  type ReadOptions,
  type TechnicalData,
} from './types.ts';

/**
 * GRDF's ADICT API (v2), as its public contract reads in docs/adict-contract.md, behind `OperatorDataAdapter`
 * (ADR 0063). OAuth2 client credentials with the token kept until shortly before it expires (and renewed at once
 * when the API answers 401); calls spaced by `minIntervalMs`; 429 and 5xx retried with exponential backoff
 * (`Retry-After` honoured); every call under a timeout; consumption read window by window, each answer parsed
 * object by object as it arrives.
 */

export interface AdictOptions {
  clientId: string;
  clientSecret: string;
  /** GRDF's hosts: ADICT_HOSTS in config/env.ts (production, sandbox). */
  baseUrl: string;
  tokenUrl: string;
  /** OAuth2 scope; the path of `baseUrl` (`/adict/v2`) when unset, as GRDF's clients send it. */
  scope?: string;
  /** Every HTTP call (token included) gives up after this long, body read included. */
  timeoutMs: number;
  /** Least time between the starts of two API calls (GRDF publishes no figure; lowatt-grdf waits 1 s). */
  minIntervalMs: number;
  /** Attempts of a call answered 429 / 5xx or cut by the network (the first included). */
  maxAttempts?: number;
  /** First backoff delay; doubled at each attempt, with ±20 % jitter. */
  backoffBaseMs?: number;
  /** A `Retry-After` longer than this is not waited for: the call fails `rate_limited` (the job retries later). */
  maxRetryAfterSeconds?: number;
  /** Days per consumption request: a long range is read as consecutive windows of at most this many days. */
  windowDays?: number;
  /** Injected for tests: the clock, the wait between attempts, the jitter, the HTTP client. */
  now?: () => number;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  random?: () => number;
  fetch?: typeof fetch;
}

const STATES: Record<string, AccessRightState> = {
  active: 'active',
  'a valider': 'pending',
  'à valider': 'pending',
  révoquée: 'revoked',
  revoquee: 'revoked',
  'a revérifier': 'to_recheck',
  'à revérifier': 'to_recheck',
  obsolète: 'obsolete',
  obsolete: 'obsolete',
  refusée: 'refused',
  refusee: 'refused',
};

const PROOF_STATUSES: Record<string, ProofStatus> = {
  'preuve en attente': 'awaiting',
  'preuve en cours de vérification': 'checking',
  'preuve vérifiée ok': 'valid',
  'preuve vérifiée ko': 'invalid',
};

export function defaultSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

const grdfBool = (value: boolean) => (value ? 'Vrai' : 'Faux');
const fromGrdfBool = (value: unknown) => typeof value === 'string' && value.trim().toLowerCase() === 'vrai';
const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value : null);
const num = (value: unknown): number | null => {
  const parsed = typeof value === 'string' ? Number(value.replace(',', '.')) : value;
  return typeof parsed === 'number' && Number.isFinite(parsed) ? parsed : null;
};
const day = (value: unknown): string | null => {
  const raw = text(value);
  return raw && /^\d{4}-\d{2}-\d{2}/.test(raw) ? raw.slice(0, 10) : null;
};

export function addDays(date: string, days: number): string {
  const value = new Date(`${date}T00:00:00Z`);
  value.setUTCDate(value.getUTCDate() + days);
  return value.toISOString().slice(0, 10);
}

/** `Retry-After` in seconds (a number of seconds or an HTTP date); null when absent or unreadable. */
export function retryAfterSeconds(header: string | null, now: number): number | null {
  if (!header) {
    return null;
  }
  if (/^\d+$/.test(header.trim())) {
    return Number(header.trim());
  }
  const at = Date.parse(header);
  return Number.isNaN(at) ? null : Math.max(0, Math.ceil((at - now) / 1000));
}

/** GRDF's message and code in an error body: flat, or wrapped (`retour_409_…`), or in `statut_restitution`. */
export function operatorMessageOf(body: unknown): { code: string | null; message: string | null } {
  const seen: unknown[] = [body];
  for (let i = 0; i < seen.length && i < 20; i++) {
    const value = seen[i];
    if (!value || typeof value !== 'object') {
      continue;
    }
    const record = value as Record<string, unknown>;
    const message = text(record.message_retour_traitement) ?? text(record.message);
    if (message) {
      return { code: text(record.code_statut_traitement) ?? text(record.code), message };
    }
    seen.push(...Object.values(record));
  }
  return { code: null, message: null };
}

const withOperatorWords = (sentence: string, message: string | null) =>
  message ? `${sentence} GRDF : « ${message.trim()} »` : sentence;

/** Quality of a published day from GRDF's qualification (values not in the public contract: matched by words). */
export function qualityOf(...qualifications: (string | null)[]): DailyConsumptionQuality {
  const words = qualifications.filter(Boolean).join(' ').toLowerCase();
  if (/corrig|rectif/.test(words)) {
    return 'corrected';
  }
  if (/estim/.test(words)) {
    return 'estimated';
  }
  return 'published';
}

export function accessRightFromAdict(record: Record<string, unknown>, demo = false): AccessRight {
  const rawState = text(record.etat_droit_acces);
  const state = (rawState && STATES[rawState.trim().toLowerCase()]) || 'pending';
  const rawProof = text(record.statut_controle_preuve);
  const proofStatus = rawProof ? (PROOF_STATUSES[rawProof.trim().toLowerCase()] ?? null) : null;
  const operatorReason =
    state === 'refused'
      ? text(record.source_passage_a_refuse)
      : state === 'revoked'
        ? text(record.source_revocation)
        : state === 'obsolete'
          ? text(record.source_passage_a_obsolete)
          : null;
  let reason: string | null = null;
  if (proofStatus === 'invalid') {
    reason = withOperatorWords(
      'GRDF a jugé la preuve de consentement non valable : le droit d’accès aux données n’est pas accordé.',
      operatorReason,
    );
  } else if (state === 'refused') {
    reason = withOperatorWords('GRDF a refusé le droit d’accès aux données de ce PCE.', operatorReason);
  } else if (state === 'revoked') {
    reason = withOperatorWords('Le droit d’accès aux données de ce PCE a été révoqué.', operatorReason);
  } else if (state === 'obsolete') {
    reason = withOperatorWords(
      'GRDF a rendu ce droit d’accès obsolète (changement de titulaire ou de contrat).',
      operatorReason,
    );
  }
  return {
    id: text(record.id_droit_acces) ?? '',
    pce: text(record.id_pce) ?? '',
    state,
    proofStatus,
    reason,
    operatorReason,
    consent: { start: day(record.date_debut_droit_acces), end: day(record.date_fin_droit_acces) },
    categories: {
      publishedConsumption: fromGrdfBool(record.perim_donnees_publiees),
      informativeConsumption: fromGrdfBool(record.perim_donnees_informatives),
      contractual: fromGrdfBool(record.perim_donnees_contractuelles),
      technical: fromGrdfBool(record.perim_donnees_techniques),
    },
    readable: state === 'active' && proofStatus !== 'awaiting' && proofStatus !== 'invalid',
    demo,
  };
}

/** The ADICT body of a declaration (`DemanderAccesIn`). */
export function declarationBody(declaration: AccessRightDeclaration): Record<string, string> {
  const body: Record<string, string> = {
    role_tiers: 'AUTORISE_CONTRAT_FOURNITURE',
    code_postal: declaration.postalCode,
    courriel_titulaire: declaration.holder.email,
    date_debut_droit_acces: declaration.consent.start,
    date_fin_droit_acces: declaration.consent.end,
    perim_donnees_conso_debut: declaration.consumptionPeriod.start,
    perim_donnees_conso_fin: declaration.consumptionPeriod.end,
    perim_donnees_publiees: grdfBool(declaration.categories.publishedConsumption),
    perim_donnees_informatives: grdfBool(declaration.categories.informativeConsumption),
    perim_donnees_contractuelles: grdfBool(declaration.categories.contractual),
    perim_donnees_techniques: grdfBool(declaration.categories.technical),
  };
  // GRDF: « Seul le nom ou la raison sociale du titulaire doit être renseigné. »
  if (declaration.holder.companyName) {
    body.raison_sociale = declaration.holder.companyName;
  } else if (declaration.holder.name) {
    body.nom_titulaire = declaration.holder.name;
  }
  if (declaration.holder.mobilePhone) {
    body.numero_telephone_mobile_titulaire = declaration.holder.mobilePhone;
  }
  return body;
}

/** « Il n'y a pas de données correspondant à ce PCE sur la période demandée. » is an empty window, not an error. */
const NO_DATA = /pas de donn[ée]es/i;

interface Call {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH';
  path: string;
  query?: Record<string, string>;
  json?: unknown;
  form?: FormData;
  accept?: string;
  signal?: AbortSignal | undefined;
  /** What the call is, for the messages (« la déclaration du droit d'accès »…). */
  what: string;
}

interface OpenAnswer {
  response: Response;
  /** Stops the timeout once the body is read or dropped (the timeout covers the body's read too). */
  done: () => void;
}

export function createAdictAdapter(options: AdictOptions): OperatorDataAdapter & {
  /** For tests and diagnostics: how many tokens were fetched. */
  readonly tokenCount: () => number;
} {
  const doFetch = options.fetch ?? fetch;
  const now = options.now ?? Date.now;
  const sleep = options.sleep ?? defaultSleep;
  const random = options.random ?? Math.random;
  const maxAttempts = options.maxAttempts ?? 4;
  const backoffBaseMs = options.backoffBaseMs ?? 500;
  const maxRetryAfterSeconds = options.maxRetryAfterSeconds ?? 120;
  const windowDays = options.windowDays ?? 365;
  const baseUrl = options.baseUrl.replace(/\/$/, '');
  const scope = options.scope ?? new URL(baseUrl).pathname.replace(/\/$/, '');
  const timeoutSeconds = Math.round(options.timeoutMs / 100) / 10;

  let token: { value: string; renewAt: number } | null = null;
  let tokenInFlight: Promise<string> | null = null;
  let tokens = 0;
  let nextStart = 0;

  const backoff = (attempt: number) => {
    const base = backoffBaseMs * 2 ** (attempt - 1);
    return Math.round(base * (0.8 + 0.4 * random()));
  };

  /** Waits for this call's turn: calls start at least `minIntervalMs` apart. */
  async function spacing(signal: AbortSignal | undefined) {
    const at = Math.max(now(), nextStart);
    nextStart = at + options.minIntervalMs;
    const wait = at - now();
    if (wait > 0) {
      await sleep(wait, signal);
    }
  }

  function timeoutError(what: string, cause: unknown) {
    return new OperatorDataError(
      'timeout',
      `GRDF n’a pas répondu à temps (${String(timeoutSeconds).replace('.', ',')} s) pour ${what}. Nouvel essai automatique plus tard.`,
      { cause },
    );
  }

  /** One HTTP exchange under the timeout; a network failure comes back as `{ failed }` (the caller retries). */
  async function exchange(
    url: string,
    init: RequestInit,
    signal: AbortSignal | undefined,
    what: string,
  ): Promise<OpenAnswer | { failed: unknown }> {
    const timeout = new AbortController();
    const timer = setTimeout(() => timeout.abort(new DOMException('timeout', 'TimeoutError')), options.timeoutMs);
    const combined = signal ? AbortSignal.any([signal, timeout.signal]) : timeout.signal;
    try {
      const response = await doFetch(url, { ...init, signal: combined });
      return {
        response,
        done: () => clearTimeout(timer),
      };
    } catch (error) {
      clearTimeout(timer);
      if (timeout.signal.aborted) {
        throw timeoutError(what, error);
      }
      if (signal?.aborted) {
        throw signal.reason;
      }
      return { failed: error };
    }
  }

  async function fetchToken(signal: AbortSignal | undefined): Promise<string> {
    const form = new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: options.clientId,
      client_secret: options.clientSecret,
      scope,
    });
    for (let attempt = 1; ; attempt++) {
      const answer = await exchange(
        options.tokenUrl,
        {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
          body: form,
        },
        signal,
        'le jeton d’accès',
      );
      if ('failed' in answer || answer.response.status === 429 || answer.response.status >= 500) {
        if ('response' in answer) {
          await answer.response.body?.cancel();
          answer.done();
        }
        if (attempt < maxAttempts) {
          await sleep(backoff(attempt), signal);
          continue;
        }
        throw new OperatorDataError(
          'unavailable',
          'Le service d’authentification de GRDF (ADICT) ne répond pas. Nouvel essai automatique plus tard.',
          { status: 'response' in answer ? answer.response.status : null },
        );
      }
      const { response, done } = answer;
      try {
        const body = (await response.json().catch(() => null)) as Record<string, unknown> | null;
        if (!response.ok || !body || typeof body.access_token !== 'string') {
          throw new OperatorDataError(
            'unauthorised',
            'GRDF refuse les identifiants de l’API ADICT (ADICT_CLIENT_ID / ADICT_CLIENT_SECRET) : aucun jeton d’accès obtenu.',
            { status: response.status, operatorMessage: text(body?.error_description) ?? text(body?.error) },
          );
        }
        const lifetime = num(body.expires_in) ?? 300;
        // Renewed a minute before it expires (a tenth of its life when shorter), so no call leaves with a dying token.
        const margin = Math.min(60, lifetime / 10) * 1000;
        token = { value: body.access_token, renewAt: now() + lifetime * 1000 - margin };
        tokens++;
        return body.access_token;
      } catch (error) {
        if (error instanceof OperatorDataError) {
          throw error;
        }
        if (error instanceof DOMException && error.name === 'TimeoutError') {
          throw timeoutError('le jeton d’accès', error);
        }
        throw error;
      } finally {
        done();
      }
    }
  }

  function accessToken(signal: AbortSignal | undefined): Promise<string> {
    if (token && now() < token.renewAt) {
      return Promise.resolve(token.value);
    }
    tokenInFlight ??= fetchToken(signal).finally(() => {
      tokenInFlight = null;
    });
    return tokenInFlight;
  }

  /**
   * A call of the API: spaced, authenticated, retried on 429 / 5xx / network failures, a new token once on 401.
   * Answers the first response that is neither; the caller reads its body (under the same timeout) and calls `done`.
   */
  async function call(request: Call): Promise<OpenAnswer> {
    const url = new URL(`${baseUrl}${request.path}`);
    for (const [name, value] of Object.entries(request.query ?? {})) {
      url.searchParams.set(name, value);
    }
    let renewed = false;
    for (let attempt = 1; ; attempt++) {
      await spacing(request.signal);
      const bearer = await accessToken(request.signal);
      const headers: Record<string, string> = {
        authorization: `Bearer ${bearer}`,
        accept: request.accept ?? 'application/json',
      };
      let body: RequestInit['body'];
      if (request.json !== undefined) {
        headers['content-type'] = 'application/json';
        body = JSON.stringify(request.json);
      } else if (request.form) {
        body = request.form;
      }
      const answer = await exchange(
        url.toString(),
        { method: request.method, headers, body },
        request.signal,
        request.what,
      );
      if ('failed' in answer) {
        if (attempt < maxAttempts) {
          await sleep(backoff(attempt), request.signal);
          continue;
        }
        throw new OperatorDataError(
          'unavailable',
          `GRDF (ADICT) est injoignable pour ${request.what}. Nouvel essai automatique plus tard.`,
          { cause: answer.failed },
        );
      }
      const { response } = answer;
      if (response.status === 401 && !renewed) {
        await response.body?.cancel();
        answer.done();
        // Forget this token only: a concurrent call may already have fetched the next one.
        if (token?.value === bearer) {
          token = null;
        }
        renewed = true;
        attempt--;
        continue;
      }
      if (response.status === 429) {
        const retryAfter = retryAfterSeconds(response.headers.get('retry-after'), now());
        await response.body?.cancel();
        answer.done();
        if (attempt < maxAttempts && (retryAfter === null || retryAfter <= maxRetryAfterSeconds)) {
          const wait = retryAfter === null ? backoff(attempt) : retryAfter * 1000;
          // The next call of this adapter waits too: GRDF asked us to hold back, not just this request.
          nextStart = Math.max(nextStart, now() + wait);
          await sleep(wait, request.signal);
          continue;
        }
        throw new OperatorDataError(
          'rate_limited',
          'GRDF limite le nombre de requêtes de l’API ADICT : nouvel essai automatique plus tard.',
          { status: 429, retryAfterSeconds: retryAfter },
        );
      }
      if (response.status >= 500) {
        const operator = await errorBody(answer);
        if (attempt < maxAttempts) {
          await sleep(backoff(attempt), request.signal);
          continue;
        }
        throw new OperatorDataError(
          'unavailable',
          withOperatorWords(
            `Le service de données de GRDF est indisponible (erreur ${response.status}) pour ${request.what}. Nouvel essai automatique plus tard.`,
            operator.message,
          ),
          { status: response.status, operatorCode: operator.code, operatorMessage: operator.message },
        );
      }
      return answer;
    }
  }

  /** Reads an error answer's body (small) and GRDF's words in it. */
  async function errorBody(answer: OpenAnswer): Promise<{ code: string | null; message: string | null }> {
    try {
      const raw = await answer.response.text();
      const objects: Record<string, unknown>[] = [];
      for await (const object of jsonObjects(
        (async function* () {
          yield new TextEncoder().encode(raw);
        })(),
      )) {
        objects.push(object);
      }
      return operatorMessageOf(objects);
    } catch {
      return { code: null, message: null };
    } finally {
      answer.done();
    }
  }

  /** The OperatorDataError of a 4xx answer. */
  async function clientError(answer: OpenAnswer, what: string): Promise<OperatorDataError> {
    const { status } = answer.response;
    const operator = await errorBody(answer);
    const details = { status, operatorCode: operator.code, operatorMessage: operator.message };
    if (status === 401 || status === 403) {
      return new OperatorDataError(
        'unauthorised',
        withOperatorWords(
          `GRDF refuse l’accès à l’API ADICT pour ${what} (identifiants ou habilitation).`,
          operator.message,
        ),
        details,
      );
    }
    if (status === 404) {
      return new OperatorDataError(
        'not_found',
        withOperatorWords(`GRDF ne connaît pas ce PCE ou ce droit d’accès (${what}).`, operator.message),
        details,
      );
    }
    if (status === 409) {
      return new OperatorDataError('conflict', withOperatorWords(`GRDF refuse ${what}.`, operator.message), details);
    }
    return new OperatorDataError(
      'invalid',
      withOperatorWords(`GRDF a rejeté la demande (${what}, erreur ${status}).`, operator.message),
      details,
    );
  }

  /** The objects of a successful answer, one by one as they arrive. */
  async function* objectsOf(answer: OpenAnswer, what: string): AsyncGenerator<Record<string, unknown>> {
    const body = answer.response.body;
    if (!body) {
      answer.done();
      return;
    }
    try {
      yield* jsonObjects(body);
    } catch (error) {
      if (error instanceof DOMException && error.name === 'TimeoutError') {
        throw timeoutError(what, error);
      }
      if (error instanceof SyntaxError || (error instanceof Error && /JSON/.test(error.message))) {
        throw new OperatorDataError('protocol', `Réponse illisible de GRDF pour ${what}.`, { cause: error });
      }
      throw error;
    } finally {
      answer.done();
      if (!body.locked) {
        await body.cancel().catch(() => undefined);
      }
    }
  }

  async function firstObject(answer: OpenAnswer, what: string): Promise<Record<string, unknown>> {
    for await (const object of objectsOf(answer, what)) {
      return object;
    }
    throw new OperatorDataError('protocol', `Réponse vide de GRDF pour ${what}.`);
  }

  /** Throws the `access` error of a data answer's `statut_restitution` (unless it only says « no data »). */
  function checkRestitution(record: Record<string, unknown>, what: string): 'ok' | 'empty' {
    const status = record.statut_restitution;
    if (!status || typeof status !== 'object') {
      return 'ok';
    }
    const { code, message } = operatorMessageOf(status);
    if (!message || NO_DATA.test(message)) {
      return message ? 'empty' : 'ok';
    }
    throw new OperatorDataError(
      'access',
      withOperatorWords(`GRDF ne nous donne pas accès à ${what} de ce PCE.`, message),
      { status: 200, operatorCode: code, operatorMessage: message },
    );
  }

  async function listRights(pce: string, signal: AbortSignal | undefined): Promise<AccessRight[]> {
    const what = 'la consultation des droits d’accès';
    const answer = await call({ method: 'POST', path: '/droits_acces', json: { id_pce: [pce] }, signal, what });
    if (!answer.response.ok) {
      throw await clientError(answer, what);
    }
    const rights: AccessRight[] = [];
    for await (const object of objectsOf(answer, what)) {
      // The last line is the treatment's status (`code_statut_traitement`), not a right.
      if (typeof object.id_droit_acces === 'string') {
        rights.push(accessRightFromAdict(object));
      }
    }
    return rights;
  }

  async function sendProof(id: string, proof: AccessProof, signal: AbortSignal | undefined) {
    const what = 'l’envoi de la preuve de consentement';
    const form = new FormData();
    form.append('preuves', new Blob([proof.content], { type: proof.contentType }), proof.filename);
    const answer = await call({
      method: 'PUT',
      path: `/droit_acces/${encodeURIComponent(id)}/preuves`,
      form,
      signal,
      what,
    });
    if (answer.response.ok) {
      await answer.response.body?.cancel();
      answer.done();
      return;
    }
    const error = await clientError(answer, what);
    // « GRDF ne demande pas de preuve sur ce droit d'accès. »: nothing to send.
    if (error.kind === 'conflict' && /ne demande pas de preuve/i.test(error.operatorMessage ?? '')) {
      return;
    }
    throw error;
  }

  async function* readConsumption(
    kind: 'published' | 'informative',
    pce: string,
    range: ConsumptionRange,
  ): AsyncGenerator<ConsumptionPage> {
    const endpoint = kind === 'published' ? 'donnees_consos_publiees' : 'donnees_consos_informatives';
    const what = kind === 'published' ? 'la consommation publiée' : 'la consommation informative';
    const today = new Date(now()).toISOString().slice(0, 10);
    // GRDF publishes up to yesterday at best (`date_fin` ≤ today, and after `date_debut`).
    const yesterday = addDays(today, -1);
    const end = range.to < yesterday ? range.to : yesterday;
    for (let from = range.from; from <= end; from = addDays(from, windowDays)) {
      const last = addDays(from, windowDays - 1);
      const to = last < end ? last : end;
      // Whether GRDF's `date_fin` is inclusive is not in the public contract: ask one day more (at most today, since
      // `to` is at most yesterday), keep only the days of this window.
      const askedEnd = addDays(to, 1);
      const answer = await call({
        method: 'GET',
        path: `/pce/${encodeURIComponent(pce)}/${endpoint}`,
        query: { date_debut: from, date_fin: askedEnd },
        accept: 'application/x-ndjson',
        signal: range.signal,
        what,
      });
      if (!answer.response.ok) {
        throw await clientError(answer, what);
      }
      const days: DailyConsumption[] = [];
      for await (const record of objectsOf(answer, what)) {
        if (checkRestitution(record, what) === 'empty') {
          continue;
        }
        const conso = record.consommation as Record<string, unknown> | undefined;
        if (!conso || typeof conso !== 'object') {
          continue;
        }
        const date = day(conso.journee_gaziere) ?? day(conso.date_debut_consommation);
        const kwh = num(conso.energie);
        if (!date || kwh === null || date < from || date > to) {
          continue;
        }
        const operatorQuality =
          [text(conso.statut_conso), text(conso.type_qualif_conso)].filter(Boolean).join(' / ') || null;
        days.push({
          date,
          endDate: day(conso.date_fin_consommation) ?? date,
          kwh,
          volumeM3: num(conso.volume_converti),
          quality: qualityOf(text(conso.statut_conso), text(conso.type_qualif_conso)),
          operatorQuality,
        });
      }
      days.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
      yield { pce, kind, from, to, days, demo: false };
    }
  }

  /** One PCE record (contractual or technical data): GET /pce/{pce}/{kind}, its restitution checked, the data
   * object inside the `retour_200_…` envelope (or the bare body, as the sandbox answers). */
  async function readPceRecord(
    pce: string,
    kind: 'donnees_contractuelles' | 'donnees_techniques',
    what: string,
    readOptions: ReadOptions,
  ): Promise<Record<string, unknown>> {
    const answer = await call({
      method: 'GET',
      path: `/pce/${encodeURIComponent(pce)}/${kind}`,
      signal: readOptions.signal,
      what,
    });
    if (!answer.response.ok) {
      throw await clientError(answer, what);
    }
    const body = await firstObject(answer, what);
    const record = (body[`retour_200_${kind}`] as Record<string, unknown> | undefined) ?? body;
    checkRestitution(record, what);
    return (record[kind] ?? {}) as Record<string, unknown>;
  }
  return {
    kind: 'adict',
    tokenCount: () => tokens,

    async declareAccess(declaration, readOptions: ReadOptions = {}) {
      const what = 'la déclaration du droit d’accès';
      const answer = await call({
        method: 'PUT',
        path: `/pce/${encodeURIComponent(declaration.pce)}/droit_acces`,
        json: declarationBody(declaration),
        signal: readOptions.signal,
        what,
      });
      let right: AccessRight;
      if (answer.response.ok) {
        const body = await firstObject(answer, what);
        const out = (body.demander_acces_out as Record<string, unknown> | undefined) ?? body;
        right = accessRightFromAdict({ id_pce: declaration.pce, ...out });
      } else {
        const error = await clientError(answer, what);
        // « Un droit d'accès existe déjà »: a retry after an answer that was lost, or a second send. The right
        // already declared for this PCE is the one we follow.
        if (error.kind !== 'conflict' || !/existe d[ée]j[àa]/i.test(error.operatorMessage ?? '')) {
          throw error;
        }
        const existing = (await listRights(declaration.pce, readOptions.signal)).find(
          (candidate) =>
            candidate.state === 'pending' || candidate.state === 'active' || candidate.state === 'to_recheck',
        );
        if (!existing) {
          throw error;
        }
        right = existing;
      }
      if (!right.id) {
        throw new OperatorDataError('protocol', 'GRDF n’a pas renvoyé l’identifiant du droit d’accès déclaré.');
      }
      if (declaration.proof) {
        await sendProof(right.id, declaration.proof, readOptions.signal);
      }
      return right;
    },

    async getAccessRight(id, pce, readOptions: ReadOptions = {}) {
      const right = (await listRights(pce, readOptions.signal)).find((candidate) => candidate.id === id);
      if (!right) {
        throw new OperatorDataError('not_found', 'GRDF ne connaît pas (ou plus) ce droit d’accès.');
      }
      return right;
    },

    async endAccess(id, readOptions: ReadOptions = {}) {
      const what = 'la fin du droit d’accès';
      const answer = await call({
        method: 'PATCH',
        path: `/droit_acces/${encodeURIComponent(id)}`,
        signal: readOptions.signal,
        what,
      });
      if (answer.response.ok) {
        await answer.response.body?.cancel();
        answer.done();
        return;
      }
      const error = await clientError(answer, what);
      // Already ended or unknown at GRDF: what we wanted is true.
      if (
        error.kind === 'not_found' ||
        (error.kind === 'conflict' && /n.existe pas|r[ée]voqu/i.test(error.operatorMessage ?? ''))
      ) {
        return;
      }
      throw error;
    },

    readPublishedConsumption: (pce, range) => readConsumption('published', pce, range),
    readInformativeConsumption: (pce, range) => readConsumption('informative', pce, range),

    async readContractualData(pce, readOptions: ReadOptions = {}): Promise<ContractualData> {
      const data = await readPceRecord(pce, 'donnees_contractuelles', 'les données contractuelles', readOptions);
      const profil = (data.profil ?? {}) as Record<string, unknown>;
      return {
        pce,
        carKwh: num(data.car),
        cjaKwhPerDay: num(data.cja),
        option: text(data.tarif_acheminement),
        profil: text(profil.profil_type_actuel),
        commissioningDate: day(data.date_mes),
        demo: false,
      };
    },

    async readTechnicalData(pce, readOptions: ReadOptions = {}): Promise<TechnicalData> {
      const data = await readPceRecord(pce, 'donnees_techniques', 'les données techniques', readOptions);
      const situation = (data.situation_compteur ?? {}) as Record<string, unknown>;
      const meter = (data.caracteristiques_compteur ?? {}) as Record<string, unknown>;
      const pitd = (data.pitd ?? {}) as Record<string, unknown>;
      const street = [text(situation.numero_rue), text(situation.nom_rue)].filter(Boolean).join(' ');
      return {
        pce,
        pitd: text(pitd.identifiant_pitd)
          ? { code: text(pitd.identifiant_pitd) as string, label: text(pitd.libelle_pitd) }
          : null,
        readingFrequency: text(meter.frequence),
        address: {
          street: street || null,
          complement: text(situation.complement_adresse),
          postalCode: text(situation.code_postal),
          city: text(situation.commune),
        },
        demo: false,
      };
    },
  };
}
