import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

export const MAIN_ID = 'main';

/**
 * Navigation state of a change within the page (a tab kept in the URL, for instance): the focus stays where the user
 * is and the page does not jump to the top. `navigate(to, { state: IN_PAGE_NAVIGATION })`.
 */
export const IN_PAGE_NAVIGATION = { inPage: true } as const;

function isInPage(state: unknown): boolean {
  return typeof state === 'object' && state !== null && 'inPage' in state && state.inPage === true;
}

/**
 * After every navigation (not the first load): scroll to the top and move focus to `<main id="main">`, so keyboard and
 * screen-reader users start reading the new page instead of staying on the link they followed (spec §2.1).
 * A change of `#hash` alone is an in-page jump: left to the browser; so is a navigation marked `IN_PAGE_NAVIGATION`.
 */
export function useNavigationFocus(mainId: string = MAIN_ID): void {
  const location = useLocation();
  const previousKey = useRef(location.key);

  useEffect(() => {
    if (previousKey.current === location.key) {
      return; // first render (also when StrictMode runs the effect twice)
    }
    previousKey.current = location.key;
    if (location.hash || isInPage(location.state)) {
      return;
    }
    window.scrollTo(0, 0);
    document.getElementById(mainId)?.focus({ preventScroll: true });
  }, [location.key, location.hash, location.state, mainId]);
}
