import {
  type Organisation,
  type OrganisationAddress,
  type OrganisationBodyInput,
  organisationBodySchema,
} from '@pilote/contracts';
import { type FormEvent, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { FormError } from '../../../components/ui/form-error.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { AddressAutocomplete } from '../../address/index.ts';

type Field = 'name' | 'siren' | 'vatNumber' | 'address';

/** The server's `details` (`[{ path: '/siren', message }]`) by field. */
function detailsOf(error: unknown): Partial<Record<Field, string>> {
  const body = (error as { body?: { details?: { path: string; message: string }[] } } | null)?.body;
  const out: Partial<Record<Field, string>> = {};
  for (const detail of body?.details ?? []) {
    const field = detail.path.split('/')[1] as Field;
    out[field] ??= detail.message;
  }
  return out;
}

/**
 * Name, SIREN, VAT number and address (BAN search). Checked in the browser with the contract's schema (same French
 * messages as the server), then sent whole.
 */
export function IdentityForm({
  organisation,
  submitLabel,
  readOnly = false,
  pending,
  error,
  onSubmit,
}: {
  organisation?: Pick<Organisation, 'name' | 'siren' | 'vatNumber' | 'address'> | undefined;
  submitLabel: string;
  readOnly?: boolean;
  pending: boolean;
  error: unknown;
  onSubmit: (body: OrganisationBodyInput) => void;
}) {
  const [name, setName] = useState(organisation?.name ?? '');
  const [siren, setSiren] = useState(organisation?.siren ?? '');
  const [vatNumber, setVatNumber] = useState(organisation?.vatNumber ?? '');
  const [address, setAddress] = useState<OrganisationAddress | null>(organisation?.address ?? null);
  const [addressText, setAddressText] = useState(organisation?.address?.label ?? '');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const serverErrors = detailsOf(error);
  const shown = { ...serverErrors, ...errors };

  function submit(event: FormEvent) {
    event.preventDefault();
    const body: OrganisationBodyInput = {
      name,
      siren: siren.trim() || null,
      vatNumber: vatNumber.trim() || null,
      address: addressText.trim() ? address : null,
    };
    const parsed = organisationBodySchema.safeParse(body);
    if (!parsed.success) {
      const next: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as Field;
        next[field] ??= issue.message;
      }
      setErrors(next);
      return;
    }
    if (addressText.trim() && !address) {
      setErrors({ address: 'Choisissez l’adresse dans la liste des suggestions.' });
      return;
    }
    setErrors({});
    onSubmit(body);
  }

  return (
    <form onSubmit={submit} noValidate className="grid gap-4 sm:grid-cols-2">
      <FormField label="Nom de l’organisation" error={shown.name} className="sm:col-span-2">
        {(control) => (
          <Input
            {...control}
            value={name}
            onChange={(event) => setName(event.target.value)}
            autoComplete="organization"
            readOnly={readOnly}
            required
          />
        )}
      </FormField>
      <FormField label="SIREN" hint="9 chiffres, facultatif" error={shown.siren}>
        {(control) => (
          <Input
            {...control}
            value={siren}
            onChange={(event) => setSiren(event.target.value)}
            inputMode="numeric"
            readOnly={readOnly}
          />
        )}
      </FormField>
      <FormField label="Numéro de TVA intracommunautaire" hint="Ex. FR40303265045, facultatif" error={shown.vatNumber}>
        {(control) => (
          <Input
            {...control}
            value={vatNumber}
            onChange={(event) => setVatNumber(event.target.value)}
            readOnly={readOnly}
          />
        )}
      </FormField>
      <FormField
        label="Adresse du siège"
        hint="Saisissez au moins 3 caractères puis choisissez une suggestion, facultatif"
        error={shown.address}
        className="sm:col-span-2"
      >
        {(control) =>
          readOnly ? (
            <Input {...control} value={addressText} readOnly />
          ) : (
            <AddressAutocomplete
              control={control}
              value={addressText}
              onChange={(value) => {
                setAddressText(value);
                setAddress(null);
              }}
              onPick={(suggestion) => {
                setAddressText(suggestion.label);
                setAddress({
                  label: suggestion.label,
                  address: suggestion.address,
                  postal_code: suggestion.postal_code,
                  city: suggestion.city,
                  citycode: suggestion.citycode,
                });
              }}
            />
          )
        }
      </FormField>
      {readOnly ? null : (
        <div className="flex flex-col gap-3 sm:col-span-2">
          {Object.keys(serverErrors).length === 0 ? <FormError error={error} /> : null}
          <div>
            <Button type="submit" disabled={pending}>
              {pending ? 'Enregistrement…' : submitLabel}
            </Button>
          </div>
        </div>
      )}
    </form>
  );
}
