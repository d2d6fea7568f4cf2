import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Link } from '../../../components/ui/link.tsx';
import { paths } from '../../../config/paths.ts';
import { ResendVerificationForm } from '../../../features/auth/components/resend-verification-form.tsx';
import { describeLinkError } from '../../../features/auth/utils/form-messages.ts';
import { toSafeRedirect, withRedirect } from '../../../features/auth/utils/redirect.ts';
import { sessionQueryKey } from '../../../lib/session.ts';
import { AuthFrame } from './auth-frame.tsx';

/**
 * Where the verification link leads: `/api/auth/verify-email?token=…&callbackURL=/login/email-verified` marks the
 * address verified and redirects here (with `?error=…` when the link is invalid or expired). After a change of
 * address (`?change=true`) the session's e-mail is read again.
 */
function EmailVerifiedPage() {
  const [searchParams] = useSearchParams();
  const error = searchParams.get('error');
  const isChange = searchParams.get('change') === 'true';
  // Kept from the sign-up (e.g. the trial page of « Essai gratuit »): sign-in leads there.
  const redirect = toSafeRedirect(searchParams.get('redirect'));
  const queryClient = useQueryClient();

  useEffect(() => {
    if (!error) {
      void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
    }
  }, [error, queryClient]);

  if (error) {
    return (
      <AuthFrame title="Lien de vérification invalide">
        <div className="flex flex-col gap-6">
          <Alert tone="error">{describeLinkError(error)}</Alert>
          {isChange ? (
            <Link to={paths.loginChangeEmail.getHref()}>Recommencer le changement d'adresse</Link>
          ) : (
            <ResendVerificationForm />
          )}
        </div>
      </AuthFrame>
    );
  }
  return (
    <AuthFrame title="Adresse e-mail vérifiée">
      <div className="flex flex-col gap-4">
        <Alert tone="success">
          {isChange
            ? 'Votre nouvelle adresse e-mail est confirmée : utilisez-la désormais pour vous connecter.'
            : 'Votre adresse e-mail est vérifiée : votre compte est actif. Vous pouvez maintenant vous connecter.'}
        </Alert>
        <Link to={isChange ? paths.accountSettings.getHref() : withRedirect(paths.login.getHref(), redirect)}>
          {isChange ? 'Retour à mon compte' : 'Se connecter'}
        </Link>
      </div>
    </AuthFrame>
  );
}

export { EmailVerifiedPage as Component };
