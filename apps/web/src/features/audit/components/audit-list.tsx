import type { AuditStatus } from '@pilote/contracts';
import { useState } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Pager } from '../../../components/ui/pager.tsx';
import { LoadingState } from '../../../components/ui/spinner.tsx';
import { formatCurrency, formatDateTime } from '../../../lib/format.ts';
import { useAudits } from '../api/get-audits.ts';
import { partDescription, partPosition } from '../utils/parts.ts';

export const auditStatusLabels: Record<AuditStatus, string> = {
  uploaded: 'Non lancé',
  queued: 'En file d’attente',
  running: 'Analyse en cours…',
  to_complete: 'À compléter',
  done: 'Terminé',
  failed: 'Échec',
};

/** The user's audits (polled while one is queued or running), each opening its results. */
export function AuditList({ onOpen }: { onOpen: (id: string) => void }) {
  const [page, setPage] = useState(1);
  const audits = useAudits({ page, pageSize: 20 });
  return (
    <section aria-labelledby="audit-list-title" className="flex flex-col gap-3">
      <h2 id="audit-list-title" className="text-lg font-semibold text-foreground">
        Mes audits
      </h2>
      {audits.isPending ? (
        <LoadingState label="Chargement des audits…" />
      ) : audits.isError ? (
        <Alert tone="error">Impossible de charger vos audits.</Alert>
      ) : audits.data.items.length === 0 ? (
        <p className="text-sm text-muted-foreground">Aucun audit pour l’instant.</p>
      ) : (
        <ul className="flex flex-col gap-2">
          {audits.data.items.map((audit) => (
            <li
              key={audit.id}
              data-testid="audit-row"
              className="flex flex-wrap items-center gap-3 rounded-lg border border-border bg-surface px-4 py-3 text-sm"
            >
              <span className="min-w-0 flex-1 break-words font-medium text-foreground">
                {audit.filename}
                {audit.part ? (
                  <span className="block font-normal text-muted-foreground" data-testid="audit-row-part">
                    {partPosition(audit.part)} — {partDescription(audit.part)}
                  </span>
                ) : null}
              </span>
              <span className="text-muted-foreground">{formatDateTime(audit.createdAt)}</span>
              <span className={audit.status === 'failed' ? 'text-red-700 dark:text-red-400' : 'text-foreground'}>
                {auditStatusLabels[audit.status]}
                {audit.status === 'done' && audit.anomalies !== null
                  ? ` — ${audit.anomalies} anomalie${audit.anomalies > 1 ? 's' : ''}${audit.alerts ? `, ${audit.alerts} alerte${audit.alerts > 1 ? 's' : ''}` : ''}, ${formatCurrency(audit.recoverableEuros)} récupérables`
                  : null}
              </span>
              <Button size="sm" variant="outline" onClick={() => onOpen(audit.id)}>
                Voir les résultats
                <span className="sr-only">
                  {' '}
                  de {audit.filename}
                  {audit.part ? `, ${partPosition(audit.part).toLowerCase()}` : ''}
                </span>
              </Button>
            </li>
          ))}
        </ul>
      )}
      {audits.data && audits.data.total > audits.data.pageSize ? (
        <Pager label="Pages des audits" of={audits.data} onChange={setPage} />
      ) : null}
    </section>
  );
}
