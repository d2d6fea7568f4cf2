import { parameterGrids, type TariffParameterDto, type UserRole, valueStatusLabels } from '@pilote/contracts';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input, Select } from '../../../components/ui/input.tsx';
import { Pager } from '../../../components/ui/pager.tsx';
import { LoadingState } from '../../../components/ui/spinner.tsx';
import { formatDate, formatDateTime, formatNumber } from '../../../lib/format.ts';
import { useForbiddenError } from '../../../lib/use-forbidden-error.ts';
import { TARIFF_PARAMETERS_PAGE_SIZE, useTariffParameters } from '../api/get-tariff-parameters.ts';
import { useUndoTariffValue } from '../api/undo-tariff-value.ts';

type Grid = (typeof parameterGrids)[number];

function formatValue(value: number | null): string {
  return value === null ? 'fin' : formatNumber(value, value !== 0 && Math.abs(value) < 1 ? 4 : 2);
}

function ParameterCard({ parameter, canWrite }: { parameter: TariffParameterDto; canWrite: boolean }) {
  const undo = useUndoTariffValue();
  const headingId = useId();
  return (
    <li className="rounded-xl border border-border bg-surface p-4" data-parameter-id={parameter.id}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h4 id={headingId} className="font-medium text-foreground">
          {parameter.description}
        </h4>
        <p className="text-xs text-muted-foreground">
          {parameter.grid} · <code>{parameter.id}</code> · unité {parameter.unit} · vérifié le{' '}
          {formatDate(parameter.lastCheckedOn)}
        </p>
      </div>
      <ul className="mt-3 flex flex-col divide-y divide-border" aria-labelledby={headingId}>
        {parameter.values.map((value) => (
          <li
            key={value.validFrom}
            className="grid gap-2 py-3 text-sm sm:grid-cols-[9rem_9rem_1fr]"
            data-valid-from={value.validFrom}
          >
            <div>
              <p className="text-xs text-muted-foreground">Date d’effet</p>
              <p className="font-medium text-foreground">{formatDate(value.validFrom)}</p>
            </div>
            <div>
              <p className="text-xs text-muted-foreground">Valeur</p>
              <p className="font-medium text-foreground tabular-nums">
                {formatValue(value.value)}
                {/* « fin » ends the parameter's series: no amount, so no unit. */}
                {value.value === null ? null : <span className="text-xs font-normal"> {parameter.unit}</span>}
              </p>
              <p className="text-xs text-muted-foreground">{valueStatusLabels[value.status]}</p>
            </div>
            <div className="flex min-w-0 flex-col gap-1 text-xs">
              <ul className="space-y-1">
                {value.references.map((ref) => (
                  <li key={`${ref.url}-${ref.title}`}>
                    <a
                      className="break-words text-primary underline"
                      href={ref.url}
                      rel="noopener noreferrer"
                      target="_blank"
                    >
                      {ref.title}
                      <span className="sr-only"> (nouvel onglet)</span>
                    </a>
                  </li>
                ))}
              </ul>
              {value.note ? <p className="text-muted-foreground">{value.note}</p> : null}
              {value.stored ? (
                <div className="flex flex-wrap items-center gap-2">
                  <span className="text-foreground">
                    Ajoutée par {value.stored.recordedBy} le {formatDateTime(value.stored.recordedAt)} (version{' '}
                    {value.stored.version}){value.replacesPackaged ? ', remplace la valeur livrée' : ''}
                  </span>
                  {canWrite ? (
                    <Button
                      variant="outline"
                      size="sm"
                      disabled={undo.isPending}
                      aria-label={`Annuler la dernière version de ${parameter.id} au ${value.validFrom}`}
                      onClick={() =>
                        undo.mutate(
                          { parameterId: parameter.id, validFrom: value.validFrom },
                          {
                            onSuccess: ({ value: restored }) =>
                              toast.success(`Annulation enregistrée (version ${restored.version}).`),
                            onError: (error) => toast.error(error.message),
                          },
                        )
                      }
                    >
                      Annuler
                    </Button>
                  ) : null}
                </div>
              ) : (
                <span className="text-muted-foreground">Livrée avec l’application</span>
              )}
            </div>
          </li>
        ))}
      </ul>
    </li>
  );
}

/** Every parameter with its dated values, filtered by grid and text (staff and admins; admins may undo). */
export function ParametersList({ viewerRole, onForbidden }: { viewerRole: UserRole; onForbidden: (e: Error) => void }) {
  const [grid, setGrid] = useState<Grid | ''>('');
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const parameters = useTariffParameters({
    page,
    pageSize: TARIFF_PARAMETERS_PAGE_SIZE,
    ...(grid ? { grid } : {}),
    ...(q.trim() ? { q: q.trim() } : {}),
  });
  const forbidden = useForbiddenError(parameters.error, onForbidden);
  return (
    <div className="flex flex-col gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="Grille">
          {(control) => (
            <Select
              {...control}
              value={grid}
              onChange={(event) => {
                setGrid(event.target.value as Grid | '');
                setPage(1);
              }}
            >
              <option value="">Toutes les grilles</option>
              {parameterGrids.map((g) => (
                <option key={g} value={g}>
                  {g}
                </option>
              ))}
            </Select>
          )}
        </FormField>
        <FormField label="Rechercher un paramètre">
          {(control) => (
            <Input
              {...control}
              type="search"
              value={q}
              placeholder="abonnement, atrd7.grdf.t4…"
              onChange={(event) => {
                setQ(event.target.value);
                setPage(1);
              }}
            />
          )}
        </FormField>
      </div>
      {parameters.isPending ? <LoadingState /> : null}
      {parameters.error && !forbidden ? (
        <Alert tone="error">Impossible de charger les paramètres : {parameters.error.message}</Alert>
      ) : null}
      {parameters.data ? (
        <>
          <ul className="flex flex-col gap-3" data-testid="tariff-parameters">
            {parameters.data.items.map((parameter) => (
              <ParameterCard key={parameter.id} parameter={parameter} canWrite={viewerRole === 'admin'} />
            ))}
          </ul>
          <Pager label="Pages des paramètres tarifaires" of={parameters.data} onChange={setPage} />
        </>
      ) : null}
    </div>
  );
}
