import {
  deliveryPointLabel,
  MANDATE_LABELS,
  MANDATE_MESSAGES,
  type Mandate,
  mandateManagerLabels,
  validateSignaturePresence,
  validateSignedMandate,
} from '@pilote/contracts';
import { ChevronLeft, ChevronRight, PenLine } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button.tsx';
import { cn } from '../../../lib/cn.ts';
import { useCreateSignedMandate } from '../api/create-signed-mandate.ts';
import { emptyMandateForm, fieldOfIssue, type MandateFormValues, toRequestFields } from '../utils/mandate-form.ts';
import { showServerIssues } from '../utils/server-issues.ts';
import { DurationField } from './duration-field.tsx';
import { AddressFields, DataTypesFields, DeliveryPointField, EnergyAndManagerFields } from './mandate-fields.tsx';
import { SignaturePad } from './signature-pad.tsx';

const STEP_COUNT = MANDATE_LABELS.wizardSteps.length;
type Step = 1 | 2 | 3 | 4 | 5;

/** The first step whose fields hold a server issue (a 400 on submit sends the user back there). */
function stepOfField(field: keyof MandateFormValues): Step {
  switch (field) {
    case 'energy_type':
    case 'manager':
    case 'manager_name':
      return 1;
    case 'delivery_point_address':
    case 'delivery_point_postal_code':
    case 'delivery_point_city':
      return 2;
    case 'number':
      return 3;
    case 'authorized_consumption_data':
    case 'authorized_technical_data':
    case 'authorized_contractual_data':
    case 'authorized_load_curve':
    case 'duration_months':
      return 4;
    default:
      return 5;
  }
}

/**
 * « Signature électronique certifiée » (spec §4, §5): 5 steps — Type, Adresse, PDL/PCE, Données, Signature.
 * « Suivant » validates the current step with `validateSignedMandate(values, step)` (shared with the server, exact
 * messages), « Précédent » goes back keeping every entry, step 5 needs a signature and submits
 * `{ mandate, signature }`.
 */
