import {
  type AuditColumns,
  COLUMN_ROLE_LABELS,
  COLUMN_ROLE_UNITS,
  type ColumnRole,
  columnRoleIds,
  type MappedColumn,
} from '@pilote/contracts';
import { Play, Trash2 } from 'lucide-react';
import { type FormEvent, useRef, useState } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardTitle } from '../../../components/ui/card.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Select } from '../../../components/ui/input.tsx';
import { Pager } from '../../../components/ui/pager.tsx';
import { ApiClientError } from '../../../lib/api-error.ts';
import { formatDate } from '../../../lib/format.ts';
import {
  useAuditColumns,
  useColumnMappings,
  useDeleteColumnMapping,
  useSaveColumnMapping,
} from '../api/column-mappings.ts';

type Header = NonNullable<AuditColumns['header']>;
type Draft = Record<number, { role: ColumnRole | ''; unit: string }>;

/** Roles whose only unit is the euro: set without asking. */
const EUROS: readonly ColumnRole[] = ['amount', 'vat', 'ttc'];
/** Roles whose unit may come from a units column instead (« Donnée par la colonne des unités »). */
const UNIT_COLUMN: Partial<Record<ColumnRole, ColumnRole>> = { quantity: 'quantityUnit', unitPrice: 'unitPriceUnit' };

function unitFor(role: ColumnRole | '', unit: string | null): string {
  if (role === '') {
    return '';
  }
  if (EUROS.includes(role)) {
    return '€';
  }
  const allowed = COLUMN_ROLE_UNITS[role] ?? [];
  if (unit && allowed.includes(unit)) {
    return unit;
  }
  // « CAR (kWh) »: a yearly quantity.
  return unit && allowed.includes(`${unit}/an`) ? `${unit}/an` : '';
}

function initialDraft(header: Header): Draft {
  const draft: Draft = {};
  for (const column of header.columns) {
    const role = column.proposed?.column ?? '';
    draft[column.index] = { role, unit: unitFor(role, column.proposed?.unit ?? null) };
  }
  return draft;
}

function bodyOf(draft: Draft): MappedColumn[] {
  return Object.entries(draft)
    .filter(([, c]) => c.role !== '')
    .map(([index, c]) => ({ index: Number(index), column: c.role as ColumnRole, unit: c.unit === '' ? null : c.unit }));
}

/** The server's French problems (400 details), else its message. */
function problemsOf(error: unknown): string[] {
  if (error instanceof ApiClientError) {
    const body = error.body as { details?: { message?: unknown }[] } | undefined;
    const messages = (body?.details ?? []).map((d) => d.message).filter((m): m is string => typeof m === 'string');
    return messages.length > 0 ? [...new Set(messages)] : [error.message];
  }
  return [error instanceof Error ? error.message : String(error)];
}

/**
 * « Colonnes à indiquer » (issue #25 §4, ADR 0085): a spreadsheet or CSV export whose header no reader knows. Each
 * column's title and two values read under it, its role and unit to choose (pre-filled with what the titles suggest);
 * the mapping is kept for the organisation and the audit relaunched. Shown on a failed audit only when the server asks.
 */
export function AuditColumnMapping({ id }: { id: string }) {
  const columns = useAuditColumns(id, true);
  const header = columns.data?.header ?? null;
  if (!header) {
    return null;
  }
  return <ColumnForm id={id} header={header} key={header.signature} />;
}

