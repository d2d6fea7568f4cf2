import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { FormError } from '../../../components/ui/form-error.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { type SignUpInput, signUpInputSchema, useSignUp } from '../api/sign-up.ts';
import { authFormMessages } from '../utils/form-messages.ts';
import { PasswordInput } from './password-input.tsx';
import { PASSWORD_RULES_HINT, PasswordStrengthMeter } from './password-strength.tsx';

/**
 * Spec §5: e-mail format, disposable domains refused, password score shown while typing and accepted from
 * "strong"; the password rule is shown when the field loses focus. After sign-up, the user is told to open the
 * verification link.
 */
export function SignUpForm({ onDone, redirect }: { onDone?: () => void; redirect?: string | null }) {
  const signUp = useSignUp({ redirect });
  const form = useForm<SignUpInput, unknown, ReturnType<typeof signUpInputSchema.parse>>({
    resolver: zodResolver(signUpInputSchema),
    mode: 'onTouched',
    reValidateMode: 'onChange',
    defaultValues: { email: '', password: '' },
  });
  const { errors } = form.formState;
  const password = form.watch('password');

  if (signUp.isSuccess) {
    return (
      <Alert tone="success" data-testid="sign-up-done">
        {authFormMessages.signUpDone(signUp.variables.email)}
      </Alert>
    );
  }

  return (
    <form
      noValidate
      aria-label="Création de compte"
      className="flex flex-col gap-4"
      onSubmit={form.handleSubmit((values) => signUp.mutate(values, { onSuccess: onDone }))}
    >
      <FormField label="Adresse e-mail" error={errors.email?.message}>
        {(control) => <Input {...control} type="email" autoComplete="email" {...form.register('email')} />}
      </FormField>
      <FormField
        label="Mot de passe"
        error={errors.password?.message}
        hint={
          <>
            <PasswordStrengthMeter password={password} />
            <span className="mt-1 block">{PASSWORD_RULES_HINT}</span>
          </>
        }
      >
        {(control) => <PasswordInput {...control} autoComplete="new-password" {...form.register('password')} />}
      </FormField>
      <FormError error={signUp.error} />
      <Button type="submit" size="lg" disabled={signUp.isPending}>
        {signUp.isPending ? 'Création du compte…' : 'Créer mon compte'}
      </Button>
    </form>
  );
}
