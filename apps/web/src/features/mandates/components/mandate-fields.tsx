import {
  deliveryPointLabel,
  MANDATE_LIMITS,
  type MandateEnergyType,
  managersByEnergy,
  mandateDataCategoryLabels,
  mandateEnergyTypeLabels,
  mandateEnergyTypes,
  mandateManagerLabels,
} from '@pilote/contracts';
import { type ReactNode, useId, useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input, Select } from '../../../components/ui/input.tsx';
import { cn } from '../../../lib/cn.ts';
import { AddressAutocomplete } from '../../address/index.ts';
import { CommunePitdChoice } from '../../network-options/index.ts';
import { deliveryPointInput, type MandateFormValues, postalCodeInput } from '../utils/mandate-form.ts';

export type MandateForm = UseFormReturn<MandateFormValues>;

/** A group of controls with its legend and one error for the group (polite live region). */
export function FieldGroup({
  legend,
  error,
  children,
  className,
}: {
  legend: ReactNode;
  error?: string | undefined;
  children: ReactNode;
  className?: string;
}) {
  const errorId = useId();
  return (
    <fieldset
      className={cn('flex flex-col gap-3', className)}
      aria-describedby={error ? errorId : undefined}
      aria-invalid={error ? true : undefined}
    >
      <legend className="mb-1 text-sm font-medium text-foreground">{legend}</legend>
      {children}
      <div aria-live="polite">
        {error ? (
          <p id={errorId} className="text-sm font-medium text-danger">
            {error}
          </p>
        ) : null}
      </div>
    </fieldset>
  );
}

/** Step 1: energy type (radio) and manager (its list follows the energy), the manager's name for « Autre ». */
export function EnergyAndManagerFields({ form }: { form: MandateForm }) {
  const energy = form.watch('energy_type');
  const manager = form.watch('manager');
  const { errors } = form.formState;
  const managers = energy ? managersByEnergy[energy] : [];
  return (
    <div className="flex flex-col gap-4">
      <FieldGroup legend="Type d'énergie" error={errors.manager?.message}>
        <div className="flex flex-wrap gap-3">
          {mandateEnergyTypes.map((type) => (
            <label
              key={type}
              className="flex cursor-pointer items-center gap-2 rounded-md border border-border-strong px-4 py-2 text-sm has-checked:border-primary has-checked:bg-accent"
            >
              <input
                type="radio"
                value={type}
                className="accent-primary"
                {...form.register('energy_type', {
                  onChange: () => {
                    form.setValue('manager', '');
                    form.setValue('number', '');
                    form.clearErrors();
                  },
                })}
              />
              {mandateEnergyTypeLabels[type as MandateEnergyType]}
            </label>
          ))}
        </div>
      </FieldGroup>
      <FormField label="Gestionnaire de réseau">
        {(control) => (
          <Select
            {...control}
            aria-invalid={errors.manager ? true : undefined}
            disabled={!energy}
            {...form.register('manager', { onChange: () => form.clearErrors(['manager', 'manager_name']) })}
          >
            <option value="">{energy ? 'Choisir…' : "Choisissez d'abord l'énergie"}</option>
            {managers.map((value) => (
              <option key={value} value={value}>
                {mandateManagerLabels[value]}
              </option>
            ))}
          </Select>
        )}
      </FormField>
      {manager === 'other' ? (
        <FormField label="Nom du gestionnaire" error={errors.manager_name?.message}>
          {(control) => (
            <Input
              {...control}
              maxLength={MANDATE_LIMITS.managerNameMaxLength}
              {...form.register('manager_name', { onChange: () => form.clearErrors('manager_name') })}
            />
          )}
        </FormField>
      ) : null}
    </div>
  );
}

