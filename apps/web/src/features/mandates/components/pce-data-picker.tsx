import type { MandatePceData } from '@pilote/contracts';
import { Download } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { formatDate } from '../../../lib/format.ts';
import { usePceData } from '../api/get-pce-data.ts';

/** A number as the forms type it (French decimal comma, no grouping). */
export function formNumber(value: number | null): string {
  return value === null ? '' : String(value).replace('.', ',');
}

/** The fields « Utiliser les données du PCE … » fills, each with its value as shown and its source. */
function filledFields(item: MandatePceData, withSeries: boolean): { label: string; value: string }[] {
  const fields = [
    { label: 'CAR', value: item.car_mwh === null ? null : `${formNumber(item.car_mwh)} MWh/an` },
    { label: 'CJA', value: item.cja_mwh_per_day === null ? null : `${formNumber(item.cja_mwh_per_day)} MWh/j` },
    { label: 'Option tarifaire', value: item.option },
    { label: 'Profil', value: item.profil },
    { label: 'PITD', value: item.pitd ? `${item.pitd.code}${item.pitd.label ? ` (${item.pitd.label})` : ''}` : null },
    {
      label: 'Consommation journalière',
      value:
        withSeries && item.dataset_id && item.period_start && item.period_end
          ? `${item.days} jours, du ${formatDate(item.period_start)} au ${formatDate(item.period_end)}`
          : null,
    },
  ];
  return fields.flatMap((field) => (field.value === null ? [] : [{ label: field.label, value: field.value }]));
}

/**
 * « Utiliser les données du PCE … » (issue #26 §4): one button per active GRDF mandate whose data was fetched; a
 * click gives the item to `onUse` (the form pre-fills itself), then the pre-filled fields are listed with their
 * source (« Données de démonstration » for the demonstration source). Nothing is shown without such a mandate.
 */
export function PceDataPicker({
  onUse,
  withSeries = true,
}: {
  onUse: (item: MandatePceData) => void;
  /** Whether the form takes the consumption series (the optimiser) or only the contract (the simulator). */
  withSeries?: boolean;
}) {
  const data = usePceData();
  const [used, setUsed] = useState<MandatePceData | null>(null);
  const items = data.data?.items ?? [];
  if (items.length === 0) {
    return null;
  }
  return (
    <section
      aria-label="Données de vos PCE"
      className="flex flex-col gap-2 rounded-lg border border-border p-3"
      data-testid="pce-data-picker"
    >
      <div className="flex flex-wrap gap-2">
        {items.map((item) => (
          <Button
            key={item.mandate_id}
            type="button"
            size="sm"
            variant="outline"
            onClick={() => {
              setUsed(item);
              onUse(item);
            }}
          >
            <Download aria-hidden="true" className="size-4" />
            {`Utiliser les données du PCE ${item.pce}`}
          </Button>
        ))}
      </div>
      {used ? (
        <div className="flex flex-col gap-1 text-sm" data-testid="pce-data-used" role="status">
          <p className="flex flex-wrap items-center gap-2 text-foreground">
            {`Pré-rempli avec les données du PCE ${used.pce}`}
            <Badge>{used.source_label}</Badge>
          </p>
          <dl className="grid gap-x-4 gap-y-1 sm:grid-cols-[auto_1fr_auto]">
            {filledFields(used, withSeries).map((field) => (
              <div key={field.label} className="contents">
                <dt className="text-muted-foreground">{field.label}</dt>
                <dd className="text-foreground">{field.value}</dd>
                <dd className="text-xs text-muted-foreground">{`Source : ${used.source_label}`}</dd>
              </div>
            ))}
          </dl>
        </div>
      ) : null}
    </section>
  );
}
