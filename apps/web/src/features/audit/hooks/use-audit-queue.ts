import { AUDIT_MESSAGES } from '@pilote/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { ApiClientError } from '../../../lib/api-error.ts';
import { createAudit } from '../api/create-audit.ts';
import { auditsQueryKey } from '../api/get-audits.ts';
import { putUpload, UploadFailedError } from '../api/put-upload.ts';
import { signUpload } from '../api/sign-upload.ts';
import { startAudit } from '../api/start-audit.ts';
import { canLaunch, type FileItem, precheck } from '../utils/file-items.ts';

/** The French message of a failed step: the storage's status, the server's message, or spec §8's default. */
export function stepErrorMessage(error: unknown): string {
  if (error instanceof UploadFailedError) {
    return error.message;
  }
  if (error instanceof ApiClientError) {
    const body = error.body as { error?: unknown } | undefined;
    if (typeof body?.error === 'string' && body.error) {
      return body.error;
    }
  }
  return AUDIT_MESSAGES.uploadOrStartFailed;
}

let nextKey = 1;

/**
 * The file table of the audit screen (spec §2.5, §4): idle → uploading → uploaded → starting → done | error. Each
 * launch signs an upload, PUTs the bytes to storage, creates the audit and starts it; a retry of an item whose
 * audit exists only starts it again.
 */
export function useAuditQueue() {
  const queryClient = useQueryClient();
  const [items, setItems] = useState<FileItem[]>([]);
  const itemsRef = useRef(items);
  itemsRef.current = items;

  const update = useCallback((key: string, patch: Partial<FileItem>) => {
    setItems((current) => current.map((item) => (item.key === key ? { ...item, ...patch } : item)));
  }, []);

  const add = useCallback((files: Iterable<File>) => {
    const added: FileItem[] = [];
    for (const file of files) {
      const error = precheck(file);
      added.push({ key: `f${nextKey++}`, file, status: error ? 'error' : 'idle', auditId: null, error });
    }
    setItems((current) => [...current, ...added]);
  }, []);

  const remove = useCallback((key: string) => {
    setItems((current) => current.filter((item) => item.key !== key));
  }, []);

  const launch = useCallback(
    async (key: string) => {
      const item = itemsRef.current.find((candidate) => candidate.key === key);
      if (!item || !canLaunch(item)) {
        return;
      }
      const invalid = precheck(item.file);
      if (invalid) {
        update(key, { status: 'error', error: invalid });
        return;
      }
      try {
        let auditId = item.auditId;
        if (!auditId) {
          update(key, { status: 'uploading', error: null });
          const mime = item.file.type || 'application/octet-stream';
          const signed = await signUpload({ filename: item.file.name, mime, size: item.file.size });
          await putUpload(signed.url, item.file, signed.headers);
          update(key, { status: 'uploaded' });
          auditId = (await createAudit({ gcs_uri: signed.gcs_uri, filename: item.file.name, mime })).id;
          update(key, { auditId });
        }
        update(key, { status: 'starting', error: null });
        await startAudit(auditId);
        update(key, { status: 'done' });
      } catch (error) {
        update(key, { status: 'error', error: stepErrorMessage(error) });
      } finally {
        void queryClient.invalidateQueries({ queryKey: auditsQueryKey });
      }
    },
    [queryClient, update],
  );

  const launchAll = useCallback(async () => {
    for (const item of itemsRef.current.filter(canLaunch)) {
      await launch(item.key);
    }
  }, [launch]);

  return { items, add, remove, launch, launchAll, launchable: items.filter(canLaunch).length };
}
