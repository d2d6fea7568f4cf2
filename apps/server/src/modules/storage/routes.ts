import type { Readable } from 'node:stream';
import { storageDownloadQuerySchema, storageTokenParamsSchema, storageUploadResultSchema } from '@pilote/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { LocalObjectStorage, UploadOutcome } from '../../adapters/storage/local.ts';
import { contentDisposition } from '../../adapters/storage/s3.ts';
import type { ObjectStorage } from '../../adapters/storage/types.ts';
import { AppError } from '../../lib/app-error.ts';
import { errorResponses } from '../../lib/openapi.ts';

const tags = ['Fichiers'];

export interface StorageRoutesOptions {
  storage: ObjectStorage;
}

const formatBytes = (bytes: number) => `${new Intl.NumberFormat('fr-FR').format(bytes)} octets`;

/** The French answer of a refused upload. */
function refusal(outcome: Exclude<UploadOutcome, { ok: true }>): AppError {
  switch (outcome.reason) {
    case 'invalid':
      return new AppError('UPLOAD_LINK_INVALID');
    case 'expired':
      return new AppError('UPLOAD_LINK_EXPIRED');
    case 'used':
      return new AppError('UPLOAD_LINK_USED');
    case 'length_required':
      return new AppError('BAD_REQUEST', 'Taille du fichier manquante (en-tête Content-Length).');
    case 'wrong_size':
      return new AppError(
        'BAD_REQUEST',
        `Le fichier reçu n’a pas la taille annoncée (${formatBytes(outcome.expected)}) : recommencez l’envoi.`,
      );
    case 'too_large':
      return new AppError(
        'PAYLOAD_TOO_LARGE',
        `Le fichier dépasse la taille annoncée (${formatBytes(outcome.expected)}).`,
      );
    case 'wrong_type':
      return new AppError('UNSUPPORTED_MEDIA_TYPE', `Type de fichier inattendu : ce lien attend ${outcome.expected}.`);
  }
}

function local(storage: ObjectStorage): LocalObjectStorage {
  if (storage.kind !== 'local') {
    // With STORAGE=s3 the signed URLs point to the bucket: these routes are not in use.
    throw new AppError('NOT_FOUND');
  }
  return storage as LocalObjectStorage;
}

/**
 * The local storage adapter's URLs (ADR 0030): `PUT /api/storage/uploads/:token` (signed, expiring, single-use;
 * through the CSRF/origin check like any state-changing request) and `GET /api/storage/files/:token` (signed,
 * expiring download). No session: the signed token is the capability, handed out by a module to its user.
 */
export const storageRoutes: FastifyPluginAsyncZod<StorageRoutesOptions> = async (app, { storage }) => {
  // This scope reads request bodies as raw streams (any content type): acceptUpload checks the type and counts
  // the bytes; nothing is buffered and no JSON parser runs on a file.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, payload, done) => done(null, payload));

  app.put(
    '/api/storage/uploads/:token',
    {
      // Our own limit (the declared size) applies while streaming; Fastify's body limit does not see the stream.
      bodyLimit: Number.MAX_SAFE_INTEGER,
      schema: {
        tags,
        summary: 'Déposer un fichier (lien signé, usage unique)',
        description:
          'Le corps est le contenu brut du fichier, avec exactement le Content-Type et la taille annoncés lors de ' +
          'la demande du lien. Envoyez aussi X-CSRFToken, comme pour toute requête qui modifie des données.',
        params: storageTokenParamsSchema,
        response: {
          201: storageUploadResultSchema,
          ...errorResponses(400, 403, 404, 409, 413, 415),
        },
      },
    },
    async (request, reply) => {
      const body = request.body as Readable | undefined;
      const outcome = await local(storage).acceptUpload(
        request.params.token,
        { contentType: request.headers['content-type'], contentLength: request.headers['content-length'] },
        body ?? (request.raw as Readable),
      );
      if (!outcome.ok) {
        // The rest of the body is not read: close the connection rather than drain a refused upload.
        reply.header('Connection', 'close');
        throw refusal(outcome);
      }
      return reply.code(201).send({ uri: outcome.uri, size: outcome.size, contentType: outcome.contentType });
    },
  );

  app.get(
    '/api/storage/files/:token',
    {
      schema: {
        tags,
        summary: 'Télécharger un fichier (lien signé)',
        params: storageTokenParamsSchema,
        querystring: storageDownloadQuerySchema,
        response: {
          200: {
            description: 'Le fichier, en pièce jointe (ou affiché si le lien le prévoit), avec nosniff.',
            content: { 'application/octet-stream': { schema: z.any().meta({ type: 'string', format: 'binary' }) } },
          },
          ...errorResponses(400, 403, 404),
        },
      },
    },
    async (request, reply) => {
      const files = local(storage);
      const resolved = files.resolveDownload(request.params.token, request.query);
      if (!resolved.ok) {
        throw new AppError(resolved.reason === 'expired' ? 'DOWNLOAD_LINK_EXPIRED' : 'DOWNLOAD_LINK_INVALID');
      }
      const { uri, filename, disposition } = resolved.target;
      const found = await files.stat(uri).catch(() => undefined);
      if (!found) {
        throw new AppError('NOT_FOUND');
      }
      return reply
        .header('Content-Type', found.contentType ?? 'application/octet-stream')
        .header('Content-Length', String(found.size))
        .header('Content-Disposition', contentDisposition(disposition, filename))
        .header('X-Content-Type-Options', 'nosniff')
        .header('Cache-Control', 'private, no-store')
        .send(files.openStream(uri));
    },
  );
};
