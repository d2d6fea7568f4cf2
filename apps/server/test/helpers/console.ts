/** Declare a console.error/console.warn the current test expects (anything else fails it; ADR 0019). */
export { allowConsoleError } from '../../../../test-support/console-guard.ts';
