import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { DocumentTitle } from '../../../components/layout/page-header.tsx';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { LoadingState } from '../../../components/ui/spinner.tsx';
import { paths } from '../../../config/paths.ts';
import { forgetSession, useSignOut } from '../../../features/auth/api/sign-out.ts';
import { SplashScreen } from '../../../features/private-area/components/splash-screen.tsx';
import { useInactivityLogout } from '../../../features/private-area/hooks/use-inactivity-logout.ts';
import { usePrefersReducedMotion } from '../../../features/private-area/hooks/use-prefers-reduced-motion.ts';
import { useSplash } from '../../../features/private-area/hooks/use-splash.ts';
import { isApiClientError } from '../../../lib/api-error.ts';
import { sessionQueryKey, useSession } from '../../../lib/session.ts';
import { PrivateLayout } from '../../layouts/private-layout.tsx';
import { prefetchSession, onlyWhenEntered as shouldRevalidate } from '../../providers/route-query-client.ts';

export const SIGN_OUT_FAILED_MESSAGE = 'Erreur lors de la déconnexion';

/** The session is asked for as the route is entered, not when the guard first renders (ADR 0058). */
export function loader() {
  prefetchSession();
  return null;
}

/**
 * `/private/*` (spec §2.3, §4): the splash screen while the session is checked, then the layout when a user is
 * present, else `/login` remembering where the user wanted to go. Signs out after 5 minutes of inactivity.
 */
function PrivateAreaRoute() {
  const session = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const signOut = useSignOut();
  const reducedMotion = usePrefersReducedMotion();
  const splash = useSplash({ ready: !session.isPending });
  /** Set while we leave on purpose (sign-out): the guard must not add its own redirect. */
  const isLeaving = useRef(false);
  const user = session.data ?? null;
  // One object per location: <Navigate> navigates again whenever its `state` changes identity.
  const loginState = useMemo(
    () => ({ from: { pathname: location.pathname, search: location.search, hash: location.hash } }),
    [location.pathname, location.search, location.hash],
  );

  const endSession = async (reason?: 'inactivity') => {
    try {
      await signOut.mutateAsync();
    } catch {
      if (!reason) {
        toast.error(SIGN_OUT_FAILED_MESSAGE);
        return;
      }
      // Inactivity: forget the session on this page even if the server could not be told.
    }
    isLeaving.current = true;
    forgetSession(queryClient);
    await navigate(paths.login.getHref(), { replace: true, state: reason ? { reason } : undefined });
  };

  // Any call answered 401 (session expired or revoked elsewhere): check the session again; the guard then sends the
  // user to /login, remembering the page.
  useEffect(() => {
    const onError = (error: unknown) => {
      if (isApiClientError(error) && error.status === 401) {
        void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
      }
    };
    const stopQueries = queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') {
        onError(event.action.error);
      }
    });
    const stopMutations = queryClient.getMutationCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') {
        onError(event.action.error);
      }
    });
    return () => {
      stopQueries();
      stopMutations();
    };
  }, [queryClient]);

  useInactivityLogout({ enabled: user !== null, onTimeout: () => void endSession('inactivity') });

  if (session.isSuccess && !user) {
    if (isLeaving.current) {
      return null;
    }
    return <Navigate to={paths.login.getHref()} replace state={loginState} />;
  }

  return (
    <>
      <SplashScreen phase={splash.phase} canSkip={splash.canSkip} onSkip={splash.skip} reducedMotion={reducedMotion} />
      {user ? (
        <PrivateLayout
          user={user}
          inert={splash.phase === 'visible'}
          showWelcome={splash.phase === 'done'}
          onSignOut={() => void endSession()}
          isSigningOut={signOut.isPending}
        />
      ) : session.isError ? (
        <main id="main" tabIndex={-1} className="mx-auto flex w-full max-w-xl flex-col gap-4 px-4 py-16">
          <DocumentTitle title="Espace client" />
          <Alert tone="error">
            Impossible de vérifier votre session : {session.error.message}. Vérifiez votre connexion et réessayez.
          </Alert>
          <Button className="self-start" onClick={() => void session.refetch()}>
            Réessayer
          </Button>
        </main>
      ) : splash.phase === 'done' ? (
        <main id="main" tabIndex={-1} className="flex min-h-dvh items-center justify-center">
          <LoadingState label="Vérification de la session…" />
        </main>
      ) : null}
    </>
  );
}

export { PrivateAreaRoute as Component, shouldRevalidate };
