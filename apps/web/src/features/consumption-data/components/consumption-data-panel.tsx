import type { ConsumptionDatasetSummary } from '@pilote/contracts';
import * as Collapsible from '@radix-ui/react-collapsible';
import { ChevronDown, Database, Trash2, Upload } from 'lucide-react';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { toast } from 'sonner';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogClose, DialogContent } from '../../../components/ui/dialog.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input, Select } from '../../../components/ui/input.tsx';
import { Pager } from '../../../components/ui/pager.tsx';
import { LoadingState } from '../../../components/ui/spinner.tsx';
import { formatCount, formatDate, formatNumber } from '../../../lib/format.ts';
import { CreateGuard, useObjectPermissions } from '../../organisations/index.ts';
import { useCreateConsumptionDataset } from '../api/create-consumption-dataset.ts';
import { useDeleteConsumptionDataset } from '../api/delete-consumption-dataset.ts';
import { CONSUMPTION_DATASETS_PAGE_SIZE, useConsumptionDatasets } from '../api/get-consumption-datasets.ts';
import { checkImportInput, importErrorMessages } from '../utils/import-form.ts';

export const CONSUMPTION_PANEL_TITLE = 'Mes données de consommation';

/**
 * Import, list and delete the user's daily readings (issue 5 item 1), reachable from the optimisation page. The
 * server parses the file (GRDF daily export or `date;kWh`): a bad row is refused with its line number and nothing
 * is stored, and that message is shown as it is.
 */
export function ConsumptionDataPanel({ onImported }: { onImported?: (dataset: ConsumptionDatasetSummary) => void }) {
  const [open, setOpen] = useState(false);
  const [page, setPage] = useState(1);
  const datasets = useConsumptionDatasets({ page, pageSize: CONSUMPTION_DATASETS_PAGE_SIZE });
  const count = datasets.data?.total;
  // The last row of the last page was deleted: show the page before.
  const emptyPage = datasets.data !== undefined && datasets.data.items.length === 0 && page > 1;
  useEffect(() => {
    if (emptyPage) {
      setPage((current) => Math.max(1, current - 1));
    }
  }, [emptyPage]);
  return (
    <Collapsible.Root open={open} onOpenChange={setOpen} asChild>
      <section
        aria-labelledby="consumption-data-title"
        className="rounded-xl border border-border bg-surface shadow-sm"
      >
        <h2 id="consumption-data-title" className="text-lg font-semibold text-foreground">
          <Collapsible.Trigger className="flex w-full items-center gap-3 rounded-xl px-4 py-4 text-left hover:bg-muted sm:px-6">
            <Database aria-hidden="true" className="size-5 shrink-0 text-muted-foreground" />
            <span className="flex-1">
              {CONSUMPTION_PANEL_TITLE}
              {count === undefined ? null : (
                <span className="ml-2 text-sm font-normal text-muted-foreground">
                  ({count} {count > 1 ? 'jeux' : 'jeu'})
                </span>
              )}
            </span>
            <ChevronDown
              aria-hidden="true"
              className={`size-5 shrink-0 transition-transform motion-reduce:transition-none ${open ? 'rotate-180' : ''}`}
            />
          </Collapsible.Trigger>
        </h2>
        <Collapsible.Content className="flex flex-col gap-6 border-t border-border px-4 py-5 sm:px-6">
          <p className="text-sm leading-6 text-muted-foreground">
            Importez les relevés journaliers d’un point de livraison (PCE, 14 chiffres) : l’export journalier GRDF
            (énergie en kWh, ou volume avec son coefficient de conversion) ou un CSV simple <code>date;kWh</code>.
            L’optimisation utilise une année de relevés du PCE choisi ; sans relevés, elle estime une année type.
          </p>
          <ImportForm onImported={onImported} />
          <DatasetList
            items={datasets.data?.items}
            loading={datasets.isPending}
            failed={datasets.isError}
            onRetry={() => void datasets.refetch()}
          />
          {datasets.data && datasets.data.total > datasets.data.pageSize ? (
            <Pager label="Pages des jeux de données" of={datasets.data} onChange={setPage} />
          ) : null}
        </Collapsible.Content>
      </section>
    </Collapsible.Root>
  );
}

