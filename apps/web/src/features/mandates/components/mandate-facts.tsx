import { deliveryPointLabel, type Mandate } from '@pilote/contracts';
import type { ReactNode } from 'react';

type MandateFactsSource = Pick<
  Mandate,
  | 'energy_type'
  | 'delivery_point_number'
  | 'delivery_point_address'
  | 'delivery_point_postal_code'
  | 'delivery_point_city'
  | 'personal_data_purged'
  | 'created_at'
  | 'sent_date'
  | 'rejection_reason'
>;

/**
 * The facts of a mandate that the customer's card and the staff queue both show: its PCE or PDL, the address (or
 * « Données supprimées » once purged), when it was created and sent, then `children` (the duration or the expiry,
 * which differ between the two), and the rejection reason last. `formatWhen` formats the two dates.
 */
export function MandateFacts({
  mandate,
  formatWhen,
  children,
}: {
  mandate: MandateFactsSource;
  formatWhen: (iso: string) => string;
  children?: ReactNode;
}) {
  return (
    <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
      <dt className="text-muted-foreground">{deliveryPointLabel(mandate.energy_type)}</dt>
      <dd className="font-mono break-all text-foreground">{mandate.delivery_point_number ?? '—'}</dd>
      <dt className="text-muted-foreground">Adresse</dt>
      <dd className="text-foreground">
        {mandate.personal_data_purged
          ? 'Données supprimées'
          : `${mandate.delivery_point_address ?? ''}, ${mandate.delivery_point_postal_code ?? ''} ${mandate.delivery_point_city ?? ''}`}
      </dd>
      <dt className="text-muted-foreground">Créé le</dt>
      <dd className="text-foreground">{formatWhen(mandate.created_at)}</dd>
      {mandate.sent_date ? (
        <>
          <dt className="text-muted-foreground">Envoyé le</dt>
          <dd className="text-foreground">{formatWhen(mandate.sent_date)}</dd>
        </>
      ) : null}
      {children}
      {mandate.rejection_reason ? (
        <>
          <dt className="text-muted-foreground">Motif du rejet</dt>
          <dd className="text-foreground">{mandate.rejection_reason}</dd>
        </>
      ) : null}
    </dl>
  );
}
