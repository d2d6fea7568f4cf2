import { GRID_CSV_HEADER, type GridImportBody, valueStatusLabels } from '@pilote/contracts';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { FormError } from '../../../components/ui/form-error.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { ScrollRegion } from '../../../components/ui/scroll-region.tsx';
import { formatCurrency, formatDate, formatNumber } from '../../../lib/format.ts';
import { useConfirmGridImport } from '../api/confirm-grid-import.ts';
import { usePreviewGridImport } from '../api/preview-grid-import.ts';

const kindLabels = { new: 'Nouvelle date', replace: 'Remplace', same: 'Valeur identique' } as const;

function formatValue(value: number | null): string {
  return value === null ? '—' : formatNumber(value, value !== 0 && Math.abs(value) < 1 ? 4 : 2);
}

/** Upload a grid file (CSV or JSON) → preview every changed value and three reference simulations → confirm. */
export function GridImport() {
  const [file, setFile] = useState<GridImportBody | null>(null);
  const preview = usePreviewGridImport();
  const confirm = useConfirmGridImport();
  const tableId = useId();

  async function choose(selected: File | undefined) {
    preview.reset();
    confirm.reset();
    if (!selected) {
      setFile(null);
      return;
    }
    const body: GridImportBody = {
      format: selected.name.toLowerCase().endsWith('.json') ? 'json' : 'csv',
      fileName: selected.name,
      text: await selected.text(),
    };
    setFile(body);
    preview.mutate(body);
  }

  return (
    <div className="flex flex-col gap-4">
      <FormField
        label="Fichier de grille (CSV ou JSON)"
        hint={
          <>
            CSV « ; » avec l’en-tête <code className="break-all">{GRID_CSV_HEADER.join(';')}</code>, ou JSON : un
            tableau de valeurs datées. Rien n’est enregistré avant la confirmation.
          </>
        }
      >
        {(control) => (
          <Input
            {...control}
            type="file"
            accept=".csv,.json,text/csv,application/json"
            onChange={(event) => void choose(event.target.files?.[0])}
          />
        )}
      </FormField>
      {preview.isPending ? <p role="status">Analyse du fichier…</p> : null}
      <FormError error={preview.error} />
      {preview.data && file ? (
        <div className="flex flex-col gap-4" data-testid="grid-import-preview">
          <p className="text-sm text-foreground">
            {preview.data.changes.length} valeur(s) datée(s) dans « {preview.data.fileName} ».
          </p>
          <ScrollRegion aria-labelledby={tableId}>
            <table className="w-full min-w-[40rem] text-sm">
              <caption id={tableId} className="text-left text-sm font-semibold text-foreground">
                Valeurs modifiées
              </caption>
              <thead>
                <tr className="border-b border-border text-left text-xs text-muted-foreground uppercase">
                  <th scope="col" className="py-1 pr-3">
                    Paramètre
                  </th>
                  <th scope="col" className="py-1 pr-3">
                    Date d’effet
                  </th>
                  <th scope="col" className="py-1 pr-3">
                    Avant
                  </th>
                  <th scope="col" className="py-1 pr-3">
                    Après
                  </th>
                  <th scope="col" className="py-1 pr-3">
                    Statut
                  </th>
                  <th scope="col" className="py-1 pr-3">
                    Changement
                  </th>
                </tr>
              </thead>
              <tbody>
                {preview.data.changes.map((change) => (
                  <tr key={`${change.parameterId}-${change.validFrom}`} className="border-b border-border">
                    <td className="py-1 pr-3">{change.description}</td>
                    <td className="py-1 pr-3 whitespace-nowrap">{formatDate(change.validFrom)}</td>
                    <td className="py-1 pr-3 tabular-nums">{formatValue(change.before)}</td>
                    <td className="py-1 pr-3 font-medium tabular-nums">
                      {change.after === null ? 'fin' : `${formatValue(change.after)} ${change.unit}`}
                    </td>
                    <td className="py-1 pr-3">{valueStatusLabels[change.status]}</td>
                    <td className="py-1 pr-3">{kindLabels[change.kind]}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollRegion>
          <div>
            <p className="text-sm font-semibold text-foreground">
              Effet sur trois simulations de référence (total annuel, au{' '}
              {formatDate(preview.data.simulations[0]?.dateEffet)})
            </p>
            <ul className="mt-2 space-y-1 text-sm">
              {preview.data.simulations.map((simulation) => (
                <li key={simulation.label}>
                  {simulation.label} : {formatCurrency(simulation.before)} → {formatCurrency(simulation.after)}
                  {simulation.error ? <span className="text-muted-foreground"> ({simulation.error})</span> : null}
                </li>
              ))}
            </ul>
          </div>
          <FormError error={confirm.error} />
          {confirm.isSuccess ? (
            <Alert tone="success">{confirm.data.recorded} valeur(s) enregistrée(s).</Alert>
          ) : (
            <Button
              className="self-start"
              disabled={confirm.isPending}
              onClick={() =>
                confirm.mutate(file, {
                  onSuccess: (result) => toast.success(`${result.recorded} valeur(s) enregistrée(s).`),
                })
              }
            >
              {confirm.isPending ? 'Enregistrement…' : 'Confirmer l’import'}
            </Button>
          )}
        </div>
      ) : null}
    </div>
  );
}
