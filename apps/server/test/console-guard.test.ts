import { describe, expect, it } from 'vitest';
import {
  allowConsoleError,
  clearUnexpectedConsoleMessages,
  unexpectedConsoleMessages,
} from '../../../test-support/console-guard.ts';

// The guard itself (ADR 0019): what it records is what its afterEach fails the test with.
describe('console guard', () => {
  it('records an unexpected console.error and console.warn, formatted, for afterEach to fail the test', () => {
    console.error('échec %s', 'inattendu');
    console.warn({ code: 'W1' });
    expect(unexpectedConsoleMessages()).toEqual(['console.error: échec inattendu', "console.warn: { code: 'W1' }"]);
    clearUnexpectedConsoleMessages();
  });

  it('lets through what the test declared, by substring or RegExp, and nothing else', () => {
    allowConsoleError('attendu', /^Arguments invalides/);
    console.error('un refus attendu');
    console.error('Arguments invalides : --email');
    console.error('autre chose');
    expect(unexpectedConsoleMessages()).toEqual(['console.error: autre chose']);
    clearUnexpectedConsoleMessages();
  });

  it('forgets the allowances of the previous test', () => {
    console.error('un refus attendu');
    expect(unexpectedConsoleMessages()).toEqual(['console.error: un refus attendu']);
    clearUnexpectedConsoleMessages();
  });
});
