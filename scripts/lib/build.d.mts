// Types of build.mjs for the TypeScript that imports it (the server-bundle tests' global setup).
export const root: string;
export const serverBuildInfo: string;
export const webBuildInfo: string;
/** 'missing' / 'stale' (other revision) / 'dirty' (local changes, unless SKIP_BUILD=1) / undefined (up to date). */
export function buildNeeded(outputs: string[]): 'missing' | 'stale' | 'dirty' | undefined;
/** Runs `npm run build` with `args`; exits the process when it fails. */
export function runBuild(args: string[], message: string): void;
