import { deliveryPointLabel, MANDATE_MESSAGES, type Mandate, revocationConfirmed } from '@pilote/contracts';
import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogClose, DialogContent, DialogTrigger } from '../../../components/ui/dialog.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { useRevokeMandate } from '../api/revoke-mandate.ts';

/**
 * Spec §5 « Revocation »: the user types the delivery point number exactly, otherwise
 * 'Veuillez saisir exactement : {number}'; the server checks it again. Success: the mandate leaves the active list
 * and the §8 toast says the data goes within 30 days.
 */
export function RevokeMandateDialog({ mandate }: { mandate: Mandate }) {
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | undefined>();
  const revoke = useRevokeMandate();
  const number = mandate.delivery_point_number ?? '';
  const label = deliveryPointLabel(mandate.energy_type);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!revocationConfirmed(number, typed)) {
      setError(MANDATE_MESSAGES.revokeConfirmation(number));
      return;
    }
    // mutateAsync, not mutate's callbacks: the revoked mandate leaves the list (and this dialog unmounts) as soon
    // as the list is refetched, and TanStack Query drops the callbacks of an unmounted observer.
    revoke.mutateAsync({ id: mandate.id, confirmation: typed }).then(
      () => {
        toast.success(MANDATE_MESSAGES.revokedDeletion);
        setOpen(false);
      },
      (failure: Error) => {
        toast.error(MANDATE_MESSAGES.revokeFailed, { description: failure.message });
      },
    );
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) {
          setTyped('');
          setError(undefined);
        }
      }}
    >
      <DialogTrigger asChild>
        <Button variant="outline" size="sm" className="text-danger">
          Révoquer
        </Button>
      </DialogTrigger>
      <DialogContent
        title="Révoquer le mandat"
        description={`Le gestionnaire ne pourra plus nous transmettre vos données ; celles déjà reçues seront supprimées sous 30 jours. Pour confirmer, saisissez le numéro ${label} ${number}.`}
      >
        <form noValidate className="mt-4 flex flex-col gap-4" onSubmit={onSubmit}>
          <FormField label={`Numéro ${label} du mandat`} error={error}>
            {(control) => (
              <Input
                {...control}
                inputMode="numeric"
                autoComplete="off"
                className="font-mono"
                value={typed}
                onChange={(event) => {
                  setTyped(event.target.value);
                  setError(undefined);
                }}
              />
            )}
          </FormField>
          <div className="flex justify-end gap-3">
            <DialogClose asChild>
              <Button variant="ghost">Annuler</Button>
            </DialogClose>
            <Button type="submit" className="bg-danger text-background hover:bg-danger/90" disabled={revoke.isPending}>
              {revoke.isPending ? 'Révocation…' : 'Révoquer le mandat'}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
