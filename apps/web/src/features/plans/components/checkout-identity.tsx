import type { Organisation, OrganisationBodyInput } from '@pilote/contracts';
import { useEffect, useRef } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { IdentityForm, useUpdateOrganisation } from '../../organisations/index.ts';

/** Whether the organisation's identity has what an invoice names (ADR 0078): SIREN, VAT number and address. */
export function identityComplete(organisation: Pick<Organisation, 'siren' | 'vatNumber' | 'address'>): boolean {
  return Boolean(organisation.siren && organisation.vatNumber && organisation.address);
}

/**
 * The checkout's first step when the organisation's identity is incomplete: the organisation's identity form, asked
 * here rather than before (nothing else needs it), then the checkout goes on.
 */
export function CheckoutIdentity({
  organisation,
  planName,
  onSaved,
  onCancel,
}: {
  organisation: Organisation;
  planName: string;
  onSaved: () => void;
  onCancel: () => void;
}) {
  const update = useUpdateOrganisation();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus();
  }, []);
  const submit = (body: OrganisationBodyInput) => {
    update.mutate({ id: organisation.id, body }, { onSuccess: onSaved });
  };
  return (
    <Card className="flex flex-col gap-4 p-5" data-testid="checkout-identity">
      <div>
        <h3 ref={heading} tabIndex={-1} className="text-lg font-semibold text-foreground focus:outline-none">
          Identité de l’organisation pour la facture
        </h3>
        <p className="mt-1 text-sm text-muted-foreground">
          Le plan {planName} est facturé à « {organisation.name} » : renseignez son SIREN, son numéro de TVA
          intracommunautaire et l’adresse du siège, qui figurent sur vos factures.
        </p>
      </div>
      <IdentityForm
        organisation={organisation}
        submitLabel="Enregistrer et continuer vers le paiement"
        pending={update.isPending}
        error={update.error}
        onSubmit={submit}
      />
      <Button variant="outline" className="self-start" onClick={onCancel}>
        Annuler
      </Button>
    </Card>
  );
}
