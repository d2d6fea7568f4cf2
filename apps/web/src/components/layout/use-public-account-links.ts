import { useEffect, useState } from 'react';
import type { PublicAccountLinks } from '../../lib/session-hint.ts';

export type { PublicAccountLinks };

/**
 * A visitor's links until the session is known: sign up, then the trial page (ADR 0029; the same text as
 * `VISITOR_TRIAL_HREF` of the lazily loaded `lib/session-hint.ts`, checked by its test).
 */
export const VISITOR_LINKS: PublicAccountLinks = {
  account: { href: '/login', label: 'Se connecter' },
  trialHref: '/login?signup=true&redirect=%2Fprivate%2Faccount%2Ftrial',
};

/**
 * The links of the public header and calls to action (issue 12, ADR 0029): a visitor signs up and then starts the
 * trial (the trial page is the sign-in's redirect target); a signed-in user on the free tier goes straight to the
 * trial page; a signed-in user who already has another tier sees no trial offer. The session hint and the rules
 * live in a lazily loaded module (`lib/session-hint.ts`), so the landing's entry script stays within its budget.
 */
export function usePublicAccountLinks(): PublicAccountLinks {
  const [links, setLinks] = useState(VISITOR_LINKS);
  useEffect(() => {
    let stop: (() => void) | undefined;
    let active = true;
    // A chunk that cannot load (offline, new deployment) leaves the visitor's links, which is always safe.
    import('../../lib/session-hint.ts').then((module) => {
      stop = active ? module.watchPublicAccountLinks(setLinks) : undefined;
    }, Boolean);
    return () => {
      active = false;
      stop?.();
    };
  }, []);
  return links;
}
