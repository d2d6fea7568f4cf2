// The control channel (ADR 0017): how an operator command reaches the database while the server holds the
// PGlite folder. The server listens on 127.0.0.1 only, on a port chosen by the system, and writes the port and a
// random token to DATA_DIR/control.json (mode 0600: readable by the account that runs the server, and root).
// A command reads that file and POSTs its input to /commands/<name> with `Authorization: Bearer <token>`;
// the server parses the input with the command's zod schema and executes the command on its own database.
// Refused: a missing or wrong token (401), a caller that is not on the loopback interface or a Host header
// that is not the channel's own address (403: DNS rebinding from a browser), anything but POST /commands/<name>.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { readFile, rename, unlink, writeFile } from 'node:fs/promises';
import {
  createServer,
  request as httpRequest,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { type LockOwner, readLockOwner } from '../db/data-dir-lock.ts';
import { CliError } from './cli-error.ts';
import type { CommandContext, OperatorCommand } from './operator-command.ts';

export const CONTROL_FILE_NAME = 'control.json';
/** Reference CSV files are a few megabytes; anything much larger is a mistake. */
const MAX_BODY_BYTES = 32 * 1024 * 1024;

const controlFileSchema = z.object({ pid: z.number().int(), port: z.number().int(), token: z.string().min(32) });
type ControlFile = z.infer<typeof controlFileSchema>;

/** The channel could not be used or answered with an error that is not the command's own refusal. */
export class ControlChannelError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ControlChannelError';
  }
}

export function controlFilePath(dataDir: string): string {
  return path.join(dataDir, CONTROL_FILE_NAME);
}

/** 127.0.0.0/8 and ::1, also in their IPv4-mapped IPv6 spelling. */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) {
    return false;
  }
  const v4 = address.startsWith('::ffff:') ? address.slice(7) : address;
  return v4 === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(v4);
}

const digest = (value: string) => createHash('sha256').update(value).digest();

export interface ControlChannel {
  port: number;
  close(): Promise<void>;
}

export interface ControlChannelOptions {
  dataDir: string;
  // biome-ignore lint/suspicious/noExplicitAny: a registry of commands with different inputs
  commands: readonly OperatorCommand<any>[];
  context: CommandContext;
  logger: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
}

