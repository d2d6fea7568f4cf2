/// <reference types="vite/client" />

/** Frontend build info, replaced at build time by vite.config.ts (and vitest.config.ts in tests). */
declare const __APP_BUILD_INFO__: import('@pilote/contracts').BuildInfo;

/** Public origin of the site (canonical links, sitemap), replaced at build time by vite.config.ts. */
declare const __SITE_URL__: string;
