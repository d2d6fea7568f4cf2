export type LoginMode = 'sign-in' | 'sign-up' | 'forgot-password' | 'change-email';

/** `?signup=true` (spec §2.2), `?mode=forgot-password`, `?mode=change-email`; otherwise sign-in. */
export function getLoginMode(searchParams: URLSearchParams): LoginMode {
  if (searchParams.get('signup') === 'true') {
    return 'sign-up';
  }
  const mode = searchParams.get('mode');
  if (mode === 'forgot-password' || mode === 'change-email') {
    return mode;
  }
  return 'sign-in';
}
