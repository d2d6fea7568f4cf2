import { useSearchParams } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Link } from '../../../components/ui/link.tsx';
import { paths } from '../../../config/paths.ts';
import { ResetPasswordForm } from '../../../features/auth/components/reset-password-form.tsx';
import { describeLinkError } from '../../../features/auth/utils/form-messages.ts';
import { AuthFrame } from './auth-frame.tsx';

/**
 * Where the password-reset e-mail leads: `/api/auth/reset-password/{token}?callbackURL=/login/reset-password`
 * checks the token and redirects here with `?token=…`, or with `?error=INVALID_TOKEN`.
 */
function ResetPasswordPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  const error = searchParams.get('error');
  return (
    <AuthFrame title="Nouveau mot de passe" lead="Choisissez le nouveau mot de passe de votre compte.">
      {token && !error ? (
        <ResetPasswordForm token={token} signInLink={<Link to={paths.login.getHref()}>Se connecter</Link>} />
      ) : (
        <div className="flex flex-col gap-4">
          <Alert tone="error">{describeLinkError(error)}</Alert>
          <Link to={paths.loginForgotPassword.getHref()}>Demander un nouveau lien</Link>
        </div>
      )}
    </AuthFrame>
  );
}

export { ResetPasswordPage as Component };