function ImportForm({ onImported }: { onImported?: ((dataset: ConsumptionDatasetSummary) => void) | undefined }) {
  const create = useCreateConsumptionDataset();
  const [pce, setPce] = useState('');
  const [label, setLabel] = useState('');
  const [format, setFormat] = useState<'auto' | 'simple' | 'grdf'>('auto');
  const [coefficient, setCoefficient] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<string[]>([]);
  const [warnings, setWarnings] = useState<string[]>([]);
  const fileInput = useRef<HTMLInputElement>(null);
  const errorsId = useId();

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setErrors([]);
    setWarnings([]);
    const csv = file ? await file.text() : null;
    const problem = checkImportInput({ pce, csv });
    if (problem !== null || csv === null) {
      setErrors([problem ?? '']);
      return;
    }
    create.mutate(
      {
        pce: pce.trim() || null,
        label: label.trim() || null,
        format,
        fileName: file?.name ?? null,
        coefficientConversion: coefficient.trim() || null,
        csv,
      },
      {
        onSuccess: ({ dataset, warnings: remarks }) => {
          toast.success(
            `Relevés importés : ${dataset.jours} jours du ${formatDate(dataset.debut)} au ${formatDate(dataset.fin)} (PCE ${dataset.pce}).`,
          );
          setWarnings(remarks);
          setFile(null);
          setLabel('');
          if (fileInput.current) {
            fileInput.current.value = '';
          }
          onImported?.(dataset);
        },
        onError: (error) => setErrors(importErrorMessages(error)),
      },
    );
  }

  // A viewer of the active organisation sees the form disabled, with why (ADR 0066).
  return (
    <CreateGuard>
      <form
        aria-label="Importer des relevés"
        aria-describedby={errors.length > 0 ? errorsId : undefined}
        onSubmit={(event) => void onSubmit(event)}
        className="flex flex-col gap-4"
        noValidate
      >
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          <FormField label="PCE (14 chiffres)" hint="Facultatif si le fichier contient une colonne PCE.">
            {(control) => (
              <Input
                {...control}
                value={pce}
                onChange={(event) => setPce(event.target.value)}
                inputMode="numeric"
                autoComplete="off"
                maxLength={20}
                placeholder="12345678901234"
              />
            )}
          </FormField>
          <FormField label="Libellé (facultatif)">
            {(control) => (
              <Input {...control} value={label} onChange={(event) => setLabel(event.target.value)} maxLength={100} />
            )}
          </FormField>
          <FormField label="Format du fichier">
            {(control) => (
              <Select
                {...control}
                value={format}
                onChange={(event) => setFormat(event.target.value as 'auto' | 'simple' | 'grdf')}
              >
                <option value="auto">Détection automatique</option>
                <option value="simple">CSV simple date;kWh</option>
                <option value="grdf">Export journalier GRDF</option>
              </Select>
            )}
          </FormField>
          <FormField label="Fichier de relevés (CSV)">
            {(control) => (
              <Input
                {...control}
                ref={fileInput}
                type="file"
                accept=".csv,.txt,text/csv,text/plain"
                className="h-auto py-1.5 file:mr-3 file:rounded file:border-0 file:bg-muted file:px-2 file:py-1 file:text-sm file:text-foreground"
                onChange={(event) => setFile(event.target.files?.[0] ?? null)}
              />
            )}
          </FormField>
          <FormField
            label="Coefficient de conversion (kWh/m³, facultatif)"
            hint="Pour un export en volumes sans coefficient par jour."
          >
            {(control) => (
              <Input
                {...control}
                value={coefficient}
                onChange={(event) => setCoefficient(event.target.value)}
                inputMode="decimal"
                placeholder="11,2"
              />
            )}
          </FormField>
        </div>
        <div aria-live="polite" id={errorsId}>
          {errors.length > 0 ? (
            <Alert tone="error" data-testid="import-error">
              <p className="font-medium">{errors[0]}</p>
              {errors.length > 1 ? (
                <ul className="mt-2 list-disc pl-5">
                  {errors.slice(1).map((message) => (
                    <li key={message}>{message}</li>
                  ))}
                </ul>
              ) : null}
            </Alert>
          ) : null}
          {warnings.length > 0 ? (
            <Alert tone="info">
              <ul className="list-disc pl-5">
                {warnings.map((message) => (
                  <li key={message}>{message}</li>
                ))}
              </ul>
            </Alert>
          ) : null}
        </div>
        <div>
          <Button type="submit" disabled={create.isPending} aria-busy={create.isPending || undefined}>
            <Upload aria-hidden="true" className="size-4" />
            {create.isPending ? 'Import en cours…' : 'Importer'}
          </Button>
        </div>
      </form>
    </CreateGuard>
  );
}

