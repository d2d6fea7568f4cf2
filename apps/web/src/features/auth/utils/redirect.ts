import { paths } from '../../../config/paths.ts';

/** Where /login sends a signed-in user when nothing better is known (spec §2.2: /private → gas dashboard). */
export const DEFAULT_AFTER_SIGN_IN = paths.private.getHref();

/**
 * A same-site path we may send the user to after sign-in, or null. Only relative paths ("/private/…"): no scheme,
 * no protocol-relative "//host", no backslash tricks, no control characters, and never /login itself (loop).
 */
export function toSafeRedirect(value: unknown): string | null {
  if (typeof value !== 'string' || value.length === 0 || value.length > 2000) {
    return null;
  }
  if (!value.startsWith('/') || value.startsWith('//') || value.includes('\\')) {
    return null;
  }
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point.
  if (/[\u0000-\u001f\u007f]/.test(value)) {
    return null;
  }
  let url: URL;
  try {
    url = new URL(value, 'http://pilote.invalid');
  } catch {
    return null;
  }
  if (url.origin !== 'http://pilote.invalid') {
    return null;
  }
  if (url.pathname === paths.login.path || url.pathname.startsWith(`${paths.login.path}/`)) {
    return null;
  }
  return `${url.pathname}${url.search}${url.hash}`;
}

type FromState = { from?: unknown } | null | undefined;

function fromLocationState(state: unknown): string | null {
  const from = (state as FromState)?.from;
  if (typeof from === 'string') {
    return toSafeRedirect(from);
  }
  if (typeof from === 'object' && from !== null && 'pathname' in from && typeof from.pathname === 'string') {
    const search = 'search' in from && typeof from.search === 'string' ? from.search : '';
    const hash = 'hash' in from && typeof from.hash === 'string' ? from.hash : '';
    return toSafeRedirect(`${from.pathname}${search}${hash}`);
  }
  return null;
}

/** The page the user came from (`location.state.from`, then `?redirect=`), else /private. */
export function getRedirectTarget(state: unknown, searchParams: URLSearchParams): string {
  return fromLocationState(state) ?? toSafeRedirect(searchParams.get('redirect')) ?? DEFAULT_AFTER_SIGN_IN;
}

/** `href` with `?redirect=` (or `&redirect=`) added when there is a page to go back to. */
export function withRedirect(href: string, redirect: string | null | undefined): string {
  return redirect ? `${href}${href.includes('?') ? '&' : '?'}redirect=${encodeURIComponent(redirect)}` : href;
}
