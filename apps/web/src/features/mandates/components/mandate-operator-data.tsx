import { ELECTRICITY_NO_AUTOMATIC_DATA, type Mandate, OPERATOR_DEMO_DATA_LABEL } from '@pilote/contracts';
import { Badge } from '../../../components/ui/badge.tsx';
import { formatDate, formatDateTime } from '../../../lib/format.ts';

/** The state of the GRDF access right and of the data fetched, as the card says it (ADR 0072). */
function stateText(mandate: Mandate): string | null {
  const data = mandate.operator_data;
  if (!data) {
    return null;
  }
  if (mandate.status === 'sent') {
    return data.access_state === 'declaring'
      ? 'Déclaration du droit d’accès auprès de GRDF en cours…'
      : 'Droit d’accès déclaré à GRDF : en attente de validation.';
  }
  if (mandate.status === 'active') {
    if (data.sync_status === 'error') {
      return `Dernière récupération des données en échec : ${data.sync_error ?? 'erreur inconnue'}`;
    }
    if (data.sync_status === 'stopped') {
      return data.reason ? `Récupération des données arrêtée : ${data.reason}` : 'Récupération des données arrêtée.';
    }
    if (data.last_sync_at === null) {
      return 'Récupération des données en cours…';
    }
    return null;
  }
  if (mandate.status === 'rejected') {
    // The reason is the card's « Motif du rejet ».
    return 'Droit d’accès refusé par GRDF : aucune donnée n’a été récupérée.';
  }
  // Revoked or expired: the right is ended at GRDF, the data fetched deleted 30 days later (spec §9, ADR 0072 §4).
  const ended = data.access_state === 'ended' ? 'Droit d’accès terminé auprès de GRDF.' : null;
  const purge = data.last_sync_at ? 'Les données récupérées seront supprimées sous 30 jours.' : null;
  return [ended, purge].filter(Boolean).join(' ') || null;
}

/**
 * The operator part of a mandate card (issue #26 §4): for a GRDF mandate sent through the adapter, the access
 * right's state, the last sync, the period covered and the number of days, « Données de démonstration » for the
 * demonstration source; for an electricity mandate, that automatic data is not yet available.
 */
export function MandateOperatorData({ mandate }: { mandate: Mandate }) {
  if (mandate.energy_type === 'electricity') {
    return (
      <p className="text-xs text-muted-foreground" data-testid="mandate-no-automatic-data">
        {ELECTRICITY_NO_AUTOMATIC_DATA}
      </p>
    );
  }
  const data = mandate.operator_data;
  if (!data) {
    return null;
  }
  const text = stateText(mandate);
  return (
    <section
      aria-label="Données récupérées auprès de GRDF"
      className="flex flex-col gap-2 rounded-lg border border-border p-3"
      data-testid="mandate-operator-data"
      data-sync-status={data.sync_status}
    >
      <div className="flex flex-wrap items-center gap-2">
        <p className="text-sm font-medium text-foreground">Données GRDF</p>
        {data.demo ? <Badge data-testid="demo-data-badge">{OPERATOR_DEMO_DATA_LABEL}</Badge> : null}
      </div>
      {text ? (
        <p
          className={data.sync_status === 'error' ? 'text-sm text-danger' : 'text-sm text-muted-foreground'}
          role="status"
        >
          {text}
        </p>
      ) : null}
      {data.last_sync_at ? (
        <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
          <dt className="text-muted-foreground">Dernière synchronisation</dt>
          <dd className="text-foreground" data-testid="operator-last-sync">
            {formatDateTime(data.last_sync_at)}
          </dd>
          <dt className="text-muted-foreground">Période couverte</dt>
          <dd className="text-foreground" data-testid="operator-period">
            {data.period_start && data.period_end
              ? `du ${formatDate(data.period_start)} au ${formatDate(data.period_end)}`
              : 'aucune donnée publiée'}
          </dd>
          <dt className="text-muted-foreground">Nombre de jours</dt>
          <dd className="text-foreground" data-testid="operator-days">
            {data.days.toLocaleString('fr-FR')}
          </dd>
        </dl>
      ) : null}
    </section>
  );
}