/** Starts the channel and publishes DATA_DIR/control.json; close() stops it and removes the file. */
export async function startControlChannel(options: ControlChannelOptions): Promise<ControlChannel> {
  const token = randomBytes(32).toString('base64url');
  const expected = digest(`Bearer ${token}`);
  const byName = new Map(options.commands.map((command) => [command.name, command]));
  let port = 0;

  const send = (response: ServerResponse, status: number, body: Record<string, unknown>) => {
    response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
    response.end(JSON.stringify(body));
  };

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    if (!isLoopbackAddress(request.socket.remoteAddress) || request.headers.host !== `127.0.0.1:${port}`) {
      options.logger.warn({ remote: request.socket.remoteAddress }, 'control channel: non-local caller refused');
      return send(response, 403, { error: 'Canal de commande réservé à cette machine.', code: 'FORBIDDEN' });
    }
    const authorization = request.headers.authorization ?? '';
    if (!timingSafeEqual(digest(authorization), expected)) {
      options.logger.warn('control channel: missing or wrong token');
      return send(response, 401, {
        error: 'Jeton du canal de commande absent ou invalide.',
        code: 'UNAUTHENTICATED',
      });
    }
    const name = request.method === 'POST' ? /^\/commands\/([a-z:-]+)$/.exec(request.url ?? '')?.[1] : undefined;
    const command = name ? byName.get(name) : undefined;
    if (!command) {
      return send(response, 404, { error: 'Commande inconnue.', code: 'NOT_FOUND' });
    }
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of request) {
      size += (chunk as Buffer).length;
      if (size > MAX_BODY_BYTES) {
        return send(response, 413, { error: 'Données trop volumineuses.', code: 'PAYLOAD_TOO_LARGE' });
      }
      chunks.push(chunk as Buffer);
    }
    let body: unknown;
    try {
      body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    } catch {
      return send(response, 400, { error: 'Corps JSON invalide.', code: 'VALIDATION_FAILED' });
    }
    const parsed = command.inputSchema.safeParse(body);
    if (!parsed.success) {
      return send(response, 400, {
        error: `Données invalides pour ${command.name} : ${parsed.error.issues.map((issue) => issue.message).join(' ; ')}`,
        code: 'VALIDATION_FAILED',
      });
    }
    try {
      command.check?.(parsed.data);
      const message = await command.execute(parsed.data, options.context);
      options.logger.info({ command: command.name }, 'control channel: command executed');
      return send(response, 200, { message });
    } catch (error) {
      if (error instanceof CliError) {
        return send(response, 422, { error: error.message, code: 'REFUSED', showUsage: error.showUsage });
      }
      options.logger.error({ err: error, command: command.name }, 'control channel: command failed');
      return send(response, 500, { error: `Échec de ${command.name} dans le serveur.`, code: 'INTERNAL' });
    }
  };

  const server: Server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      options.logger.error({ err: error }, 'control channel: request failed');
      if (!response.headersSent) {
        send(response, 500, { error: 'Erreur interne du canal de commande.', code: 'INTERNAL' });
      }
    });
  });
  server.requestTimeout = 120_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen({ host: '127.0.0.1', port: 0 }, () => resolve());
  });
  port = (server.address() as AddressInfo).port;

  const file = controlFilePath(options.dataDir);
  const content = JSON.stringify({ pid: process.pid, port, token } satisfies ControlFile);
  const temporary = `${file}.${process.pid}.tmp`;
  await writeFile(temporary, content, { mode: 0o600 });
  await rename(temporary, file);

  return {
    port,
    close: async () => {
      const current = await readFile(file, 'utf8').catch(() => undefined);
      if (current === content) {
        await unlink(file).catch(() => {});
      }
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function post(port: number, token: string, name: string, input: unknown): Promise<{ status: number; body: unknown }> {
  const payload = JSON.stringify(input);
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: `/commands/${name}`,
        // One request, then the command exits: no keep-alive socket holding the process open.
        agent: false,
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
        },
        timeout: 120_000,
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          try {
            resolve({ status: response.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) });
          } catch (error) {
            reject(error);
          }
        });
      },
    );
    request.on('timeout', () => request.destroy(new Error('pas de réponse en 120 s')));
    request.on('error', reject);
    request.end(payload);
  });
}

/**
 * Sends `input` to the running server's channel when the lock holder `owner` published one; returns the
 * server's message, throws CliError for the command's own refusal, and returns undefined when there is no
 * channel to use (the caller then reports the lock).
 */
export async function sendToControlChannel(
  dataDir: string,
  owner: LockOwner | undefined,
  name: string,
  input: unknown,
): Promise<string | undefined> {
  let control: ControlFile;
  try {
    control = controlFileSchema.parse(JSON.parse(await readFile(controlFilePath(dataDir), 'utf8')));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EACCES') {
      throw new ControlChannelError(
        `Le serveur en cours d'exécution tient la base de données, mais ${controlFilePath(dataDir)} n'est pas lisible par ce compte : lancez la commande avec le compte qui fait tourner le serveur, ou arrêtez le serveur d'abord.`,
      );
    }
    return undefined;
  }
  // Only the process that holds the lock has the database: a file left by another process is ignored.
  const holder = owner ?? (await readLockOwner(path.join(dataDir, 'pglite')));
  if (!holder || holder.pid !== control.pid) {
    return undefined;
  }
  let answer: { status: number; body: unknown };
  try {
    answer = await post(control.port, control.token, name, input);
  } catch (error) {
    throw new ControlChannelError(
      `Le serveur en cours d'exécution (pid ${control.pid}) tient la base de données mais son canal de commande ne répond pas (${(error as Error).message}). Arrêtez le serveur, puis relancez cette commande.`,
    );
  }
  const body = answer.body as { message?: string; error?: string; showUsage?: boolean };
  if (answer.status === 200 && typeof body.message === 'string') {
    return body.message;
  }
  if (answer.status === 422 && typeof body.error === 'string') {
    throw new CliError(body.error, { showUsage: body.showUsage ?? false });
  }
  throw new ControlChannelError(
    `Le serveur en cours d'exécution (pid ${control.pid}) a refusé la commande : ${body.error ?? `statut ${answer.status}`}`,
  );
}
