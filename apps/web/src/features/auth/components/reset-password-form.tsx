import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { FormError } from '../../../components/ui/form-error.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { type ResetPasswordInput, resetPasswordInputSchema, useResetPassword } from '../api/reset-password.ts';
import { PasswordInput } from './password-input.tsx';
import { PASSWORD_RULES_HINT, PasswordStrengthMeter } from './password-strength.tsx';

/** The new password (same score rules as sign-up); `token` comes from the link of the reset e-mail. */
export function ResetPasswordForm({ token, signInLink }: { token: string; signInLink: React.ReactNode }) {
  const reset = useResetPassword();
  const form = useForm<ResetPasswordInput, unknown, ReturnType<typeof resetPasswordInputSchema.parse>>({
    resolver: zodResolver(resetPasswordInputSchema),
    mode: 'onTouched',
    reValidateMode: 'onChange',
    defaultValues: { newPassword: '' },
  });
  const { errors } = form.formState;
  const password = form.watch('newPassword');

  if (reset.isSuccess) {
    return (
      <Alert tone="success">
        Votre mot de passe a été modifié et toutes vos sessions ont été fermées. {signInLink}
      </Alert>
    );
  }

  return (
    <form
      noValidate
      aria-label="Nouveau mot de passe"
      className="flex flex-col gap-4"
      onSubmit={form.handleSubmit((values) => reset.mutate({ token, newPassword: values.newPassword }))}
    >
      <FormField
        label="Nouveau mot de passe"
        error={errors.newPassword?.message}
        hint={
          <>
            <PasswordStrengthMeter password={password} />
            <span className="mt-1 block">{PASSWORD_RULES_HINT}</span>
          </>
        }
      >
        {(control) => <PasswordInput {...control} autoComplete="new-password" {...form.register('newPassword')} />}
      </FormField>
      <FormError error={reset.error} />
      <Button type="submit" size="lg" disabled={reset.isPending}>
        {reset.isPending ? 'Enregistrement…' : 'Enregistrer le nouveau mot de passe'}
      </Button>
    </form>
  );
}
