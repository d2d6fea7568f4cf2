import { useState } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Pager } from '../../../components/ui/pager.tsx';
import { LoadingState } from '../../../components/ui/spinner.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { useForbiddenError } from '../../../lib/use-forbidden-error.ts';
import { TARIFF_AUDIT_PAGE_SIZE, useTariffAudit } from '../api/get-tariff-audit.ts';

const actionLabels = {
  'value.add': 'Valeur ajoutée',
  'value.undo': 'Annulation',
  'grid.import': 'Import de grille',
  'reference.import': 'Import de table de référence',
} as const;

/** Every write of the tariff data administration, newest first. */
export function AuditLog({ onForbidden }: { onForbidden: (error: Error) => void }) {
  const [page, setPage] = useState(1);
  const audit = useTariffAudit({ page, pageSize: TARIFF_AUDIT_PAGE_SIZE });
  const forbidden = useForbiddenError(audit.error, onForbidden);
  if (audit.isPending) {
    return <LoadingState />;
  }
  if (audit.error) {
    return forbidden ? null : <Alert tone="error">Impossible de charger le journal : {audit.error.message}</Alert>;
  }
  return (
    <div className="flex flex-col gap-3">
      {audit.data.items.length === 0 ? (
        <p className="text-sm text-muted-foreground">Aucune modification enregistrée.</p>
      ) : (
        <ul className="flex flex-col gap-2" data-testid="tariff-audit">
          {audit.data.items.map((entry) => (
            <li key={entry.id} className="rounded-lg border border-border bg-surface p-3 text-sm">
              <p className="text-xs text-muted-foreground">
                <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt)}</time> · {entry.actorEmail} ·{' '}
                {actionLabels[entry.action]}
              </p>
              <p className="mt-1 text-foreground">{entry.summary}</p>
            </li>
          ))}
        </ul>
      )}
      <Pager label="Pages du journal des données tarifaires" of={audit.data} onChange={setPage} />
    </div>
  );
}
