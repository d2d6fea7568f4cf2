import { SITE_IMPORT_MAX_BYTES, type SiteImportBody, siteColumns, siteMessages } from '@pilote/contracts';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogClose, DialogContent } from '../../../components/ui/dialog.tsx';
import { FormError } from '../../../components/ui/form-error.tsx';
import { ScrollRegion } from '../../../components/ui/scroll-region.tsx';
import { formatCount, formatNumber } from '../../../lib/format.ts';
import { fileToBase64, siteExportHref, useConfirmSiteImport, usePreviewSiteImport } from '../api/sites.ts';

const columnsHint = siteColumns.map((column) => column.header).join(', ');

/**
 * « Importer des sites » (ADR 0068): a CSV or XLSX file is checked by the server (nothing saved), its errors shown row
 * by row with the first valid rows; « Importer » sends the same file again to save the valid rows.
 */
export function ImportSitesDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const [file, setFile] = useState<SiteImportBody | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const preview = usePreviewSiteImport();
  const confirm = useConfirmSiteImport();
  const inputId = useId();
  const hintId = useId();

  const reset = () => {
    setFile(null);
    setFileError(null);
    preview.reset();
    confirm.reset();
  };

  const pick = async (picked: File | undefined) => {
    reset();
    if (!picked) {
      return;
    }
    if (picked.size > SITE_IMPORT_MAX_BYTES) {
      setFileError(siteMessages.fileTooLarge);
      return;
    }
    const body = { fileName: picked.name, content: await fileToBase64(picked) };
    setFile(body);
    preview.mutate(body);
  };

  const save = () => {
    if (!file) {
      return;
    }
    confirm.mutate(file, {
      onSuccess: (result) => {
        toast.success(`${formatCount(result.created, 'site importé', 'sites importés')}.`, {
          description:
            result.skipped > 0 ? `${formatCount(result.skipped, 'ligne ignorée', 'lignes ignorées')}.` : undefined,
        });
        reset();
        onOpenChange(false);
      },
    });
  };

  const data = preview.data;
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) {
          reset();
        }
        onOpenChange(next);
      }}
    >
      <DialogContent
        title="Importer des sites"
        description="Un fichier CSV (séparateur « ; ») ou XLSX, une ligne par site. Rien n’est enregistré avant votre confirmation."
        className="max-h-[90vh] max-w-3xl overflow-y-auto"
      >
        <div className="mt-4 flex flex-col gap-4">
          <div className="flex flex-col gap-1.5">
            <label htmlFor={inputId} className="text-sm font-medium text-foreground">
              Fichier de sites
            </label>
            <input
              id={inputId}
              type="file"
              accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              aria-describedby={hintId}
              className="text-sm text-foreground file:mr-3 file:rounded-md file:border file:border-border-strong file:bg-background file:px-3 file:py-2 file:text-sm file:text-foreground"
              onChange={(event) => void pick(event.target.files?.[0])}
            />
            <p id={hintId} className="text-xs text-muted-foreground">
              Première ligne : les noms des colonnes ({columnsHint}). « Nom » et « PCE » sont obligatoires.{' '}
              <a href={siteExportHref('xlsx')} download className="underline underline-offset-4">
                Télécharger un modèle (l’export de vos sites)
              </a>
              .
            </p>
          </div>
          {fileError ? <Alert tone="error">{fileError}</Alert> : null}
          {preview.isPending ? (
            <p className="text-sm text-muted-foreground" aria-live="polite">
              Vérification du fichier…
            </p>
          ) : null}
          <FormError error={preview.error} />
          {data ? (
            <section aria-label="Aperçu de l’import" className="flex flex-col gap-3" data-testid="apercu-import">
              <p className="text-sm text-foreground" aria-live="polite">
                {formatCount(data.rowCount, 'ligne lue', 'lignes lues')} :{' '}
                <strong>{formatCount(data.validCount, 'site valide', 'sites valides')}</strong>
                {data.invalidCount > 0
                  ? `, ${formatCount(data.invalidCount, 'ligne en erreur', 'lignes en erreur')}`
                  : ''}
                .
              </p>
              {data.errors.length > 0 ? (
                <ScrollRegion aria-label="Erreurs par ligne" className="max-h-60 rounded-lg border border-border">
                  <table className="w-full text-left text-sm">
                    <caption className="px-3 py-2 text-left font-medium text-danger">
                      Lignes en erreur (non importées)
                    </caption>
                    <thead className="text-xs text-muted-foreground">
                      <tr>
                        <th scope="col" className="px-3 py-1.5">
                          Ligne
                        </th>
                        <th scope="col" className="px-3 py-1.5">
                          Colonne
                        </th>
                        <th scope="col" className="px-3 py-1.5">
                          Erreur
                        </th>
                      </tr>
                    </thead>
                    <tbody>
                      {data.errors.map((error) => (
                        <tr key={`${error.line}-${error.column}-${error.message}`} className="border-t border-border">
                          <td className="px-3 py-1.5 tabular-nums">{error.line}</td>
                          <td className="px-3 py-1.5">{error.column ?? '—'}</td>
                          <td className="px-3 py-1.5">{error.message}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </ScrollRegion>
              ) : null}
              {data.rows.length > 0 ? (
                <ScrollRegion aria-label="Sites à importer" className="max-h-72 rounded-lg border border-border">
                  <table className="w-full text-left text-sm">
                    <caption className="px-3 py-2 text-left font-medium text-foreground">
                      Sites à importer{data.validCount > data.rows.length ? ` (les ${data.rows.length} premiers)` : ''}
                    </caption>
                    <thead className="text-xs text-muted-foreground">
                      <tr>
                        <th scope="col" className="px-3 py-1.5">
                          Ligne
                        </th>
                        <th scope="col" className="px-3 py-1.5">
                          Nom
                        </th>
                        <th scope="col" className="px-3 py-1.5">
                          PCE
                        </th>
                        <th scope="col" className="px-3 py-1.5">
                          Commune
                        </th>
                        <th scope="col" className="px-3 py-1.5">
                          Option
                        </th>
                        <th scope="col" className="px-3 py-1.5 text-right">
                          CAR (MWh/an)
                        </th>
                      </tr>
                    </thead>
                    <tbody>
                      {data.rows.map(({ line, site }) => (
                        <tr key={line} className="border-t border-border">
                          <td className="px-3 py-1.5 tabular-nums">{line}</td>
                          <td className="px-3 py-1.5">{site.name}</td>
                          <td className="px-3 py-1.5 font-mono tabular-nums">{site.pce}</td>
                          <td className="px-3 py-1.5">{site.address?.city ?? '—'}</td>
                          <td className="px-3 py-1.5">{site.option ?? '—'}</td>
                          <td className="px-3 py-1.5 text-right tabular-nums">
                            {site.car === null ? '—' : formatNumber(site.car, 1)}
                          </td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </ScrollRegion>
              ) : null}
              <FormError error={confirm.error} />
            </section>
          ) : null}
          <div className="flex flex-wrap justify-end gap-2">
            <DialogClose asChild>
              <Button variant="outline">Annuler</Button>
            </DialogClose>
            {data && data.validCount > 0 ? (
              <Button onClick={save} disabled={confirm.isPending}>
                {confirm.isPending ? 'Importation…' : `Importer ${formatCount(data.validCount, 'site', 'sites')}`}
              </Button>
            ) : null}
          </div>
        </div>
      </DialogContent>
    </Dialog>
  );
}
