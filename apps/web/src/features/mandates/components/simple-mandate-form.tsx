import { MANDATE_MESSAGES, type Mandate, validateSimpleMandate } from '@pilote/contracts';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button.tsx';
import { useCreateMandate } from '../api/create-mandate.ts';
import { emptyMandateForm, fieldOfIssue, type MandateFormValues, toRequestFields } from '../utils/mandate-form.ts';
import { showServerIssues } from '../utils/server-issues.ts';
import { AddressFields, DataTypesFields, DeliveryPointField, EnergyAndManagerFields } from './mandate-fields.tsx';

/**
 * « Formulaire classique » (spec §5 « Simple mandate »): the rules of `validateSimpleMandate` (shared with the
 * server) with its exact messages, the first failing field focused; 'Durée : 12 mois'.
 */
export function SimpleMandateForm({
  onCreated,
  onCancel,
}: {
  onCreated: (mandate: Mandate) => void;
  onCancel: () => void;
}) {
  const form = useForm<MandateFormValues>({ defaultValues: emptyMandateForm });
  const create = useCreateMandate();

  function onSubmit(values: MandateFormValues) {
    const { authorized_load_curve: _loadCurve, duration_months: _duration, ...fields } = toRequestFields(values);
    const check = validateSimpleMandate(fields);
    if (!check.ok) {
      form.setError(fieldOfIssue(check.issue), { message: check.issue.message }, { shouldFocus: true });
      return;
    }
    create.mutate(fields, {
      onSuccess: ({ mandate }) => {
        toast.success(MANDATE_MESSAGES.created);
        onCreated(mandate);
      },
      onError: (error) => {
        showServerIssues(form, error);
        toast.error(MANDATE_MESSAGES.createFailed, { description: error.message });
      },
    });
  }

  return (
    <form
      noValidate
      aria-label="Formulaire classique"
      className="flex flex-col gap-6"
      onSubmit={form.handleSubmit(onSubmit)}
    >
      <EnergyAndManagerFields form={form} />
      <AddressFields form={form} suggest={false} />
      <DeliveryPointField form={form} />
      <DataTypesFields form={form} loadCurve={false} />
      <p className="text-sm font-medium text-foreground">{MANDATE_MESSAGES.simpleDuration}</p>
      <div className="flex flex-wrap justify-end gap-3">
        <Button variant="ghost" onClick={onCancel}>
          Annuler
        </Button>
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? 'Création…' : 'Créer le mandat'}
        </Button>
      </div>
    </form>
  );
}