/** Step 2: address (with suggestions when `suggest`), postal code (5 digits), city. */
export function AddressFields({ form, suggest }: { form: MandateForm; suggest: boolean }) {
  const { errors } = form.formState;
  // Gas: the commune of the picked address and its PITD(s) from the PITD table (issue #23 §4, ADR 0051), shown for
  // the user to check the delivery point's network; several PITDs are a choice left to them.
  const [commune, setCommune] = useState<{ insee: string; label: string } | null>(null);
  const [pitd, setPitd] = useState('');
  const gas = (form.watch('energy_type') || 'gas') === 'gas';
  const address = form.watch('delivery_point_address');
  const addressField = form.register('delivery_point_address');
  const postalCode = form.watch('delivery_point_postal_code');
  return (
    <div className="grid gap-4 sm:grid-cols-[1fr_8rem_1fr]">
      <FormField
        label="Adresse du point de livraison"
        error={errors.delivery_point_address?.message}
        className="sm:col-span-3"
        hint={suggest ? 'Des adresses sont proposées dès 3 caractères.' : undefined}
      >
        {(control) =>
          suggest ? (
            <AddressAutocomplete
              control={control}
              value={address}
              onChange={(value) => {
                form.setValue('delivery_point_address', value);
                form.clearErrors('delivery_point_address');
              }}
              onPick={(suggestion) => {
                form.setValue('delivery_point_address', suggestion.address);
                form.setValue('delivery_point_postal_code', suggestion.postal_code);
                form.setValue('delivery_point_city', suggestion.city);
                form.clearErrors(['delivery_point_address', 'delivery_point_postal_code', 'delivery_point_city']);
                setPitd('');
                setCommune(
                  suggestion.citycode
                    ? { insee: suggestion.citycode, label: `${suggestion.city} (${suggestion.citycode})` }
                    : null,
                );
              }}
            />
          ) : (
            <Input
              {...control}
              autoComplete="street-address"
              maxLength={MANDATE_LIMITS.addressMaxLength}
              {...addressField}
            />
          )
        }
      </FormField>
      <FormField label="Code postal" error={errors.delivery_point_postal_code?.message}>
        {(control) => (
          <Input
            {...control}
            inputMode="numeric"
            autoComplete="postal-code"
            maxLength={MANDATE_LIMITS.postalCodeLength}
            value={postalCode}
            onChange={(event) => {
              form.setValue('delivery_point_postal_code', postalCodeInput(event.target.value));
              form.clearErrors('delivery_point_postal_code');
            }}
          />
        )}
      </FormField>
      <FormField label="Commune" error={errors.delivery_point_city?.message} className="sm:col-span-2">
        {(control) => (
          <Input
            {...control}
            autoComplete="address-level2"
            maxLength={MANDATE_LIMITS.cityMaxLength}
            {...form.register('delivery_point_city', { onChange: () => form.clearErrors('delivery_point_city') })}
          />
        )}
      </FormField>
      {suggest && gas && commune ? (
        <div className="sm:col-span-3">
          <CommunePitdChoice
            insee={commune.insee}
            communeLabel={commune.label}
            selectedCode={pitd}
            onChoose={(point) => setPitd(point.code)}
          />
        </div>
      ) : null}
    </div>
  );
}

/** Step 3: the PDL (electricity) or PCE (gas) number, digits only, 14 at most. */
export function DeliveryPointField({ form }: { form: MandateForm }) {
  const energy = form.watch('energy_type') || 'gas';
  const label = deliveryPointLabel(energy);
  const value = form.watch('number');
  const { errors } = form.formState;
  return (
    <FormField
      label={`Numéro ${label}`}
      error={errors.number?.message}
      hint={`${MANDATE_LIMITS.deliveryPointDigits} chiffres, sur votre facture ou votre compteur.`}
    >
      {(control) => (
        <Input
          {...control}
          inputMode="numeric"
          autoComplete="off"
          maxLength={MANDATE_LIMITS.deliveryPointDigits}
          className="font-mono tracking-wider"
          value={value}
          onChange={(event) => {
            form.setValue('number', deliveryPointInput(event.target.value));
            form.clearErrors('number');
          }}
        />
      )}
    </FormField>
  );
}

/** Step 4: the data the mandate grants (at least one); the load curve for electricity only. */
export function DataTypesFields({ form, loadCurve }: { form: MandateForm; loadCurve: boolean }) {
  const { errors } = form.formState;
  const categories = [
    'authorized_consumption_data',
    'authorized_technical_data',
    'authorized_contractual_data',
    ...(loadCurve ? (['authorized_load_curve'] as const) : []),
  ] as const;
  return (
    <FieldGroup legend="Données autorisées" error={errors.authorized_consumption_data?.message}>
      {categories.map((category) => (
        <label key={category} className="flex items-start gap-3 text-sm text-foreground">
          <input
            type="checkbox"
            className="mt-0.5 size-4 accent-primary"
            {...form.register(category, { onChange: () => form.clearErrors('authorized_consumption_data') })}
          />
          <span>{mandateDataCategoryLabels[category]}</span>
        </label>
      ))}
    </FieldGroup>
  );
}
