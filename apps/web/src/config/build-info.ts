import type { BuildInfo } from '@pilote/contracts';

/** What this bundle was built from; the same object is written to `dist/build-info.json`. */
export const frontendBuildInfo: BuildInfo = __APP_BUILD_INFO__;
