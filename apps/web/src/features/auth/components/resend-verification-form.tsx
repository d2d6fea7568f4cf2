import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { FormError } from '../../../components/ui/form-error.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import {
  type SendVerificationEmailInput,
  sendVerificationEmailInputSchema,
  useSendVerificationEmail,
} from '../api/send-verification-email.ts';

/** Asks for a new verification link when the first one expired. */
export function ResendVerificationForm() {
  const send = useSendVerificationEmail();
  const form = useForm<SendVerificationEmailInput, unknown, ReturnType<typeof sendVerificationEmailInputSchema.parse>>({
    resolver: zodResolver(sendVerificationEmailInputSchema),
    mode: 'onTouched',
    reValidateMode: 'onChange',
    defaultValues: { email: '' },
  });
  const { errors } = form.formState;

  if (send.isSuccess) {
    return (
      <Alert tone="success">
        Si cette adresse attend une vérification, un nouveau lien vient d'être envoyé à {send.variables.email}.
      </Alert>
    );
  }
  return (
    <form
      noValidate
      aria-label="Renvoyer le lien de vérification"
      className="flex flex-col gap-4"
      onSubmit={form.handleSubmit((values) => send.mutate(values))}
    >
      <FormField label="Adresse e-mail" error={errors.email?.message}>
        {(control) => <Input {...control} type="email" autoComplete="email" {...form.register('email')} />}
      </FormField>
      <FormError error={send.error} />
      <Button type="submit" variant="outline" disabled={send.isPending}>
        {send.isPending ? 'Envoi…' : 'Renvoyer un lien de vérification'}
      </Button>
    </form>
  );
}
