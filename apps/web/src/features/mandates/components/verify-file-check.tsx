import { useId, useState } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { compareFingerprint, FILE_CHECK_MESSAGES, type FileComparison, sha256HexOf } from '../utils/file-digest.ts';

/**
 * « Comparer un fichier » (ADR 0032): the user picks a copy of the mandate's PDF (one downloaded earlier, or received
 * by mail); its SHA-256, computed in the browser, is compared with the fingerprint recorded when the document was
 * sealed. One changed byte makes it differ. The file never leaves the browser.
 */
export function VerifyFileCheck({ recordedSha256 }: { recordedSha256: string | null }) {
  const inputId = useId();
  const [result, setResult] = useState<{ comparison: FileComparison; name: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function onFile(file: File | undefined) {
    setResult(null);
    setError(null);
    if (!file) {
      return;
    }
    setBusy(true);
    try {
      const fileSha256 = await sha256HexOf(file);
      setResult({ comparison: compareFingerprint(fileSha256, recordedSha256), name: file.name });
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="flex flex-col gap-2">
      <label htmlFor={inputId} className="text-sm font-medium text-foreground">
        Comparer un fichier PDF avec le document scellé
      </label>
      <input
        id={inputId}
        type="file"
        accept="application/pdf,.pdf"
        disabled={busy}
        className="text-sm text-muted-foreground file:mr-3 file:rounded-md file:border file:border-border-strong file:bg-background file:px-3 file:py-1.5 file:text-sm file:text-foreground"
        onChange={(event) => {
          void onFile(event.target.files?.[0]);
        }}
      />
      {result ? (
        <Alert
          tone={result.comparison === 'identical' ? 'success' : result.comparison === 'altered' ? 'error' : 'info'}
        >
          <span className="font-medium">{result.name}</span> : {FILE_CHECK_MESSAGES[result.comparison]}
        </Alert>
      ) : null}
      {error ? <Alert tone="error">{error}</Alert> : null}
    </div>
  );
}
