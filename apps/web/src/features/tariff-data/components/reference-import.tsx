import type { ReferenceImportBody, ReferenceImportChanges } from '@pilote/contracts';
import { useState } from 'react';
import { toast } from 'sonner';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { FormError } from '../../../components/ui/form-error.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input, Select } from '../../../components/ui/input.tsx';
import { LoadingState } from '../../../components/ui/spinner.tsx';
import { formatCount } from '../../../lib/format.ts';
import { useConfirmReferenceImport } from '../api/confirm-reference-import.ts';
import { useReferenceImports } from '../api/get-reference-imports.ts';
import { usePreviewReferenceImport } from '../api/preview-reference-import.ts';

type ChangedPoint = ReferenceImportChanges['samples']['added'][number];

function ChangedList({
  title,
  points,
  total,
  ntr,
}: {
  title: string;
  points: readonly (ChangedPoint & { ntrBefore?: string })[];
  total: number;
  ntr: boolean;
}) {
  if (total === 0) {
    return null;
  }
  return (
    <details className="text-sm text-foreground">
      <summary className="cursor-pointer">
        {title}
        {total > points.length ? ` (les ${points.length} premières sur ${total})` : ''}
      </summary>
      <ul className="mt-1 list-disc pl-5">
        {points.map((point) => (
          <li key={`${point.code}-${point.communeInsee}`}>
            {point.code} — {point.libelle}, {point.commune} ({point.communeInsee}) :{' '}
            {ntr && point.ntrBefore !== undefined ? `NTR ${point.ntrBefore} → ${point.ntr}` : `NTR ${point.ntr}`}
          </li>
        ))}
      </ul>
    </details>
  );
}

/** What a new PITD version changes against the table in service, shown before the import is confirmed (ADR 0051). */
function ReferenceChanges({ changes }: { changes: ReferenceImportChanges }) {
  const against =
    changes.against === 'package' ? 'la table officielle livrée avec l’application' : 'la version importée en service';
  return (
    <div className="flex flex-col gap-2" data-testid="reference-import-changes">
      <p className="text-sm font-medium text-foreground">
        Par rapport à {against} : {formatCount(changes.added, 'ligne ajoutée', 'lignes ajoutées')},{' '}
        {formatCount(changes.removed, 'ligne retirée', 'lignes retirées')},{' '}
        {formatCount(changes.ntrChanged, 'NTR modifié', 'NTR modifiés')}.
      </p>
      <ChangedList title="Lignes ajoutées" points={changes.samples.added} total={changes.added} ntr={false} />
      <ChangedList title="Lignes retirées" points={changes.samples.removed} total={changes.removed} ntr={false} />
      <ChangedList title="NTR modifiés" points={changes.samples.ntrChanged} total={changes.ntrChanged} ntr />
    </div>
  );
}

/**
 * Reference tables (PITD, Zi, and whatever the server registers): upload → preview (the importer's full checks,
 * nothing written) → confirm (a new active version; the previous one is kept).
 */
export function ReferenceImport() {
  const kinds = useReferenceImports();
  const [kind, setKind] = useState('');
  const [file, setFile] = useState<(ReferenceImportBody & { kind: string }) | null>(null);
  const preview = usePreviewReferenceImport();
  const confirm = useConfirmReferenceImport();
  const chosen = kinds.data?.items.find((k) => k.kind === (kind || kinds.data?.items[0]?.kind));

  async function choose(selected: File | undefined) {
    preview.reset();
    confirm.reset();
    if (!selected || !chosen) {
      setFile(null);
      return;
    }
    const body = { kind: chosen.kind, fileName: selected.name, text: await selected.text() };
    setFile(body);
    preview.mutate(body);
  }

  if (kinds.isPending) {
    return <LoadingState />;
  }
  if (kinds.error) {
    return <Alert tone="error">Impossible de charger les tables : {kinds.error.message}</Alert>;
  }
  return (
    <div className="flex flex-col gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField
          label="Table"
          hint={
            chosen
              ? `Version active : ${chosen.activeVersion ?? (chosen.kind === 'pitd' || chosen.kind === 'zi' ? 'aucune (table officielle livrée)' : 'aucune (échantillon livré)')}`
              : undefined
          }
        >
          {(control) => (
            <Select
              {...control}
              value={chosen?.kind ?? ''}
              onChange={(event) => {
                setKind(event.target.value);
                setFile(null);
                preview.reset();
                confirm.reset();
              }}
            >
              {kinds.data.items.map((k) => (
                <option key={k.kind} value={k.kind}>
                  {k.label}
                </option>
              ))}
            </Select>
          )}
        </FormField>
        <FormField
          label="Fichier CSV"
          hint={chosen ? <code className="break-all">{chosen.header.join(';')}</code> : undefined}
        >
          {(control) => (
            <Input
              {...control}
              type="file"
              accept=".csv,text/csv"
              onChange={(event) => void choose(event.target.files?.[0])}
            />
          )}
        </FormField>
      </div>
      {preview.isPending ? <p role="status">Vérification du fichier…</p> : null}
      <FormError error={preview.error} />
      {preview.data && file ? (
        <div className="flex flex-col gap-3" data-testid="reference-import-preview">
          {preview.data.errors.length > 0 ? (
            <Alert tone="error">
              Fichier refusé, rien ne sera importé :
              <ul className="mt-1 list-disc pl-5">
                {preview.data.errors.slice(0, 10).map((error) => (
                  <li key={`${error.line}-${error.message}`}>
                    Ligne {error.line} : {error.message}
                  </li>
                ))}
              </ul>
            </Alert>
          ) : (
            <>
              <p className="text-sm text-foreground">
                {preview.data.rowCount} ligne(s), {preview.data.distinctKeys} clé(s) distincte(s)
                {preview.data.activeRowCount === null
                  ? ' ; aucune version importée jusqu’ici.'
                  : ` ; la version active ${preview.data.activeVersion} compte ${preview.data.activeRowCount} ligne(s).`}
              </p>
              {preview.data.changes ? <ReferenceChanges changes={preview.data.changes} /> : null}
              {preview.data.warnings.map((warning) => (
                <Alert key={warning} tone="info">
                  {warning}
                </Alert>
              ))}
              <FormError error={confirm.error} />
              {confirm.isSuccess ? (
                <Alert tone="success">{confirm.data.message}</Alert>
              ) : (
                <Button
                  className="self-start"
                  disabled={confirm.isPending}
                  onClick={() =>
                    confirm.mutate(file, {
                      onSuccess: (result) => toast.success(`Version ${result.version} importée.`),
                    })
                  }
                >
                  {confirm.isPending ? 'Import…' : 'Confirmer l’import'}
                </Button>
              )}
            </>
          )}
        </div>
      ) : null}
    </div>
  );
}
