/**
 * The bearer token of the signed-in session (ADR 0010), kept in memory only: never in localStorage, so a script
 * injected into the page cannot read it after a reload, and closing the tab forgets it. The HttpOnly session cookie
 * keeps the session across reloads; the token is sent in `Authorization: Bearer` by the API client (spec §7).
 */
import { AUTH_TOKEN_HEADER } from '@pilote/contracts';
import { setAuthTokenGetter } from './api-client.ts';

let token: string | null = null;

export function getAuthToken(): string | null {
  return token;
}

export function setAuthToken(next: string | null): void {
  token = next;
}

export function clearAuthToken(): void {
  token = null;
}

/** `onResponse` callback for the auth calls: keeps the token that better-auth's bearer plugin returns. */
export function captureAuthToken(response: Response): void {
  const value = response.headers.get(AUTH_TOKEN_HEADER);
  if (value) {
    token = value;
  }
}

setAuthTokenGetter(getAuthToken);
