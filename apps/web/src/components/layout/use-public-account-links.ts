import { useEffect, useState } from 'react';
import { paths } from '../../config/paths.ts';
import type { SessionHint } from '../../lib/session-hint.ts';

export type PublicAccountLinks = {
  /** Signed-in visitors get the way to their private area instead of 'Se connecter'. */
  signedIn: boolean;
  /** Where « Essai gratuit » leads, or null when the visitor already has a plan (nothing to try). */
  trialHref: string | null;
};

const TRIAL_PAGE = paths.accountTrial.getHref();

/** The session hint, from a lazily loaded module (the landing's entry script stays within its budget). */
function useLazySessionHint(): SessionHint {
  const [hint, setHint] = useState<SessionHint>({ status: 'unknown' });
  useEffect(() => {
    let stop: (() => void) | undefined;
    let active = true;
    // A chunk that cannot load (offline, new deployment) leaves the visitor's links, which is always safe.
    import('../../lib/session-hint.ts').then((module) => {
      stop = active ? module.watchSessionHint(setHint) : undefined;
    }, Boolean);
    return () => {
      active = false;
      stop?.();
    };
  }, []);
  return hint;
}

/**
 * The links of the public header and calls to action (issue 12, ADR 0029): a visitor signs up and then starts the
 * trial (the trial page is the sign-in's redirect target); a signed-in user on the free tier goes straight to the
 * trial page; a signed-in user who already has another tier sees no trial offer.
 */
export function usePublicAccountLinks(): PublicAccountLinks {
  const hint = useLazySessionHint();
  if (hint.status !== 'signed-in') {
    return { signedIn: false, trialHref: paths.login.getHref({ signup: true, redirect: TRIAL_PAGE }) };
  }
  return { signedIn: true, trialHref: hint.tier === 'free' || hint.tier === null ? TRIAL_PAGE : null };
}

export const PRIVATE_AREA_LABEL = 'Mon espace';
