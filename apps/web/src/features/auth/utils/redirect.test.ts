import { describe, expect, it } from 'vitest';
import { getRedirectTarget, toSafeRedirect } from './redirect.ts';

describe('redirect after sign-in', () => {
  it.each([
    ['/private/elec/audit?x=1#y', '/private/elec/audit?x=1#y'],
    ['/faq', '/faq'],
  ])('accepts the relative path %s', (value, expected) => {
    expect(toSafeRedirect(value)).toBe(expected);
  });

  it.each([
    'https://evil.example/private',
    '//evil.example/private',
    '/\\evil.example',
    'javascript:alert(1)',
    'private/gas',
    '/login',
    '/login?signup=true',
    '/login/reset-password',
    '/pri\u0000vate',
    '',
    null,
    42,
  ])('refuses %s', (value) => {
    expect(toSafeRedirect(value)).toBeNull();
  });

  it('prefers location.state.from, then ?redirect=, else /private', () => {
    const from = { pathname: '/private/elec/simulator', search: '?a=1', hash: '' };
    expect(getRedirectTarget({ from }, new URLSearchParams('redirect=/faq'))).toBe('/private/elec/simulator?a=1');
    expect(getRedirectTarget({ from: '//evil' }, new URLSearchParams('redirect=/faq'))).toBe('/faq');
    expect(getRedirectTarget(null, new URLSearchParams('redirect=https://evil.example'))).toBe('/private');
    expect(getRedirectTarget(undefined, new URLSearchParams())).toBe('/private');
  });
});
