import { zodResolver } from '@hookform/resolvers/zod';
import { type AccountUser, authMessages } from '@pilote/contracts';
import { useForm } from 'react-hook-form';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { FormError } from '../../../components/ui/form-error.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { type ChangeEmailInput, changeEmailInputSchema, useChangeEmail } from '../api/change-email.ts';
import { authFormMessages } from '../utils/form-messages.ts';

/** New e-mail address (signed in only; spec §5 message otherwise), confirmed by the current password (ADR 0016). */
export function ChangeEmailForm({ user }: { user: AccountUser | null }) {
  const change = useChangeEmail();
  const form = useForm<ChangeEmailInput, unknown, ReturnType<typeof changeEmailInputSchema.parse>>({
    resolver: zodResolver(changeEmailInputSchema),
    mode: 'onTouched',
    reValidateMode: 'onChange',
    defaultValues: { newEmail: '', currentPassword: '' },
  });
  const { errors } = form.formState;

  if (!user) {
    return <Alert tone="error">{authMessages.changeEmailSignedOut}</Alert>;
  }
  if (change.isSuccess) {
    return <Alert tone="success">{authFormMessages.changeEmailRequested(change.variables.newEmail)}</Alert>;
  }

  return (
    <form
      noValidate
      aria-label="Modifier l'adresse e-mail"
      className="flex flex-col gap-4"
      onSubmit={form.handleSubmit((values) => change.mutate(values))}
    >
      <p className="text-sm text-muted-foreground">
        Adresse actuelle : <span className="font-medium text-foreground">{user.email}</span>
      </p>
      <FormField
        label="Nouvelle adresse e-mail"
        error={errors.newEmail?.message}
        hint="Un lien de confirmation sera envoyé à la nouvelle adresse."
      >
        {(control) => <Input {...control} type="email" autoComplete="email" {...form.register('newEmail')} />}
      </FormField>
      <FormField
        label="Mot de passe actuel"
        error={errors.currentPassword?.message}
        hint={authFormMessages.changeEmailPasswordHint}
      >
        {(control) => (
          <Input {...control} type="password" autoComplete="current-password" {...form.register('currentPassword')} />
        )}
      </FormField>
      <FormError error={change.error} />
      <Button type="submit" size="lg" disabled={change.isPending}>
        {change.isPending ? 'Envoi…' : "Modifier l'adresse e-mail"}
      </Button>
    </form>
  );
}
