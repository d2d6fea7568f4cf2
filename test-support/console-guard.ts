// Setup file of every vitest project (ADR 0019): a test that logs an unexpected console.error or console.warn
// fails. A test that expects one declares it first with allowConsoleError(pattern) (a string it contains, or a
// RegExp); the allowance ends with the test. Output logged outside a test (beforeAll/afterAll) fails the file.
import { format } from 'node:util';
import { afterAll, afterEach } from 'vitest';

type Pattern = string | RegExp;

let allowed: Pattern[] = [];
let unexpected: string[] = [];

/** Lets the current test log console.error/console.warn output that matches one of `patterns`. */
export function allowConsoleError(...patterns: Pattern[]): void {
  allowed.push(...patterns);
}

/** The unexpected messages logged so far by the current test (what afterEach will fail it with). */
export function unexpectedConsoleMessages(): readonly string[] {
  return [...unexpected];
}

/** Forgets the unexpected messages logged so far (for the guard's own test). */
export function clearUnexpectedConsoleMessages(): void {
  unexpected = [];
}

function matches(text: string): boolean {
  return allowed.some((pattern) => (typeof pattern === 'string' ? text.includes(pattern) : pattern.test(text)));
}

for (const level of ['error', 'warn'] as const) {
  const original = console[level].bind(console);
  console[level] = (...args: unknown[]) => {
    const text = format(...args);
    if (!matches(text)) {
      unexpected.push(`console.${level}: ${text}`);
    }
    original(...args);
  };
}

function check(where: string): void {
  const found = unexpected;
  unexpected = [];
  if (found.length > 0) {
    throw new Error(
      `${where} logged ${found.length} unexpected console message(s); fix the cause or declare it with allowConsoleError():\n${found.join('\n')}`,
    );
  }
}

afterEach(() => {
  allowed = [];
  check('This test');
});

afterAll(() => {
  check('A hook of this file (beforeAll/afterAll)');
});
