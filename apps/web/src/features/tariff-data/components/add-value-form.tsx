import { zodResolver } from '@hookform/resolvers/zod';
import { parameterGrids, parameterUnits, valueStatuses, valueStatusLabels } from '@pilote/contracts';
import { PARAMETER_REGISTRY } from '@pilote/tariffs';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button.tsx';
import { FormError } from '../../../components/ui/form-error.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input, inputStyles, Select } from '../../../components/ui/input.tsx';
import { cn } from '../../../lib/cn.ts';
import {
  type AddValueFormValues,
  addValueFormSchema,
  toAddTariffValueBody,
  useAddTariffValue,
} from '../api/add-tariff-value.ts';

const unitOf = (parameterId: string) => PARAMETER_REGISTRY.find((p) => p.id === parameterId)?.unit;

/**
 * Adds a dated value (admins): parameter, date of effect, value, unit (checked against the parameter's), status,
 * one reference (title + address) and a note. A value on a date that already has one becomes its next version.
 */
export function AddValueForm() {
  const add = useAddTariffValue();
  const form = useForm<AddValueFormValues>({
    resolver: zodResolver(addValueFormSchema),
    mode: 'onTouched',
    reValidateMode: 'onChange',
    defaultValues: {
      parameterId: '',
      validFrom: '',
      value: '',
      unit: '€/an',
      status: 'official',
      referenceTitle: '',
      referenceUrl: '',
      note: '',
    },
  });
  const { errors } = form.formState;
  const parameterId = form.watch('parameterId');
  const expectedUnit = unitOf(parameterId);

  const parameterField = form.register('parameterId', {
    onChange: (event: { target: { value: string } }) => {
      const unit = unitOf(event.target.value);
      if (unit) {
        form.setValue('unit', unit, { shouldValidate: true });
      }
    },
  });

  return (
    <form
      noValidate
      aria-label="Ajouter une valeur datée"
      className="grid gap-4 md:grid-cols-2"
      onSubmit={form.handleSubmit((values) =>
        add.mutate(toAddTariffValueBody(values), {
          onSuccess: ({ value }) => {
            toast.success(
              `Valeur enregistrée : ${value.parameterId} au ${value.validFrom} (version ${value.version}).`,
            );
            form.reset({ ...values, value: '', note: '' });
          },
        }),
      )}
    >
      <FormField label="Paramètre" error={errors.parameterId?.message} className="md:col-span-2">
        {(control) => (
          <Select {...control} {...parameterField}>
            <option value="">Choisir un paramètre…</option>
            {parameterGrids.map((grid) => (
              <optgroup key={grid} label={grid}>
                {PARAMETER_REGISTRY.filter((p) => p.grid === grid).map((p) => (
                  <option key={p.id} value={p.id}>
                    {p.description} ({p.id})
                  </option>
                ))}
              </optgroup>
            ))}
          </Select>
        )}
      </FormField>
      <FormField label="Date d’effet" error={errors.validFrom?.message}>
        {(control) => <Input {...control} type="date" {...form.register('validFrom')} />}
      </FormField>
      <FormField
        label="Valeur"
        error={errors.value?.message}
        hint="Nombre à la française (1 234,56). « fin » arrête le paramètre à cette date."
      >
        {(control) => <Input {...control} inputMode="decimal" autoComplete="off" {...form.register('value')} />}
      </FormField>
      <FormField
        label="Unité"
        error={errors.unit?.message}
        hint={expectedUnit ? `Unité du paramètre : ${expectedUnit}` : undefined}
      >
        {(control) => (
          <Select {...control} {...form.register('unit')}>
            {parameterUnits.map((unit) => (
              <option key={unit} value={unit}>
                {unit}
              </option>
            ))}
          </Select>
        )}
      </FormField>
      <FormField label="Statut" error={errors.status?.message}>
        {(control) => (
          <Select {...control} {...form.register('status')}>
            {valueStatuses.map((status) => (
              <option key={status} value={status}>
                {valueStatusLabels[status]}
              </option>
            ))}
          </Select>
        )}
      </FormField>
      <FormField label="Titre de la référence" error={errors.referenceTitle?.message}>
        {(control) => <Input {...control} autoComplete="off" {...form.register('referenceTitle')} />}
      </FormField>
      <FormField label="Adresse de la référence" error={errors.referenceUrl?.message}>
        {(control) => (
          <Input {...control} type="url" placeholder="https://www.cre.fr/…" {...form.register('referenceUrl')} />
        )}
      </FormField>
      <FormField label="Note (facultative)" error={errors.note?.message} className="md:col-span-2">
        {(control) => (
          <textarea {...control} rows={2} className={cn(inputStyles, 'h-auto py-2')} {...form.register('note')} />
        )}
      </FormField>
      <div className="flex flex-col gap-3 md:col-span-2">
        <FormError error={add.error} />
        <Button type="submit" disabled={add.isPending} className="self-start">
          {add.isPending ? 'Enregistrement…' : 'Enregistrer la valeur'}
        </Button>
      </div>
    </form>
  );
}
