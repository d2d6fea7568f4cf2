import { type TariffCalendarEntry, type TariffCalendarResponse, valueStatusText } from '@pilote/contracts';
import { useId } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { LoadingState } from '../../../components/ui/spinner.tsx';
import { formatDate, formatNumber } from '../../../lib/format.ts';

function formatValue(value: number | null): string {
  return value === null ? 'fin' : formatNumber(value, value !== 0 && Math.abs(value) < 1 ? 4 : 2);
}

function CalendarEntry({ entry }: { entry: TariffCalendarEntry }) {
  const stored = entry.changes.some((c) => c.origin === 'stored');
  const statuses = [...new Set(entry.changes.map((c) => valueStatusText(c.status, c.basis)))];
  return (
    <li className="rounded-xl border border-border bg-surface p-4" data-testid="calendar-entry" data-date={entry.date}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <p className="font-medium text-foreground">
          <time dateTime={entry.date}>{formatDate(entry.date, 'long')}</time> · {entry.grid}
        </p>
        <p className="text-xs text-muted-foreground">
          {entry.when === 'upcoming' ? 'À venir' : 'En vigueur'} · {statuses.join(', ')}
          {stored ? ' · ajoutée par l’équipe' : ''}
        </p>
      </div>
      <details className="mt-2 text-sm">
        <summary className="cursor-pointer text-primary underline underline-offset-2">
          {entry.changes.length} valeur{entry.changes.length > 1 ? 's' : ''} datée{entry.changes.length > 1 ? 's' : ''}
        </summary>
        <ul className="mt-2 space-y-1 text-muted-foreground">
          {entry.changes.map((change) => (
            <li key={change.parameterId}>
              <span className="text-foreground">{change.description}</span> :{' '}
              {/* The unit follows the amount; « fin » (end of the series) is no amount. */}
              {change.previousValue === null
                ? ''
                : `${formatValue(change.previousValue)}${change.value === null ? ` ${change.unit}` : ''} → `}
              <span className="font-medium text-foreground tabular-nums">{formatValue(change.value)}</span>
              {change.value === null ? '' : ` ${change.unit}`} ({valueStatusText(change.status, change.basis)})
            </li>
          ))}
        </ul>
      </details>
    </li>
  );
}

export type CalendarHeading = 'h2' | 'h3';

/**
 * Recent and upcoming changes of the grids (packaged and stored values), from the public calendar endpoint: six
 * months back, twelve ahead.
 */
export function TariffCalendarView({
  headingLevel,
  data,
  isPending,
  error,
}: {
  headingLevel: CalendarHeading;
  data: TariffCalendarResponse | undefined;
  isPending: boolean;
  error: Error | null;
}) {
  const headingId = useId();
  const Heading = headingLevel;
  const entries = data?.items ?? [];
  const upcoming = entries.filter((e) => e.when === 'upcoming');
  const recent = entries.filter((e) => e.when === 'past').reverse();
  return (
    <section aria-labelledby={headingId} className="not-prose flex flex-col gap-4" data-testid="tariff-calendar">
      <Heading id={headingId} className="text-xl font-semibold text-foreground">
        Calendrier des changements de grilles
      </Heading>
      {isPending ? <LoadingState /> : null}
      {error ? <Alert tone="error">Impossible de charger le calendrier : {error.message}</Alert> : null}
      {data ? (
        <div className="grid gap-6 md:grid-cols-2">
          <div className="flex flex-col gap-3">
            <p className="text-sm font-semibold text-foreground">À venir</p>
            {upcoming.length === 0 ? (
              <p className="text-sm text-muted-foreground">Aucun changement connu dans les douze prochains mois.</p>
            ) : (
              <ul className="flex flex-col gap-3">
                {upcoming.map((entry) => (
                  <CalendarEntry key={`${entry.date}-${entry.grid}`} entry={entry} />
                ))}
              </ul>
            )}
          </div>
          <div className="flex flex-col gap-3">
            <p className="text-sm font-semibold text-foreground">Récents (six derniers mois)</p>
            {recent.length === 0 ? (
              <p className="text-sm text-muted-foreground">Aucun changement ces six derniers mois.</p>
            ) : (
              <ul className="flex flex-col gap-3">
                {recent.map((entry) => (
                  <CalendarEntry key={`${entry.date}-${entry.grid}`} entry={entry} />
                ))}
              </ul>
            )}
          </div>
        </div>
      ) : null}
    </section>
  );
}
