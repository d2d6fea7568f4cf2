import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button.tsx';
import { FormError } from '../../../components/ui/form-error.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { type SignInInput, signInInputSchema, useSignIn } from '../api/sign-in.ts';
import { PasswordInput } from './password-input.tsx';

/** E-mail and password. On success the session query holds the user and /login redirects. */
export function SignInForm() {
  const signIn = useSignIn();
  const form = useForm<SignInInput, unknown, ReturnType<typeof signInInputSchema.parse>>({
    resolver: zodResolver(signInInputSchema),
    mode: 'onTouched',
    reValidateMode: 'onChange',
    defaultValues: { email: '', password: '' },
  });
  const { errors } = form.formState;

  return (
    <form
      noValidate
      aria-label="Connexion"
      className="flex flex-col gap-4"
      onSubmit={form.handleSubmit((values) => signIn.mutate(values))}
    >
      <FormField label="Adresse e-mail" error={errors.email?.message}>
        {(control) => <Input {...control} type="email" autoComplete="email" {...form.register('email')} />}
      </FormField>
      <FormField label="Mot de passe" error={errors.password?.message}>
        {(control) => <PasswordInput {...control} autoComplete="current-password" {...form.register('password')} />}
      </FormField>
      <FormError error={signIn.error} />
      <Button type="submit" size="lg" disabled={signIn.isPending}>
        {signIn.isPending ? 'Connexion…' : 'Se connecter'}
      </Button>
    </form>
  );
}
