import { useId } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { LoadingState } from '../../../components/ui/spinner.tsx';
import { formatCount, formatNumber } from '../../../lib/format.ts';
import { useDatasetSummary } from '../api/sites.ts';

const MONTHS = ['janv.', 'févr.', 'mars', 'avr.', 'mai', 'juin', 'juil.', 'août', 'sept.', 'oct.', 'nov.', 'déc.'];

function monthLabel(month: string): string {
  const [year, number] = month.split('-');
  return `${MONTHS[Number(number) - 1] ?? number} ${year?.slice(2) ?? ''}`;
}

/**
 * The monthly consumption of a dataset (MWh), as bars, with its data quality (days measured, estimated, missing).
 * The figures are also in a table for screen readers (the SVG is hidden from them).
 */
export function ConsumptionChart({ datasetId }: { datasetId: string }) {
  const summary = useDatasetSummary(datasetId);
  const titleId = useId();
  if (summary.isPending) {
    return <LoadingState label="Chargement des relevés…" />;
  }
  if (summary.isError) {
    return <Alert tone="error">{summary.error.message}</Alert>;
  }
  const months = summary.data.mois.slice(-24);
  const max = Math.max(1, ...months.map((month) => month.totalKwh));
  const quality = months.reduce(
    (sum, month) => ({
      mesure: sum.mesure + month.qualite.mesure,
      estime: sum.estime + month.qualite.estime,
      manquant: sum.manquant + month.qualite.manquant,
    }),
    { mesure: 0, estime: 0, manquant: 0 },
  );
  const width = Math.max(320, months.length * 28);
  const height = 160;
  const bar = width / Math.max(1, months.length);
  return (
    <figure className="flex flex-col gap-3" aria-labelledby={titleId}>
      <figcaption id={titleId} className="text-sm text-muted-foreground">
        Consommation mensuelle (MWh), {formatCount(months.length, 'mois', 'mois')} · qualité des données :{' '}
        {formatCount(quality.mesure, 'jour mesuré', 'jours mesurés')}, {formatCount(quality.estime, 'estimé')},{' '}
        {formatCount(quality.manquant, 'manquant')}
      </figcaption>
      <div className="overflow-x-auto">
        <svg
          viewBox={`0 0 ${width} ${height + 24}`}
          className="h-48 min-w-full"
          style={{ width: `${width}px` }}
          aria-hidden="true"
          role="presentation"
        >
          {months.map((month, index) => {
            const h = (month.totalKwh / max) * height;
            const estimated = month.qualite.estime + month.qualite.manquant > 0;
            return (
              <g key={month.mois}>
                <rect
                  x={index * bar + 4}
                  y={height - h}
                  width={bar - 8}
                  height={h}
                  rx={3}
                  className={estimated ? 'fill-primary/50' : 'fill-primary'}
                />
                <text
                  x={index * bar + bar / 2}
                  y={height + 16}
                  textAnchor="middle"
                  className="fill-muted-foreground text-[10px]"
                >
                  {monthLabel(month.mois)}
                </text>
              </g>
            );
          })}
        </svg>
      </div>
      <table className="sr-only">
        <caption>Consommation mensuelle</caption>
        <thead>
          <tr>
            <th scope="col">Mois</th>
            <th scope="col">MWh</th>
            <th scope="col">Jours estimés ou manquants</th>
          </tr>
        </thead>
        <tbody>
          {months.map((month) => (
            <tr key={month.mois}>
              <th scope="row">{monthLabel(month.mois)}</th>
              <td>{formatNumber(month.totalKwh / 1000, 1)}</td>
              <td>{month.qualite.estime + month.qualite.manquant}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="text-xs text-muted-foreground">Barres plus claires : mois avec des jours estimés ou manquants.</p>
    </figure>
  );
}
