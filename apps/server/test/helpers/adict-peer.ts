import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local HTTP peer speaking the part of GRDF's ADICT API (v2) that the `adict` adapter uses, as its public contract
 * reads in docs/adict-contract.md: the OAuth2 token, the declaration of a right, its proofs, the rights' list, the
 * end of a right, the published and informative consumption (NDJSON, written a line at a time, a window at most
 * `maxWindowDays` long), the contractual and technical data. Tests script it: outcomes of a right after so many
 * status reads, failures of the next matching calls (400/401/404/409/429/500, a stall), tokens revoked.
 */

export interface PeerRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  authorization: string | undefined;
  contentType: string | undefined;
  body: Buffer;
}

export interface ScriptedFailure {
  /** Which calls it applies to (the path after the base, e.g. `/droits_acces`, or a RegExp). */
  path: string | RegExp;
  status?: number;
  retryAfter?: string;
  body?: unknown;
  /** Accept the request and never answer. */
  stall?: boolean;
  /** Answer the headers and the first line, then never finish. */
  stallAfterFirstLine?: boolean;
}

export interface PeerRight {
  id_droit_acces: string;
  id_pce: string;
  etat_droit_acces: string;
  statut_controle_preuve: string | null;
  source_passage_a_refuse: string | null;
  source_revocation: string | null;
  date_revocation: string | null;
  [field: string]: unknown;
}

export interface RightOutcome {
  /** Status reads (POST /droits_acces naming the PCE) before the outcome applies. */
  afterReads: number;
  etat: 'Active' | 'Refusée' | 'Obsolète';
  statutControlePreuve: string;
  source?: string;
}

const CLIENT_ID = 'peer-client';
const CLIENT_SECRET = 'peer-secret';
const BASE_PATH = '/adict/v2';
const DAY = /^\d{4}-\d{2}-\d{2}$/;

const status = (code: string, message: string) => ({
  code_statut_traitement: code,
  message_retour_traitement: message,
});

function addDays(date: string, days: number): string {
  const value = new Date(`${date}T00:00:00Z`);
  value.setUTCDate(value.getUTCDate() + days);
  return value.toISOString().slice(0, 10);
}

/** The kWh the peer publishes for a day of a PCE (a simple function tests can recompute). */
export function peerKwh(pce: string, date: string): number {
  return 1000 + Number(pce.slice(-2)) + Number(date.slice(8, 10));
}

