import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

export const MAIN_ID = 'main';

/**
 * After every navigation (not the first load): scroll to the top and move focus to `<main id="main">`, so keyboard and
 * screen-reader users start reading the new page instead of staying on the link they followed (spec §2.1).
 * A change of `#hash` alone is an in-page jump: left to the browser.
 */
export function useNavigationFocus(mainId: string = MAIN_ID): void {
  const location = useLocation();
  const previousKey = useRef(location.key);

  useEffect(() => {
    if (previousKey.current === location.key) {
      return; // first render (also when StrictMode runs the effect twice)
    }
    previousKey.current = location.key;
    if (location.hash) {
      return;
    }
    window.scrollTo(0, 0);
    document.getElementById(mainId)?.focus({ preventScroll: true });
  }, [location.key, location.hash, mainId]);
}