export function SignedMandateWizard({
  onCreated,
  onCancel,
}: {
  onCreated: (mandate: Mandate) => void;
  onCancel: () => void;
}) {
  const form = useForm<MandateFormValues>({ defaultValues: emptyMandateForm });
  const [step, setStep] = useState<Step>(1);
  const create = useCreateSignedMandate();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const firstRender = useRef(true);
  const signatureErrorId = useId();
  const values = form.watch();
  const { errors } = form.formState;

  // Each step change moves the focus to the step's title, so keyboard and screen-reader users follow.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `step` is the trigger (focus the new step's heading when it changes), not a value read inside.
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    headingRef.current?.focus();
  }, [step]);

  function validateStep(current: Step): boolean {
    form.clearErrors();
    if (current === 5) {
      const issue = validateSignaturePresence(form.getValues('signature'));
      if (issue) {
        form.setError('signature', { message: issue.message });
        return false;
      }
      return true;
    }
    const check = validateSignedMandate(toRequestFields(form.getValues()), current);
    if (!check.ok) {
      form.setError(fieldOfIssue(check.issue), { message: check.issue.message }, { shouldFocus: true });
      return false;
    }
    return true;
  }

  function next() {
    if (validateStep(step) && step < STEP_COUNT) {
      setStep((step + 1) as Step);
    }
  }

  function submit() {
    if (!validateStep(5)) {
      return;
    }
    const all = form.getValues();
    create.mutate(
      { mandate: toRequestFields(all), signature: all.signature },
      {
        onSuccess: ({ mandate }) => {
          toast.success(MANDATE_MESSAGES.createdSigned);
          onCreated(mandate);
        },
        onError: (error) => {
          if (showServerIssues(form, error)) {
            const fields = Object.keys(form.formState.errors) as (keyof MandateFormValues)[];
            const first = Math.min(...fields.map(stepOfField)) as Step;
            if (Number.isFinite(first) && first !== step) {
              setStep(first);
            }
          }
          toast.error(MANDATE_MESSAGES.createSignedFailed, { description: error.message });
        },
      },
    );
  }

  const label = deliveryPointLabel(values.energy_type || 'gas');
  const stepTitle = MANDATE_LABELS.wizardSteps[step - 1];

  return (
    <form
      noValidate
      aria-label={MANDATE_LABELS.signedForm}
      className="flex flex-col gap-6"
      onSubmit={(event) => {
        event.preventDefault();
        if (step === STEP_COUNT) {
          submit();
        } else {
          next();
        }
      }}
    >
      <ol className="grid grid-cols-5 gap-1 sm:gap-2" aria-label="Étapes">
        {MANDATE_LABELS.wizardSteps.map((name, index) => {
          const number = index + 1;
          const state = number < step ? 'done' : number === step ? 'current' : 'todo';
          return (
            <li
              key={name}
              aria-current={state === 'current' ? 'step' : undefined}
              className="flex flex-col items-center gap-1 text-center"
            >
              <span
                className={cn(
                  'flex size-8 items-center justify-center rounded-full border-2 text-sm font-semibold',
                  state === 'current' && 'border-primary bg-primary text-primary-foreground',
                  state === 'done' && 'border-primary bg-accent text-accent-foreground',
                  state === 'todo' && 'border-border-strong text-muted-foreground',
                )}
              >
                {number}
              </span>
              <span
                className={cn(
                  'text-[11px] leading-tight sm:text-xs',
                  state === 'current' ? 'font-semibold text-foreground' : 'text-muted-foreground',
                )}
              >
                {name}
                <span className="sr-only">{state === 'done' ? ' (terminée)' : ''}</span>
              </span>
            </li>
          );
        })}
      </ol>

      <h3 ref={headingRef} tabIndex={-1} className="text-lg font-semibold text-foreground outline-none">
        Étape {step} sur {STEP_COUNT} : {stepTitle}
      </h3>

      {step === 1 ? <EnergyAndManagerFields form={form} /> : null}
      {step === 2 ? <AddressFields form={form} suggest /> : null}
      {step === 3 ? <DeliveryPointField form={form} /> : null}
      {step === 4 ? (
        <div className="flex flex-col gap-6">
          <DataTypesFields form={form} loadCurve={values.energy_type === 'electricity'} />
          <DurationField
            value={values.duration_months}
            onChange={(months) => form.setValue('duration_months', months)}
          />
          {errors.duration_months?.message ? (
            <p className="text-sm font-medium text-danger">{errors.duration_months.message}</p>
          ) : null}
        </div>
      ) : null}
      {step === 5 ? (
        <div className="flex flex-col gap-4">
          <dl className="grid gap-x-4 gap-y-1 rounded-lg border border-border bg-muted/40 p-4 text-sm sm:grid-cols-[auto_1fr]">
            <dt className="text-muted-foreground">Gestionnaire</dt>
            <dd className="text-foreground">
              {values.manager === 'other'
                ? values.manager_name
                : values.manager
                  ? mandateManagerLabels[values.manager]
                  : ''}
            </dd>
            <dt className="text-muted-foreground">Numéro {label}</dt>
            <dd className="font-mono text-foreground">{values.number}</dd>
            <dt className="text-muted-foreground">Adresse</dt>
            <dd className="text-foreground">
              {values.delivery_point_address}, {values.delivery_point_postal_code} {values.delivery_point_city}
            </dd>
            <dt className="text-muted-foreground">Durée</dt>
            <dd className="text-foreground">{values.duration_months} mois</dd>
          </dl>
          <p className="text-sm text-muted-foreground">
            En signant, vous autorisez le gestionnaire à nous transmettre les données cochées pendant la durée choisie.
            Vous pouvez révoquer ce mandat à tout moment.
          </p>
          <SignaturePad
            invalid={Boolean(errors.signature)}
            describedBy={errors.signature ? signatureErrorId : undefined}
            onChange={(dataUrl) => {
              form.setValue('signature', dataUrl);
              if (dataUrl) {
                form.clearErrors('signature');
              }
            }}
          />
          <div aria-live="polite">
            {errors.signature?.message ? (
              <p id={signatureErrorId} className="text-sm font-medium text-danger">
                {errors.signature.message}
              </p>
            ) : null}
          </div>
        </div>
      ) : null}

      <div className="flex flex-wrap items-center justify-between gap-3 border-t border-border pt-4">
        <Button variant="ghost" onClick={onCancel}>
          Annuler
        </Button>
        <div className="flex gap-3">
          {step > 1 ? (
            <Button
              variant="outline"
              onClick={() => {
                form.clearErrors();
                setStep((step - 1) as Step);
              }}
            >
              <ChevronLeft aria-hidden="true" className="size-4" />
              {MANDATE_LABELS.previous}
            </Button>
          ) : null}
          {step < STEP_COUNT ? (
            <Button type="submit">
              {MANDATE_LABELS.next}
              <ChevronRight aria-hidden="true" className="size-4" />
            </Button>
          ) : (
            <Button type="submit" disabled={create.isPending}>
              <PenLine aria-hidden="true" className="size-4" />
              {create.isPending ? 'Signature…' : 'Signer le mandat'}
            </Button>
          )}
        </div>
      </div>
    </form>
  );
}
