/** SHA-256 of a file, lowercase hex (Web Crypto; the page is served over HTTPS or from 127.0.0.1). */
export async function sha256HexOf(file: Blob): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', await file.arrayBuffer());
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

export type FileComparison = 'identical' | 'altered' | 'unknown';

/** The file against the fingerprint recorded at signing (`recorded_sha256` of the verify answer). */
export function compareFingerprint(fileSha256: string, recordedSha256: string | null): FileComparison {
  if (!recordedSha256) {
    return 'unknown';
  }
  return fileSha256.toLowerCase() === recordedSha256.toLowerCase() ? 'identical' : 'altered';
}

export const FILE_CHECK_MESSAGES: Record<FileComparison, string> = {
  identical: 'Ce fichier est identique au document scellé lors de la signature.',
  altered: 'Ce fichier ne correspond pas au document scellé : il a été modifié après la signature.',
  unknown: "L'empreinte du document scellé n'est pas disponible : ce fichier ne peut pas être comparé.",
};
