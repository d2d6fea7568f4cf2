import { zodResolver } from '@hookform/resolvers/zod';
import {
  type Site,
  type SiteBody,
  simulatorProfils,
  siteBodySchema,
  siteOptions,
  sitePointTypes,
} from '@pilote/contracts';
import { useState } from 'react';
import { Controller, type Resolver, useForm } from 'react-hook-form';
import { Link, useLocation, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { z } from 'zod';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button, buttonStyles } from '../../../components/ui/button.tsx';
import { FormError } from '../../../components/ui/form-error.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input, Select } from '../../../components/ui/input.tsx';
import { LoadingState } from '../../../components/ui/spinner.tsx';
import { paths } from '../../../config/paths.ts';
import { AddressAutocomplete } from '../../address/index.ts';
import { attachAuditToSite, useCreateSite, useSite, useUpdateSite } from '../api/sites.ts';
import { readSiteDraft, type SiteDraft, type SiteFormValues } from '../lib/site-draft.ts';

export type { SiteFormValues };

const text = (value: number | string | null | undefined) =>
  value === null || value === undefined ? '' : String(value).replace('.', ',');

export function siteFormValues(site?: Site): SiteFormValues {
  return {
    name: site?.name ?? '',
    pce: site?.pce ?? '',
    address: site?.address ?? null,
    pointType: site?.pointType ?? '',
    pointCode: site?.pointCode ?? '',
    option: site?.option ?? '',
    profile: site?.profile ?? '',
    car: text(site?.car),
    cja: text(site?.cja),
    ntr: text(site?.ntr),
    supplier: site?.supplier ?? '',
    contractEndDate: site?.contractEndDate ?? '',
    tags: site?.tags.join(', ') ?? '',
  };
}

// The form holds text as typed (« 15 466,8 »); the contract's schema reads it (its numbers accept French text), so the
// form's values go through it with each of its issues kept at its field: form values in, request body out, no cast.
const siteFormSchema = z.custom<SiteFormValues>().transform((values, ctx): SiteBody => {
  const parsed = siteBodySchema.safeParse(values);
  if (parsed.success) {
    return parsed.data;
  }
  for (const issue of parsed.error.issues) {
    ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path, input: values });
  }
  return z.NEVER;
});
const resolver: Resolver<SiteFormValues, unknown, SiteBody> = zodResolver(siteFormSchema);

/** `{ details: [{ path: '/pce', message }] }` of a 400 / 409, by field. */
function serverFieldErrors(error: unknown): [keyof SiteFormValues, string][] {
  const body = (error as { body?: { details?: { path: string; message: string }[] } } | null)?.body;
  return (body?.details ?? []).map((detail) => [detail.path.split('/')[1] as keyof SiteFormValues, detail.message]);
}

/**
 * A site's form (react-hook-form on the contract's schema: the server's French messages, every error at once). The
 * address comes from the BAN search; numbers are typed the French way (« 15 466,8 »).
 */