function qualityText(dataset: ConsumptionDatasetSummary): string {
  const { mesure, estime, manquant } = dataset.qualite;
  return `${formatCount(mesure, 'mesuré')} · ${formatCount(estime, 'estimé')} · ${formatCount(manquant, 'manquant')}`;
}

function DatasetList({
  items,
  loading,
  failed,
  onRetry,
}: {
  items: ConsumptionDatasetSummary[] | undefined;
  loading: boolean;
  failed: boolean;
  onRetry: () => void;
}) {
  const [toDelete, setToDelete] = useState<ConsumptionDatasetSummary | null>(null);
  const remove = useDeleteConsumptionDataset();
  const { canDelete } = useObjectPermissions();

  if (loading) {
    return <LoadingState label="Chargement des jeux de données…" />;
  }
  if (failed || !items) {
    return (
      <Alert tone="error">
        Impossible de charger vos données de consommation.{' '}
        <Button variant="outline" size="sm" className="ml-2" onClick={onRetry}>
          Réessayer
        </Button>
      </Alert>
    );
  }
  if (items.length === 0) {
    return <p className="text-sm text-muted-foreground">Aucun jeu de données importé pour l’instant.</p>;
  }
  return (
    <>
      <div className="relative overflow-x-auto">
        <table className="w-full min-w-[40rem] text-left text-sm" data-testid="consumption-datasets">
          <caption className="sr-only">Vos jeux de relevés journaliers</caption>
          <thead className="border-b border-border text-muted-foreground">
            <tr>
              <th scope="col" className="py-2 pr-4 font-medium">
                PCE
              </th>
              <th scope="col" className="py-2 pr-4 font-medium">
                Période
              </th>
              <th scope="col" className="py-2 pr-4 text-right font-medium">
                Jours
              </th>
              <th scope="col" className="py-2 pr-4 text-right font-medium">
                Total (MWh)
              </th>
              <th scope="col" className="py-2 pr-4 font-medium">
                Qualité
              </th>
              <th scope="col" className="py-2 font-medium">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {items.map((dataset) => (
              <tr key={dataset.id} className="border-b border-border last:border-0">
                <th scope="row" className="py-2 pr-4 font-medium text-foreground">
                  <span className="font-mono">{dataset.pce}</span>
                  {dataset.label ? (
                    <span className="block text-xs font-normal text-muted-foreground">{dataset.label}</span>
                  ) : null}
                </th>
                <td className="py-2 pr-4">
                  {formatDate(dataset.debut)} → {formatDate(dataset.fin)}
                  {dataset.anneeComplete ? null : (
                    <span className="block text-xs text-muted-foreground">moins d’une année</span>
                  )}
                </td>
                <td className="py-2 pr-4 text-right tabular-nums">{dataset.jours}</td>
                <td className="py-2 pr-4 text-right tabular-nums">{formatNumber(dataset.totalMwh, 2)}</td>
                <td className="py-2 pr-4 text-xs">{qualityText(dataset)}</td>
                <td className="py-2 text-right">
                  {canDelete ? (
                    <Button
                      variant="ghost"
                      size="sm"
                      onClick={() => setToDelete(dataset)}
                      aria-label={`Supprimer le jeu de données du PCE ${dataset.pce} (${formatDate(dataset.debut)} → ${formatDate(dataset.fin)})`}
                    >
                      <Trash2 aria-hidden="true" className="size-4" />
                      <span className="hidden sm:inline">Supprimer</span>
                    </Button>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Dialog open={toDelete !== null} onOpenChange={(next) => (next ? null : setToDelete(null))}>
        {toDelete ? (
          <DialogContent
            title="Supprimer ce jeu de données ?"
            description={`Les ${toDelete.jours} relevés du PCE ${toDelete.pce} (${formatDate(toDelete.debut)} → ${formatDate(toDelete.fin)}) seront définitivement supprimés.`}
          >
            <div className="mt-6 flex flex-wrap justify-end gap-3">
              <DialogClose asChild>
                <Button variant="outline">Annuler</Button>
              </DialogClose>
              <Button
                disabled={remove.isPending}
                className="bg-danger text-background hover:bg-danger/90"
                onClick={() =>
                  remove.mutate(toDelete.id, {
                    onSuccess: () => {
                      toast.success('Jeu de données supprimé.');
                      setToDelete(null);
                    },
                    onError: (error) => toast.error(error.message || 'Erreur lors de la suppression.'),
                  })
                }
              >
                {remove.isPending ? 'Suppression…' : 'Supprimer'}
              </Button>
            </div>
          </DialogContent>
        ) : null}
      </Dialog>
    </>
  );
}