export async function startAdictPeer(
  options: { tokenLifetimeSeconds?: number; maxWindowDays?: number; today?: string } = {},
) {
  /** GRDF refuses a `date_fin` after today. */
  const today = options.today ?? new Date().toISOString().slice(0, 10);
  const requests: PeerRequest[] = [];
  const rights = new Map<string, PeerRight>();
  const outcomes = new Map<string, RightOutcome>();
  const reads = new Map<string, number>();
  const proofs: { id: string; filename: string; size: number; type: string }[] = [];
  const failures: ScriptedFailure[] = [];
  const validTokens = new Set<string>();
  const unknownPces = new Set<string>();
  /** PCEs whose data answer « not authorised » (a `statut_restitution`) whatever their rights. */
  const forbiddenPces = new Set<string>();
  const stalled: ServerResponse[] = [];
  let stallWaiters: (() => void)[] = [];
  const stall = (response: ServerResponse) => {
    stalled.push(response);
    for (const waiter of stallWaiters) {
      waiter();
    }
    stallWaiters = [];
  };
  let tokenLifetime = options.tokenLifetimeSeconds ?? 3600;
  let tokensIssued = 0;
  const maxWindowDays = options.maxWindowDays ?? 366;
  /** Published days stop at this day (later days are informative only, as before GRDF publishes them); null: none. */
  let publishedUntil: string | null = null;
  /** The PCEs' history starts at this day (null: as far back as asked). */
  let historyFrom: string | null = null;

  const read = (request: IncomingMessage) =>
    new Promise<Buffer>((resolve, reject) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => resolve(Buffer.concat(chunks)));
      request.on('error', reject);
    });

  const sendJson = (response: ServerResponse, code: number, json: unknown, headers: Record<string, string> = {}) => {
    response.writeHead(code, { 'content-type': 'application/json', ...headers });
    response.end(JSON.stringify(json));
  };

  /** NDJSON written a line at a time, each line in two writes (so objects cross chunk boundaries). */
  const sendLines = async (response: ServerResponse, lines: unknown[]) => {
    response.writeHead(200, { 'content-type': 'application/x-ndjson' });
    for (const line of lines) {
      const text = `${JSON.stringify(line)}\n`;
      const middle = Math.floor(text.length / 2);
      response.write(text.slice(0, middle));
      await new Promise((resolve) => setImmediate(resolve));
      response.write(text.slice(middle));
    }
    response.end();
  };

  function takeFailure(path: string): ScriptedFailure | undefined {
    const index = failures.findIndex((failure) =>
      typeof failure.path === 'string' ? failure.path === path : failure.path.test(path),
    );
    return index < 0 ? undefined : failures.splice(index, 1)[0];
  }

  function consumptionLines(pce: string, query: URLSearchParams, informative: boolean): unknown[] | [number, unknown] {
    const from = query.get('date_debut') ?? '';
    const to = query.get('date_fin') ?? '';
    if (!DAY.test(from) || !DAY.test(to)) {
      return [
        400,
        status('400', "Le format du paramètre 'date_debut' et / ou 'date_fin' n’est pas au format YYYY-MM-DD."),
      ];
    }
    if (to > today) {
      return [400, status('400', "Le paramètre 'date_fin' doit être inférieur ou égal à la date du jour.")];
    }
    if (from >= to) {
      return [400, status('400', 'La date de début renseignée doit être antérieure à la date de fin.')];
    }
    if (addDays(from, maxWindowDays) < to) {
      return [400, status('400', 'Période demandée trop longue.')];
    }
    const active = [...rights.values()].some((right) => right.id_pce === pce && right.etat_droit_acces === 'Active');
    if (!active || forbiddenPces.has(pce)) {
      return [
        {
          pce: { id_pce: pce },
          consommation: null,
          statut_restitution: { code: '1000', message: 'Vous n’êtes pas autorisé à consulter les données de ce PCE.' },
        },
      ];
    }
    const lines: unknown[] = [];
    // The peer treats `date_fin` as inclusive: the adapter must keep only the days it asked for.
    const first = historyFrom !== null && historyFrom > from ? historyFrom : from;
    for (let date = first; date <= to; date = addDays(date, 1)) {
      if (!informative && publishedUntil !== null && date > publishedUntil) {
        break;
      }
      // An informative value differs from the published one by a tenth (the published one corrects it).
      const kwh = informative ? peerKwh(pce, date) + 0.1 : peerKwh(pce, date);
      lines.push({
        pce: { id_pce: pce },
        periode: { date_debut: date, date_fin: addDays(date, 1) },
        consommation: {
          date_debut_consommation: date,
          date_fin_consommation: addDays(date, 1),
          journee_gaziere: date,
          energie: kwh,
          volume_converti: Math.round((kwh / 11.2) * 100) / 100,
          statut_conso: informative ? 'Informative' : date.endsWith('-05') ? 'Estimée' : 'Définitive',
          type_qualif_conso: date.endsWith('-07') ? 'Corrigée' : 'Mesurée',
          flag_retour_zero: false,
        },
        statut_restitution: null,
      });
    }
    return lines;
  }

  const server: Server = createServer(async (request, response) => {
    const body = await read(request);
    const url = new URL(request.url ?? '/', 'http://peer');
    requests.push({
      method: request.method ?? '',
      path: url.pathname,
      query: url.searchParams,
      authorization: request.headers.authorization,
      contentType: request.headers['content-type'],
      body,
    });

    if (url.pathname === '/oauth2/v1/token' && request.method === 'POST') {
      const form = new URLSearchParams(body.toString('utf8'));
      const failure = takeFailure('/token');
      if (failure?.status) {
        sendJson(response, failure.status, failure.body ?? { error: 'server_error' });
        return;
      }
      if (
        form.get('grant_type') !== 'client_credentials' ||
        form.get('client_id') !== CLIENT_ID ||
        form.get('client_secret') !== CLIENT_SECRET
      ) {
        sendJson(response, 401, { error: 'invalid_client', error_description: 'Client authentication failed' });
        return;
      }
      const token = `tok-${++tokensIssued}-${randomUUID()}`;
      validTokens.add(token);
      sendJson(response, 200, {
        access_token: token,
        token_type: 'Bearer',
        expires_in: tokenLifetime,
        scope: form.get('scope'),
      });
      return;
    }

    if (!url.pathname.startsWith(BASE_PATH)) {
      sendJson(response, 404, status('404', 'Ressource inconnue.'));
      return;
    }
    const path = url.pathname.slice(BASE_PATH.length);
    const failure = takeFailure(path);
    if (failure?.stall) {
      stall(response);
      return;
    }
    if (failure?.stallAfterFirstLine) {
      response.writeHead(200, { 'content-type': 'application/x-ndjson' });
      response.write(`${JSON.stringify({ pce: { id_pce: 'x' }, consommation: null, statut_restitution: null })}\n`);
      stall(response);
      return;
    }
    if (failure?.status) {
      sendJson(
        response,
        failure.status,
        failure.body ?? status(String(failure.status), 'Une erreur technique est survenue.'),
        failure.retryAfter ? { 'retry-after': failure.retryAfter } : {},
      );
      return;
    }
    const bearer = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
    if (!bearer || !validTokens.has(bearer)) {
      sendJson(response, 401, status('401', 'Une erreur technique est survenue.'));
      return;
    }

    const on = (pattern: RegExp, method: string) => (request.method === method ? pattern.exec(path) : null);
    let match: RegExpExecArray | null = null;
    match = on(/^\/pce\/([^/]+)\/droit_acces$/, 'PUT');
    if (match) {
      const pce = decodeURIComponent(match[1] as string);
      const input = JSON.parse(body.toString('utf8') || '{}') as Record<string, unknown>;
      if (!/^(\d{14}|GI\d{6})$/.test(pce)) {
        sendJson(response, 400, status('400', 'Le format du PCE est incorrect.'));
        return;
      }
      if (unknownPces.has(pce)) {
        sendJson(response, 404, status('404', 'Le PCE est inconnu.'));
        return;
      }
      if (!input.role_tiers) {
        sendJson(response, 400, status('400', "Votre rôle dans la demande d'accès n'est pas renseigné."));
        return;
      }
      if (Boolean(input.raison_sociale) === Boolean(input.nom_titulaire)) {
        sendJson(response, 400, status('400', 'Seul le nom ou la raison sociale du titulaire doit être renseigné.'));
        return;
      }
      for (const field of ['date_debut_droit_acces', 'date_fin_droit_acces']) {
        if (typeof input[field] !== 'string' || !DAY.test(input[field] as string)) {
          sendJson(
            response,
            400,
            status(
              '400',
              'La date de début du droit d’accès est obligatoire et doit être renseignée au format YYYY-MM-DD.',
            ),
          );
          return;
        }
      }
      for (const field of [
        'perim_donnees_publiees',
        'perim_donnees_informatives',
        'perim_donnees_contractuelles',
        'perim_donnees_techniques',
      ]) {
        if (input[field] !== 'Vrai' && input[field] !== 'Faux') {
          sendJson(
            response,
            400,
            status('400', "Le périmètre d'accès aux données publiées doit être renseigné à Vrai ou Faux."),
          );
          return;
        }
      }
      const existing = [...rights.values()].find(
        (right) =>
          right.id_pce === pce && (right.etat_droit_acces === 'A valider' || right.etat_droit_acces === 'Active'),
      );
      if (existing) {
        sendJson(response, 409, status('409', "Un droit d'accès existe déjà."));
        return;
      }
      const right: PeerRight = {
        id_droit_acces: randomUUID(),
        id_pce: pce,
        role_tiers: input.role_tiers,
        raison_sociale_du_titulaire: input.raison_sociale ?? null,
        nom_titulaire: input.nom_titulaire ?? null,
        courriel_titulaire: input.courriel_titulaire,
        code_postal: input.code_postal,
        date_debut_droit_acces: input.date_debut_droit_acces,
        date_fin_droit_acces: input.date_fin_droit_acces,
        perim_donnees_conso_debut: input.perim_donnees_conso_debut ?? null,
        perim_donnees_conso_fin: input.perim_donnees_conso_fin ?? null,
        perim_donnees_publiees: input.perim_donnees_publiees,
        perim_donnees_informatives: input.perim_donnees_informatives,
        perim_donnees_contractuelles: input.perim_donnees_contractuelles,
        perim_donnees_techniques: input.perim_donnees_techniques,
        date_creation: new Date().toISOString(),
        etat_droit_acces: 'A valider',
        statut_controle_preuve: 'Preuve en attente',
        source_passage_a_refuse: null,
        source_revocation: null,
        date_revocation: null,
        parcours: 'API',
      };
      rights.set(right.id_droit_acces, right);
      const { source_passage_a_refuse: _r, source_revocation: _s, date_revocation: _d, ...out } = right;
      sendJson(response, 201, {
        ...out,
        ...status('0000000000', "La demande d'accès est en attente de la validation du titulaire du PCE."),
      });
      return;
    }

    match = on(/^\/droit_acces\/([^/]+)\/preuves$/, 'PUT');
    if (match) {
      const right = rights.get(decodeURIComponent(match[1] as string));
      if (!right) {
        sendJson(response, 404, status('404', 'Aucun droit d’accès trouvé.'));
        return;
      }
      const form = await new Response(new Uint8Array(body), {
        headers: { 'content-type': request.headers['content-type'] ?? '' },
      })
        .formData()
        .catch(() => null);
      // The parts that are files (undici's File: name, size, type).
      const files = (form?.getAll('preuves') ?? []).filter(
        (entry): entry is Exclude<typeof entry, string> => typeof entry !== 'string',
      );
      if (files.length === 0) {
        sendJson(response, 400, status('400', 'La forme de la requête est incorrecte.'));
        return;
      }
      if (files.length > 3) {
        sendJson(response, 409, status('409', 'Le nombre maximal autorisé de 3 preuves est dépassé.'));
        return;
      }
      for (const file of files) {
        proofs.push({ id: right.id_droit_acces, filename: file.name, size: file.size, type: file.type });
      }
      right.statut_controle_preuve = 'Preuve en cours de vérification';
      sendJson(response, 200, status('0000000000', "L'opération s'est déroulée avec succès."));
      return;
    }

    if (path === '/droits_acces' && (request.method === 'POST' || request.method === 'GET')) {
      const filter =
        request.method === 'POST' ? (JSON.parse(body.toString('utf8') || '{}') as { id_pce?: string[] }) : {};
      const pces = filter.id_pce ?? null;
      const listed = [...rights.values()].filter((right) => !pces || pces.includes(right.id_pce));
      for (const right of listed) {
        const count = (reads.get(right.id_droit_acces) ?? 0) + 1;
        reads.set(right.id_droit_acces, count);
        const outcome = outcomes.get(right.id_pce);
        if (outcome && right.etat_droit_acces === 'A valider' && count >= outcome.afterReads) {
          right.etat_droit_acces = outcome.etat;
          right.statut_controle_preuve = outcome.statutControlePreuve;
          if (outcome.etat === 'Refusée') {
            right.source_passage_a_refuse = outcome.source ?? null;
          }
        }
      }
      await sendLines(response, [
        ...listed,
        listed.length > 0
          ? status('0000000000', "L'opération s'est déroulée avec succès.")
          : status('0000000001', 'Aucun droit d’accès trouvé.'),
      ]);
      return;
    }

    match = on(/^\/droit_acces\/([^/]+)$/, 'PATCH');
    if (match) {
      const right = rights.get(decodeURIComponent(match[1] as string));
      if (!right) {
        sendJson(response, 404, status('404', 'Aucun droit d’accès trouvé.'));
        return;
      }
      if (right.etat_droit_acces === 'Révoquée') {
        sendJson(response, 409, status('409', "Le droit d'accès à révoquer n'existe pas."));
        return;
      }
      right.etat_droit_acces = 'Révoquée';
      right.source_revocation = 'Tiers';
      right.date_revocation = new Date().toISOString();
      sendJson(response, 200, status('0000000000', "L'opération s'est déroulée avec succès."));
      return;
    }

    match = on(/^\/pce\/([^/]+)\/donnees_consos_(publiees|informatives)$/, 'GET');
    if (match) {
      const answer = consumptionLines(
        decodeURIComponent(match[1] as string),
        url.searchParams,
        match[2] === 'informatives',
      );
      if (typeof answer[0] === 'number') {
        sendJson(response, answer[0], answer[1]);
        return;
      }
      await sendLines(response, answer);
      return;
    }

    match = on(/^\/pce\/([^/]+)\/donnees_(contractuelles|techniques)$/, 'GET');
    if (match) {
      const pce = decodeURIComponent(match[1] as string);
      const active = [...rights.values()].some((right) => right.id_pce === pce && right.etat_droit_acces === 'Active');
      if (!active) {
        sendJson(response, 200, {
          pce: { id_pce: pce },
          statut_restitution: { code: '1000', message: 'Vous n’êtes pas autorisé à consulter les données de ce PCE.' },
        });
        return;
      }
      sendJson(
        response,
        200,
        match[2] === 'contractuelles'
          ? {
              pce: { id_pce: pce },
              donnees_contractuelles: {
                car: 1_254_000,
                cja: 0,
                profil: { profil_type_actuel: 'P014' },
                tarif_acheminement: 'T3',
                date_mes: '2009-03-02T00:00:00',
              },
              statut_restitution: null,
            }
          : {
              pce: { id_pce: pce },
              donnees_techniques: {
                situation_compteur: {
                  numero_rue: '4',
                  nom_rue: 'RUE DES ÉCLUSES',
                  complement_adresse: null,
                  code_postal: '69003',
                  commune: 'LYON',
                },
                caracteristiques_compteur: { frequence: 'JJ', client_sensible_mig: 'Non' },
                pitd: { identifiant_pitd: 'GD0136', libelle_pitd: 'LYON' },
              },
              statut_restitution: null,
            },
      );
      return;
    }

    sendJson(response, 404, status('404', 'Ressource inconnue.'));
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    clientId: CLIENT_ID,
    clientSecret: CLIENT_SECRET,
    baseUrl: `${origin}${BASE_PATH}`,
    tokenUrl: `${origin}/oauth2/v1/token`,
    requests,
    rights,
    proofs,
    unknownPces,
    forbiddenPces,
    /** Published days stop at `day` (null: up to the request's end); informative days always go on. */
    publishUntil(day: string | null) {
      publishedUntil = day;
    },
    /** No day before `day` (a short history: a PCE put in service lately); null: as far back as asked. */
    historyFrom(day: string | null) {
      historyFrom = day;
    },
    /** The next call(s) matching `path` fail as scripted, in order. */
    fail(...scripted: ScriptedFailure[]) {
      failures.push(...scripted);
    },
    /** What a right of `pce` becomes after so many status reads. */
    outcome(pce: string, outcome: RightOutcome) {
      outcomes.set(pce, outcome);
    },
    /** Makes a right active at once (for the data reads). */
    activate(pce: string) {
      for (const right of rights.values()) {
        if (right.id_pce === pce) {
          right.etat_droit_acces = 'Active';
          right.statut_controle_preuve = 'Preuve Vérifiée OK';
        }
      }
    },
    /** Resolves when the next request is held by a scripted stall. */
    nextStall() {
      return new Promise<void>((resolve) => {
        stallWaiters.push(resolve);
      });
    },
    /** Every token issued so far stops being accepted (the API answers 401). */
    revokeTokens() {
      validTokens.clear();
    },
    setTokenLifetime(seconds: number) {
      tokenLifetime = seconds;
    },
    tokensIssued: () => tokensIssued,
    apiRequests: (pathPattern: RegExp) =>
      requests.filter(
        (entry) => entry.path.startsWith(BASE_PATH) && pathPattern.test(entry.path.slice(BASE_PATH.length)),
      ),
    async close() {
      for (const response of stalled) {
        response.destroy();
      }
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type AdictPeer = Awaited<ReturnType<typeof startAdictPeer>>;