export function SiteForm({ site, draft }: { site?: Site; draft?: SiteDraft | null }) {
  const navigate = useNavigate();
  const create = useCreateSite();
  const update = useUpdateSite();
  const mutation = site ? update : create;
  const form = useForm<SiteFormValues, unknown, SiteBody>({
    resolver,
    mode: 'onTouched',
    defaultValues: { ...siteFormValues(site), ...(site ? {} : draft?.values) },
  });
  const { errors } = form.formState;
  const [addressText, setAddressText] = useState(site?.address?.label ?? draft?.addressText ?? '');
  const [addressError, setAddressError] = useState<string | undefined>();

  const submit = form.handleSubmit(
    (body) => {
      if (addressText.trim() && !form.getValues('address')) {
        setAddressError('Choisissez l’adresse dans la liste des suggestions.');
        return;
      }
      setAddressError(undefined);
      const onSuccess = async (saved: Site) => {
        // Created from an audited invoice: the audit is attached to the new site (« Rattacher à un site »).
        const attached =
          draft?.auditId && !site
            ? await attachAuditToSite(saved.id, draft.auditId).then(
                () => true,
                () => false,
              )
            : true;
        toast.success(site ? 'Site enregistré.' : 'Site créé.');
        if (!attached) {
          toast.error('Le site est créé, mais l’audit n’a pas pu lui être rattaché. Réessayez depuis l’audit.');
        }
        navigate(paths.site.getHref(saved.id));
      };
      const onError = (error: unknown) => {
        for (const [field, message] of serverFieldErrors(error)) {
          form.setError(field, { message }, { shouldFocus: true });
        }
      };
      if (site) {
        update.mutate({ id: site.id, body }, { onSuccess, onError });
      } else {
        create.mutate(body, { onSuccess, onError });
      }
    },
    () => {
      requestAnimationFrame(() => {
        document.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
      });
    },
  );

  const hasFieldErrors = serverFieldErrors(mutation.error).length > 0;
  return (
    <form onSubmit={submit} noValidate className="grid gap-4 sm:grid-cols-2" aria-label="Données du site">
      {draft && !site ? (
        <Alert tone="info" className="sm:col-span-2">
          Pré-rempli depuis {draft.source} : vérifiez chaque champ avant de créer le site.
          {draft.addressText ? ' Choisissez l’adresse dans les suggestions.' : ''}
        </Alert>
      ) : null}
      <FormField label="Nom du site" error={errors.name?.message} className="sm:col-span-2">
        {(control) => <Input {...control} {...form.register('name')} autoComplete="off" required />}
      </FormField>
      <FormField label="PCE" hint="14 chiffres" error={errors.pce?.message}>
        {(control) => <Input {...control} {...form.register('pce')} inputMode="numeric" required />}
      </FormField>
      <FormField label="Fournisseur" hint="Facultatif" error={errors.supplier?.message}>
        {(control) => <Input {...control} {...form.register('supplier')} />}
      </FormField>
      <FormField
        label="Adresse"
        hint="Saisissez au moins 3 caractères puis choisissez une suggestion, facultatif"
        error={addressError ?? errors.address?.message}
        className="sm:col-span-2"
      >
        {(control) => (
          <Controller
            control={form.control}
            name="address"
            render={({ field }) => (
              <AddressAutocomplete
                control={control}
                value={addressText}
                onChange={(value) => {
                  setAddressText(value);
                  field.onChange(null);
                }}
                onPick={(suggestion) => {
                  setAddressText(suggestion.label);
                  setAddressError(undefined);
                  field.onChange({
                    label: suggestion.label,
                    address: suggestion.address,
                    postal_code: suggestion.postal_code,
                    city: suggestion.city,
                    citycode: suggestion.citycode,
                  });
                }}
              />
            )}
          />
        )}
      </FormField>
      <FormField label="Type de point" error={errors.pointType?.message}>
        {(control) => (
          <Select {...control} {...form.register('pointType')}>
            <option value="">Non renseigné</option>
            {sitePointTypes.map((type) => (
              <option key={type} value={type}>
                {type}
              </option>
            ))}
          </Select>
        )}
      </FormField>
      <FormField label="Code du point" hint="Code PITD, LI ou PIC, facultatif" error={errors.pointCode?.message}>
        {(control) => <Input {...control} {...form.register('pointCode')} />}
      </FormField>
      <FormField label="Option tarifaire" error={errors.option?.message}>
        {(control) => (
          <Select {...control} {...form.register('option')}>
            <option value="">Non renseignée</option>
            {siteOptions.map((option) => (
              <option key={option} value={option}>
                {option}
              </option>
            ))}
          </Select>
        )}
      </FormField>
      <FormField label="Profil" error={errors.profile?.message}>
        {(control) => (
          <Select {...control} {...form.register('profile')}>
            <option value="">Non renseigné</option>
            {simulatorProfils.map((profile) => (
              <option key={profile} value={profile}>
                {profile}
              </option>
            ))}
          </Select>
        )}
      </FormField>
      <FormField label="CAR (MWh/an)" hint="Consommation annuelle de référence" error={errors.car?.message}>
        {(control) => <Input {...control} {...form.register('car')} inputMode="decimal" />}
      </FormField>
      <FormField label="CJA (MWh/j)" hint="Capacité journalière souscrite" error={errors.cja?.message}>
        {(control) => <Input {...control} {...form.register('cja')} inputMode="decimal" />}
      </FormField>
      <FormField label="NTR" hint="Niveau de tarif régional, facultatif" error={errors.ntr?.message}>
        {(control) => <Input {...control} {...form.register('ntr')} inputMode="numeric" />}
      </FormField>
      <FormField label="Fin de contrat" hint="Facultatif" error={errors.contractEndDate?.message}>
        {(control) => <Input {...control} {...form.register('contractEndDate')} type="date" />}
      </FormField>
      <FormField
        label="Étiquettes"
        hint="Séparées par des virgules (ex. Nord, Production)"
        error={errors.tags?.message}
        className="sm:col-span-2"
      >
        {(control) => <Input {...control} {...form.register('tags')} />}
      </FormField>
      <div className="flex flex-col gap-3 sm:col-span-2">
        {hasFieldErrors ? null : <FormError error={mutation.error} />}
        <div className="flex flex-wrap gap-2">
          <Button type="submit" disabled={mutation.isPending}>
            {mutation.isPending ? 'Enregistrement…' : site ? 'Enregistrer' : 'Créer le site'}
          </Button>
          <Link
            to={site ? paths.site.getHref(site.id) : paths.sites.getHref()}
            className={buttonStyles({ variant: 'outline' })}
          >
            Annuler
          </Link>
        </div>
      </div>
    </form>
  );
}

/** `/private/sites/nouveau` and `/private/sites/:id/modifier`. */
export function SiteFormPage({ id }: { id: string | null }) {
  const site = useSite(id);
  // « Créer le site » from a mandate card or an audit's result carries the pre-filled values (ADR 0079).
  const location = useLocation();
  const draft = id ? null : readSiteDraft(location.state);
  return (
    <div className="flex w-full max-w-3xl min-w-0 flex-col gap-6">
      <div>
        <Link
          to={id ? paths.site.getHref(id) : paths.sites.getHref()}
          className="text-sm text-primary underline-offset-4 hover:underline"
        >
          {id ? 'Retour au site' : 'Retour aux sites'}
        </Link>
        <h1 className="mt-2 text-2xl font-bold tracking-tight text-foreground">
          {id ? `Modifier ${site.data?.name ?? 'le site'}` : 'Nouveau site'}
        </h1>
      </div>
      {id && site.isPending ? <LoadingState label="Chargement du site…" /> : null}
      {id && site.isError ? <Alert tone="error">{site.error.message}</Alert> : null}
      {!id ? <SiteForm draft={draft} /> : site.data ? <SiteForm key={site.data.id} site={site.data} /> : null}
    </div>
  );
}
