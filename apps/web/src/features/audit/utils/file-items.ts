import { AUDIT_MAX_BYTES, AUDIT_MESSAGES, auditExtensionOf } from '@pilote/contracts';

/** Spec §4: the states of a file item of the audit screen. */
export type FileItemStatus = 'idle' | 'uploading' | 'uploaded' | 'starting' | 'done' | 'error';

export interface FileItem {
  key: string;
  file: File;
  status: FileItemStatus;
  /** Set once the audit is created (kept for a retry of the start). */
  auditId: string | null;
  error: string | null;
}

/** Spec §4 labels. */
export const fileItemStatusLabels: Record<FileItemStatus, string> = {
  idle: 'En attente',
  uploading: 'Upload en cours…',
  uploaded: 'Upload OK',
  starting: 'Démarrage audit…',
  done: 'Terminé',
  error: 'Erreur',
};

/** Spec §4: only idle or error items can be launched or retried. */
export function canLaunch(item: FileItem): boolean {
  return item.status === 'idle' || item.status === 'error';
}

/** Size in Mo, French format (spec §2.5: the table shows the size in Mo). */
export function sizeInMo(bytes: number): string {
  return `${(bytes / (1024 * 1024)).toLocaleString('fr-FR', { minimumFractionDigits: 2, maximumFractionDigits: 2 })} Mo`;
}

/** What the browser can tell before sending (the server decides on the bytes). */
export function precheck(file: File): string | null {
  if (!auditExtensionOf(file.name)) {
    return AUDIT_MESSAGES.extension;
  }
  if (file.size === 0) {
    return AUDIT_MESSAGES.empty;
  }
  if (file.size > AUDIT_MAX_BYTES) {
    return AUDIT_MESSAGES.tooLarge;
  }
  return null;
}
