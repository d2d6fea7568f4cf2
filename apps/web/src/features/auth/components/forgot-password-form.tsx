import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { FormError } from '../../../components/ui/form-error.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import {
  type RequestPasswordResetInput,
  requestPasswordResetInputSchema,
  useRequestPasswordReset,
} from '../api/request-password-reset.ts';
import { authFormMessages } from '../utils/form-messages.ts';

/** Asks for a reset link (disposable domains refused with the reset variant of the message). */
export function ForgotPasswordForm() {
  const request = useRequestPasswordReset();
  const form = useForm<RequestPasswordResetInput, unknown, ReturnType<typeof requestPasswordResetInputSchema.parse>>({
    resolver: zodResolver(requestPasswordResetInputSchema),
    mode: 'onTouched',
    reValidateMode: 'onChange',
    defaultValues: { email: '' },
  });
  const { errors } = form.formState;

  if (request.isSuccess) {
    return <Alert tone="success">{authFormMessages.resetRequested(request.variables.email)}</Alert>;
  }

  return (
    <form
      noValidate
      aria-label="Mot de passe oublié"
      className="flex flex-col gap-4"
      onSubmit={form.handleSubmit((values) => request.mutate(values))}
    >
      <FormField
        label="Adresse e-mail"
        error={errors.email?.message}
        hint="Nous vous enverrons un lien pour choisir un nouveau mot de passe."
      >
        {(control) => <Input {...control} type="email" autoComplete="email" {...form.register('email')} />}
      </FormField>
      <FormError error={request.error} />
      <Button type="submit" size="lg" disabled={request.isPending}>
        {request.isPending ? 'Envoi…' : 'Envoyer le lien de réinitialisation'}
      </Button>
    </form>
  );
}
