/**
 * Whether someone is signed in, for the public pages (header and free-trial call to action): they do without the
 * query client and the API client (landing budget, issue 6), so this reads `GET /api/auth/get-session` once per
 * page load with a bare `fetch`, and the private area's own session query (`features/auth/api/get-session.ts`)
 * keeps it up to date after sign-in and sign-out. It only chooses links: every private page still checks the
 * session itself, so a wrong hint costs one redirect to /login. The public pages load this module lazily
 * (`components/layout/use-public-account-links.ts`), so the landing's entry script does not grow (issue 6 budget).
 */
import type { UserTier } from '@pilote/contracts';

export type SessionHint =
  | { status: 'unknown' }
  | { status: 'signed-out' }
  | { status: 'signed-in'; tier: UserTier | null };

const UNKNOWN: SessionHint = { status: 'unknown' };
const SIGNED_OUT: SessionHint = { status: 'signed-out' };

let hint: SessionHint = UNKNOWN;
let started = false;
const listeners = new Set<() => void>();

function publish(next: SessionHint): void {
  hint = next;
  for (const listener of listeners) {
    listener();
  }
}

/** Records what the session query learnt (a user's tier, or null when signed out). */
export function setSessionHint(user: { tier: UserTier } | null): void {
  started = true;
  publish(user ? { status: 'signed-in', tier: user.tier } : SIGNED_OUT);
}

function tierOf(body: unknown): UserTier | null {
  if (typeof body === 'object' && body !== null && 'user' in body) {
    const user = body.user;
    if (typeof user === 'object' && user !== null && 'tier' in user && typeof user.tier === 'string') {
      return user.tier as UserTier;
    }
  }
  return null;
}

async function readSession(): Promise<SessionHint> {
  try {
    const response = await fetch('/api/auth/get-session', {
      credentials: 'include',
      headers: { Accept: 'application/json' },
    });
    if (!response.ok) {
      return SIGNED_OUT;
    }
    const body: unknown = await response.json();
    return body === null ? SIGNED_OUT : { status: 'signed-in', tier: tierOf(body) };
  } catch {
    // Offline or no API (static preview): the public links for a visitor are the safe choice.
    return SIGNED_OUT;
  }
}

/** Listens to the hint; the first listener starts the one `get-session` read of the page load. */
export function subscribeSessionHint(listener: () => void): () => void {
  listeners.add(listener);
  if (!started) {
    started = true;
    void readSession().then((read) => {
      // The session query may have answered meanwhile: it is the fresher source.
      if (hint.status === 'unknown') {
        publish(read);
      }
    });
  }
  return () => listeners.delete(listener);
}

export function getSessionHint(): SessionHint {
  return hint;
}

export type PublicAccountLinks = {
  /** Signed-in visitors get the way to their private area (« Mon espace ») instead of 'Se connecter'. */
  account: { href: string; label: string };
  /** Where « Essai gratuit » leads, or null when the visitor already has a plan (nothing to try). */
  trialHref: string | null;
};

/**
 * `paths.accountTrial` and the sign-up link that leads there (`session-hint.test.ts` checks them against `paths`):
 * written out because importing `config/paths.ts` here makes the bundler split it out of the landing's entry.
 */
export const TRIAL_PAGE = '/private/account/trial';
export const VISITOR_TRIAL_HREF = '/login?signup=true&redirect=%2Fprivate%2Faccount%2Ftrial';
export const SIGN_IN = { href: '/login', label: 'Se connecter' };
export const PRIVATE_AREA = { href: '/private', label: 'Mon espace' };

/** ADR 0029: sign up then the trial page; the trial page for the free tier; no trial offer on another tier. */
export function publicAccountLinks(current: SessionHint): PublicAccountLinks {
  if (current.status !== 'signed-in') {
    return { account: SIGN_IN, trialHref: VISITOR_TRIAL_HREF };
  }
  return { account: PRIVATE_AREA, trialHref: current.tier === 'free' || current.tier === null ? TRIAL_PAGE : null };
}

/** Calls `onChange` with the links now and whenever the hint changes; returns the unsubscribe function. */
export function watchPublicAccountLinks(onChange: (links: PublicAccountLinks) => void): () => void {
  const unsubscribe = subscribeSessionHint(() => onChange(publicAccountLinks(hint)));
  onChange(publicAccountLinks(hint));
  return unsubscribe;
}

/** For tests: forget what was read. */
export function resetSessionHintForTests(): void {
  hint = UNKNOWN;
  started = false;
}
