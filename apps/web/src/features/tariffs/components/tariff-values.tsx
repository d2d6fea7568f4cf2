import type { IsoDate } from '@pilote/tariffs';
import { useMemo, useState } from 'react';
import { ScrollRegion } from '../../../components/ui/scroll-region.tsx';
import { cn } from '../../../lib/cn.ts';
import { formatDate } from '../../../lib/format.ts';
import { usePublicStoredTariffValues } from '../../tariff-data/index.ts';
import {
  type CurrentTariffValue,
  currentTariffValues,
  formatParameterValue,
  gridOrder,
  statusText,
  storedOverlay,
} from '../current-values.ts';

const statusStyles = {
  official: 'border-success/40 bg-success-soft',
  secondary: 'border-border-strong/40 bg-muted',
  estimate: 'border-gas/50 bg-background',
} as const;

function ValueRow({ row }: { row: CurrentTariffValue }) {
  return (
    <tr data-parameter-id={row.id} data-value={row.value ?? ''} className="border-b border-border align-top">
      <th scope="row" className="py-3 pr-4 text-left font-normal text-foreground">
        {row.description}
        {row.isEstimate && row.notes ? (
          <span className="mt-1 block text-xs text-muted-foreground">{row.notes}</span>
        ) : null}
      </th>
      <td className="py-3 pr-4 font-medium whitespace-nowrap text-foreground tabular-nums" data-cell="value">
        {row.display ?? 'Non disponible'}
        {row.display === null && row.lastKnown ? (
          <span className="mt-1 block text-xs font-normal whitespace-normal text-muted-foreground">
            Dernière valeur connue&nbsp;: {formatParameterValue(row.lastKnown.value, row.unit)} (depuis le{' '}
            {formatDate(row.lastKnown.from)}), plus en vigueur
          </span>
        ) : null}
      </td>
      <td className="py-3 pr-4 whitespace-nowrap text-muted-foreground" data-cell="from">
        {row.from ? formatDate(row.from) : '—'}
      </td>
      <td className="py-3 pr-4" data-cell="status">
        {row.status ? (
          <span
            className={cn(
              'inline-flex rounded-full border px-2 py-0.5 text-xs font-medium whitespace-nowrap text-foreground',
              statusStyles[row.status],
            )}
          >
            {statusText(row.status, row.basis)}
          </span>
        ) : (
          <span className="text-xs text-muted-foreground">Grille non intégrée</span>
        )}
      </td>
      <td className="py-3 text-xs" data-cell="sources">
        {row.sources.length > 0 ? (
          <ul className="space-y-1">
            {row.sources.map((source) => (
              <li key={`${source.url}-${source.title}`}>
                <a
                  href={source.url}
                  className="text-primary underline underline-offset-2"
                  rel="noopener noreferrer"
                  target="_blank"
                >
                  {source.title}
                  <span className="sr-only"> (nouvel onglet)</span>
                </a>
              </li>
            ))}
          </ul>
        ) : (
          <span className="text-muted-foreground">—</span>
        )}
      </td>
    </tr>
  );
}

function ValuesTable({ caption, rows }: { caption: string; rows: readonly CurrentTariffValue[] }) {
  return (
    <ScrollRegion className="not-prose" aria-label={caption}>
      <table className="w-full min-w-[52rem] border-collapse text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr className="border-b border-border-strong/60 text-left text-xs tracking-wide text-muted-foreground uppercase">
            <th scope="col" className="py-2 pr-4 font-semibold">
              Terme
            </th>
            <th scope="col" className="py-2 pr-4 font-semibold">
              Valeur
            </th>
            <th scope="col" className="py-2 pr-4 font-semibold">
              Depuis le
            </th>
            <th scope="col" className="py-2 pr-4 font-semibold">
              Statut
            </th>
            <th scope="col" className="py-2 font-semibold">
              Sources
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <ValueRow key={row.id} row={row} />
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}

/** Secondary coefficients: the table is rendered only once opened (36 rows less to build on first paint). */
function DetailValues({ caption, rows }: { caption: string; rows: readonly CurrentTariffValue[] }) {
  const [isOpen, setIsOpen] = useState(false);
  return (
    <details
      className="mt-4 rounded-lg border border-border p-4"
      open={isOpen}
      onToggle={(event) => setIsOpen(event.currentTarget.open)}
    >
      <summary className="cursor-pointer font-medium text-foreground">
        Coefficients de capacité mensuelle et de pénalités ({rows.length})
      </summary>
      {isOpen ? (
        <div className="mt-4">
          <ValuesTable caption={caption} rows={rows} />
        </div>
      ) : null}
    </details>
  );
}

/** The current values of every grid, read from the engine on `date` (lazy: carries @pilote/tariffs). */
export function TariffValues({ date }: { date: IsoDate }) {
  // Values added in the admin panel since the release (ADR 0025): the packaged grids show until they arrive.
  const stored = usePublicStoredTariffValues();
  const overlay = useMemo(() => (stored.data ? storedOverlay(stored.data) : undefined), [stored.data]);
  const rows = currentTariffValues(date, overlay);
  return (
    <>
      {gridOrder.map(({ grid, title, intro }) => {
        const gridRows = rows.filter((row) => row.grid === grid);
        const main = gridRows.filter((row) => !row.isDetail);
        const details = gridRows.filter((row) => row.isDetail);
        if (gridRows.length === 0) {
          return null;
        }
        return (
          <section key={grid} aria-labelledby={`grille-${grid}`} className="mt-12">
            <h3 id={`grille-${grid}`}>{title}</h3>
            <p className="max-w-3xl text-muted-foreground">{intro}</p>
            {main.length > 0 ? <ValuesTable caption={title} rows={main} /> : null}
            {details.length > 0 ? (
              <DetailValues caption={`${title} : coefficients de capacité mensuelle et de pénalités`} rows={details} />
            ) : null}
          </section>
        );
      })}
    </>
  );
}
