import { createContext } from 'react';

/**
 * True when the query client and the toaster are already provided above the router (`AppProviders`, used by the
 * unit tests). In the browser they are not: the public pages do without them, and the lazy
 * `app-services-layout` provides them to sign-in and the private area only (issue 6: landing ≤ 120 kB gzip).
 */
export const AppServicesContext = createContext(false);