function ColumnForm({ id, header }: { id: string; header: Header }) {
  const [draft, setDraft] = useState<Draft>(() => initialDraft(header));
  const save = useSaveColumnMapping(id);
  const problemsRef = useRef<HTMLDivElement>(null);
  const problems = save.isError ? problemsOf(save.error) : [];

  function set(index: number, patch: Partial<Draft[number]>) {
    setDraft((current) => {
      const before = current[index] ?? { role: '', unit: '' };
      const next = { ...before, ...patch };
      if (patch.role !== undefined && patch.role !== before.role) {
        next.unit = unitFor(patch.role, null);
      }
      return { ...current, [index]: next };
    });
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    save.mutate(
      { columns: bodyOf(draft) },
      { onError: () => requestAnimationFrame(() => problemsRef.current?.focus()) },
    );
  }

  const roles = new Set(Object.values(draft).map((c) => c.role));
  return (
    <Card className="flex flex-col gap-4">
      <CardTitle>Indiquer les colonnes du fichier</CardTitle>
      <p className="text-sm text-muted-foreground">
        Choisissez le rôle de chaque colonne utile (les autres sont ignorées) et, pour les quantités, leur unité. La
        correspondance est retenue pour votre organisation : le prochain fichier ayant ces colonnes sera lu sans vous la
        demander. Requis : PCE, libellé, montant HT et date de début (ou mois).
      </p>
      <form onSubmit={submit} noValidate className="flex flex-col gap-4" aria-label="Correspondance des colonnes">
        <ol className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
          {header.columns.map((column) => {
            const current = draft[column.index] ?? { role: '', unit: '' };
            const units = current.role === '' ? [] : (COLUMN_ROLE_UNITS[current.role] ?? []);
            const unitColumn = current.role === '' ? undefined : UNIT_COLUMN[current.role];
            const title = column.title || '(sans titre)';
            return (
              <li
                key={column.index}
                className="flex flex-col gap-2 rounded-lg border border-border bg-surface p-3"
                data-testid="mapping-column"
              >
                <p className="text-sm font-semibold text-foreground">
                  <span className="text-muted-foreground">Colonne {column.index + 1} — </span>« {title} »
                </p>
                <p className="text-xs text-muted-foreground">
                  {column.samples.length > 0 ? `Exemples : ${column.samples.join(' · ')}` : 'Aucune valeur.'}
                </p>
                <FormField label={`Rôle de la colonne « ${title} »`}>
                  {(control) => (
                    <Select
                      {...control}
                      value={current.role}
                      onChange={(e) => set(column.index, { role: e.target.value as ColumnRole | '' })}
                    >
                      <option value="">Ignorer cette colonne</option>
                      {columnRoleIds.map((role) => (
                        <option key={role} value={role} disabled={role !== current.role && roles.has(role)}>
                          {COLUMN_ROLE_LABELS[role]}
                        </option>
                      ))}
                    </Select>
                  )}
                </FormField>
                {units.length > 1 ? (
                  <FormField
                    label={`Unité de la colonne « ${title} »`}
                    hint={
                      unitColumn && roles.has(unitColumn)
                        ? 'Laissez « Donnée par la colonne des unités » si une colonne donne l’unité de chaque ligne.'
                        : undefined
                    }
                  >
                    {(control) => (
                      <Select
                        {...control}
                        value={current.unit}
                        onChange={(e) => set(column.index, { unit: e.target.value })}
                      >
                        <option value="">{unitColumn ? 'Donnée par la colonne des unités' : 'Choisir…'}</option>
                        {units.map((unit) => (
                          <option key={unit} value={unit}>
                            {unit}
                          </option>
                        ))}
                      </Select>
                    )}
                  </FormField>
                ) : null}
              </li>
            );
          })}
        </ol>
        <div ref={problemsRef} tabIndex={-1} className="outline-none">
          {problems.length > 0 ? (
            <Alert tone="error">
              <p className="font-semibold">La correspondance ne peut pas être enregistrée :</p>
              <ul className="mt-1 list-disc pl-5 text-sm">
                {problems.map((problem) => (
                  <li key={problem}>{problem}</li>
                ))}
              </ul>
            </Alert>
          ) : null}
        </div>
        <div>
          <Button type="submit" disabled={save.isPending}>
            <Play aria-hidden="true" className="size-4" />
            {save.isPending ? 'Enregistrement…' : 'Enregistrer les colonnes et relancer l’audit'}
          </Button>
        </div>
      </form>
    </Card>
  );
}

/** The organisation's column mappings (« Correspondances de colonnes retenues »), with « Supprimer ». */
export function ColumnMappingsList() {
  const [page, setPage] = useState(1);
  const mappings = useColumnMappings(page);
  const remove = useDeleteColumnMapping();
  const data = mappings.data;
  if (!data || data.total === 0) {
    return null;
  }
  return (
    <section aria-labelledby="column-mappings-title" className="flex flex-col gap-3">
      <h2 id="column-mappings-title" className="text-lg font-semibold text-foreground">
        Correspondances de colonnes retenues
      </h2>
      {remove.isError ? <Alert tone="error">{remove.error.message}</Alert> : null}
      <ul className="flex flex-col gap-2">
        {data.items.map((mapping) => (
          <li
            key={mapping.id}
            className="flex flex-col gap-2 rounded-lg border border-border bg-surface p-3 sm:flex-row sm:items-center sm:justify-between"
          >
            <div className="min-w-0 text-sm">
              <p className="font-medium text-foreground">{mapping.supplier ?? 'Fournisseur non encore lu'}</p>
              <p className="truncate text-xs text-muted-foreground" title={mapping.titles.join(' | ')}>
                {mapping.columns.length} colonne(s) : {mapping.titles.filter(Boolean).join(' | ')}
              </p>
              <p className="text-xs text-muted-foreground">Modifiée le {formatDate(mapping.updatedAt.slice(0, 10))}</p>
            </div>
            <Button
              variant="outline"
              size="sm"
              disabled={remove.isPending}
              onClick={() => remove.mutate(mapping.id)}
              aria-label={`Supprimer la correspondance ${mapping.supplier ?? ''} (${mapping.titles.filter(Boolean).slice(0, 3).join(', ')}…)`}
            >
              <Trash2 aria-hidden="true" className="size-4" />
              Supprimer
            </Button>
          </li>
        ))}
      </ul>
      {data.total > data.pageSize ? (
        <Pager of={data} onChange={setPage} label="Pages des correspondances de colonnes" />
      ) : null}
    </section>
  );
}
