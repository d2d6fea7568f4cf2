import { z } from 'zod';

/**
 * Storage routes (ADR 0030): the local storage adapter's upload and download URLs. Modules hand out these URLs
 * (signUpload / signDownload of the server's ObjectStorage); with STORAGE=s3 the same fields point to the bucket.
 */

/** What a module answers when it asks the browser to upload a file: PUT the file's bytes to `url`. */
export const signedUploadSchema = z.object({
  url: z.string().describe('Adresse du PUT (notre serveur, ou l’URL présignée S3).'),
  uri: z.string().describe('Emplacement de l’objet une fois déposé (local:… ou s3://…).'),
  headers: z
    .record(z.string(), z.string())
    .describe('En-têtes à envoyer avec le PUT (Content-Type…).')
    .meta({ examples: [{ 'Content-Type': 'application/pdf' }] }),
  expiresAt: z.iso.datetime().describe('Après cet instant le lien est refusé.'),
});
export type SignedUploadAnswer = z.infer<typeof signedUploadSchema>;

/** The token of `PUT /api/storage/uploads/:token` and `GET /api/storage/files/:token`. */
export const storageTokenParamsSchema = z.object({
  token: z
    .string()
    .min(10)
    .max(4096)
    .regex(/^[A-Za-z0-9_.-]+$/, { error: 'Lien invalide.' })
    .meta({ examples: ['kZ3uQ1t0x8r2bY5nF7vW9cA4eH6jL0mP2sD4gK8oQ1w'] }),
});

/** The signed fields of `GET /api/storage/files/:token` (the token is their HMAC). */
export const storageDownloadQuerySchema = z.object({
  key: z.string().min(1).max(512),
  /** Expiry, in seconds since 1970 (UTC). */
  exp: z
    .string()
    .regex(/^\d{1,12}$/, { error: 'Lien invalide.' })
    .meta({ examples: ['1795647000'] }),
  disposition: z.enum(['attachment', 'inline']),
  filename: z.string().min(1).max(255),
});

export const storageUploadResultSchema = z.object({
  uri: z.string(),
  size: z.number().int().nonnegative(),
  contentType: z.string(),
});
export type StorageUploadResult = z.infer<typeof storageUploadResultSchema>;

export const storageErrorCodes = [
  'UPLOAD_LINK_INVALID',
  'UPLOAD_LINK_EXPIRED',
  'UPLOAD_LINK_USED',
  'DOWNLOAD_LINK_INVALID',
  'DOWNLOAD_LINK_EXPIRED',
] as const;
export type StorageErrorCode = (typeof storageErrorCodes)[number];

export const storageErrorMessages: Record<StorageErrorCode, string> = {
  UPLOAD_LINK_INVALID: 'Lien de dépôt de fichier invalide.',
  UPLOAD_LINK_EXPIRED: 'Ce lien de dépôt a expiré : recommencez l’envoi du fichier.',
  UPLOAD_LINK_USED: 'Ce lien de dépôt a déjà servi : recommencez l’envoi du fichier.',
  DOWNLOAD_LINK_INVALID: 'Lien de téléchargement invalide.',
  DOWNLOAD_LINK_EXPIRED: 'Ce lien de téléchargement a expiré.',
};
