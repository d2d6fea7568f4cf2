import { useEffect } from 'react';
import { Navigate, useLocation, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { Alert } from '../../../components/ui/alert.tsx';
import { Link } from '../../../components/ui/link.tsx';
import { LoadingState } from '../../../components/ui/spinner.tsx';
import { paths } from '../../../config/paths.ts';
import { ChangeEmailForm } from '../../../features/auth/components/change-email-form.tsx';
import { ForgotPasswordForm } from '../../../features/auth/components/forgot-password-form.tsx';
import { SignInForm } from '../../../features/auth/components/sign-in-form.tsx';
import { SignUpForm } from '../../../features/auth/components/sign-up-form.tsx';
import { SocialSignIn } from '../../../features/auth/components/social-sign-in.tsx';
import { authFormMessages } from '../../../features/auth/utils/form-messages.ts';
import { getLoginMode, type LoginMode } from '../../../features/auth/utils/login-mode.ts';
import { getRedirectTarget, toSafeRedirect } from '../../../features/auth/utils/redirect.ts';
import { useSession } from '../../../lib/session.ts';
import { prefetchSession, onlyWhenEntered as shouldRevalidate } from '../../providers/route-query-client.ts';
import { AuthFrame } from './auth-frame.tsx';

const titles: Record<LoginMode, string> = {
  'sign-in': 'Connexion',
  'sign-up': 'Créer un compte',
  'forgot-password': 'Mot de passe oublié',
  'change-email': "Modifier l'adresse e-mail",
};

const leads: Record<LoginMode, string> = {
  'sign-in': 'Accédez à votre espace Pilote Énergie.',
  'sign-up': 'Essai gratuit, sans carte bancaire. Un e-mail de vérification vous sera envoyé.',
  'forgot-password': 'Indiquez votre adresse e-mail : nous vous enverrons un lien de réinitialisation.',
  'change-email': 'La nouvelle adresse sera utilisée après confirmation par e-mail.',
};

/** Where the undo link mailed to the old address lands (`/login?emailChange=…`, ADR 0016). */
function EmailChangeOutcome({ outcome }: { outcome: string | null }) {
  if (outcome === 'undone') {
    return <Alert tone="success">{authFormMessages.emailChangeUndone}</Alert>;
  }
  if (outcome === 'invalid') {
    return <Alert tone="error">{authFormMessages.emailChangeUndoInvalid}</Alert>;
  }
  if (outcome === 'conflict') {
    return <Alert tone="error">{authFormMessages.emailChangeUndoConflict}</Alert>;
  }
  return null;
}

/** Keeps `?redirect=` when switching between the modes of the page. */
function withRedirect(href: string, searchParams: URLSearchParams): string {
  const redirect = searchParams.get('redirect');
  if (!redirect) {
    return href;
  }
  return `${href}${href.includes('?') ? '&' : '?'}redirect=${encodeURIComponent(redirect)}`;
}

/** Spec §2.2: sign-in, sign-up (`?signup=true`), forgot password, change of e-mail (signed in). */
/** The session (already signed in → the private area) is asked for as the route is entered (ADR 0058). */
export function loader() {
  prefetchSession();
  return null;
}

function LoginPage() {
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const mode = getLoginMode(searchParams);
  const session = useSession();
  const target = getRedirectTarget(location.state, searchParams);
  const loggedOutForInactivity = (location.state as { reason?: unknown } | null)?.reason === 'inactivity';

  useEffect(() => {
    if (loggedOutForInactivity) {
      toast.info(authFormMessages.inactivityLogout, { id: 'inactivity-logout' });
    }
  }, [loggedOutForInactivity]);

  const user = session.data ?? null;
  if (user && mode !== 'change-email') {
    return <Navigate to={target} replace />;
  }

  const linkState = location.state;
  return (
    <AuthFrame title={titles[mode]} lead={leads[mode]}>
      {session.isPending ? (
        <LoadingState label="Vérification de la session…" />
      ) : (
        <>
          {mode === 'sign-in' ? (
            <div className="mb-4 empty:hidden">
              <EmailChangeOutcome outcome={searchParams.get('emailChange')} />
            </div>
          ) : null}
          {mode === 'sign-in' ? <SignInForm /> : null}
          {mode === 'sign-up' ? <SignUpForm redirect={toSafeRedirect(searchParams.get('redirect'))} /> : null}
          {mode === 'forgot-password' ? <ForgotPasswordForm /> : null}
          {mode === 'change-email' ? <ChangeEmailForm user={user} /> : null}
          {mode === 'sign-in' || mode === 'sign-up' ? (
            <div className="mt-6">
              <SocialSignIn callbackURL={target} failed={searchParams.get('oauth') === 'failed'} />
            </div>
          ) : null}
        </>
      )}
      <nav aria-label="Autres actions" className="mt-6 border-t border-border pt-4">
        <ul className="flex flex-col gap-2 text-sm">
          {mode === 'sign-in' ? (
            <>
              <li>
                <Link to={withRedirect(paths.loginForgotPassword.getHref(), searchParams)} state={linkState}>
                  Mot de passe oublié ?
                </Link>
              </li>
              <li>
                Pas encore de compte ?{' '}
                <Link to={withRedirect(paths.login.getHref({ signup: true }), searchParams)} state={linkState}>
                  Créer un compte
                </Link>
              </li>
            </>
          ) : null}
          {mode === 'sign-up' ? (
            <li>
              Déjà un compte ?{' '}
              <Link to={withRedirect(paths.login.getHref(), searchParams)} state={linkState}>
                Se connecter
              </Link>
            </li>
          ) : null}
          {mode === 'forgot-password' ? (
            <li>
              <Link to={withRedirect(paths.login.getHref(), searchParams)} state={linkState}>
                Retour à la connexion
              </Link>
            </li>
          ) : null}
          {mode === 'change-email' ? (
            <li>
              {user ? (
                <Link to={paths.accountSettings.getHref()}>Retour à mon compte</Link>
              ) : (
                <Link to={paths.login.getHref()}>Se connecter</Link>
              )}
            </li>
          ) : null}
        </ul>
      </nav>
    </AuthFrame>
  );
}

export { LoginPage as Component, shouldRevalidate };
