import { describe, expect, it } from 'vitest';
import { VISITOR_LINKS } from '../components/layout/use-public-account-links.ts';
import { paths } from '../config/paths.ts';
import { withRedirect } from '../features/auth/utils/redirect.ts';
import { PRIVATE_AREA, publicAccountLinks, SIGN_IN, TRIAL_PAGE, VISITOR_TRIAL_HREF } from './session-hint.ts';

describe('public account links (ADR 0029)', () => {
  it('spells the trial page and its sign-up link as paths does', () => {
    expect(TRIAL_PAGE).toBe(paths.accountTrial.getHref());
    expect(VISITOR_TRIAL_HREF).toBe(withRedirect(paths.login.getHref({ signup: true }), paths.accountTrial.getHref()));
    expect(VISITOR_LINKS).toEqual({ account: SIGN_IN, trialHref: VISITOR_TRIAL_HREF });
    expect(SIGN_IN.href).toBe(paths.login.getHref());
    expect(PRIVATE_AREA.href).toBe(paths.private.getHref());
  });

  it('offers sign-up then the trial to a visitor, the trial page on free, nothing on another tier', () => {
    expect(publicAccountLinks({ status: 'unknown' })).toEqual({ account: SIGN_IN, trialHref: VISITOR_TRIAL_HREF });
    expect(publicAccountLinks({ status: 'signed-out' })).toEqual({ account: SIGN_IN, trialHref: VISITOR_TRIAL_HREF });
    expect(publicAccountLinks({ status: 'signed-in', tier: 'free' })).toEqual({
      account: PRIVATE_AREA,
      trialHref: TRIAL_PAGE,
    });
    expect(publicAccountLinks({ status: 'signed-in', tier: 'premium' })).toEqual({
      account: PRIVATE_AREA,
      trialHref: null,
    });
    expect(publicAccountLinks({ status: 'signed-in', tier: 'business_trial' })).toEqual({
      account: PRIVATE_AREA,
      trialHref: null,
    });
  });
});
