import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test';
import { createVerifiedUser, signInThroughApi, waitForSplash } from './auth.ts';
import { E2E_BASE_URL } from './e2e-env.ts';

/** Codes of e2e/fixtures/pitd.csv (imported with `npm run tariffs:import -- pitd` before the server starts). */
export const PITD_FIXTURE = {
  /** Paris (75056) and Boulogne-Billancourt (92012): NaTran, GRDF, NTR 2. */
  idf2Communes: 'E2E-PITD-IDF-01',
  /** Versailles (78646) only: NaTran, GRDF, NTR 1. */
  versailles: 'E2E-PITD-IDF-02',
  /** Bordeaux (33063): Teréga, Régaz-Bordeaux — a DSO whose grid the engine does not have. */
  bordeauxRegaz: 'E2E-PITD-BDX-01',
} as const;

/** A new verified user, signed in, on /private/gas/simulator with the form shown. */
export async function openGasSimulator(page: Page, admin: APIRequestContext, prefix = 'simulateur') {
  const { email, password } = await createVerifiedUser(admin, E2E_BASE_URL, prefix);
  await signInThroughApi(page, email, password);
  await page.goto('/private/gas/simulator');
  await waitForSplash(page);
  const form = simulatorForm(page);
  await expect(form).toBeVisible();
  return form;
}

/** The 'Données Client' form. */
export function simulatorForm(page: Page): Locator {
  return page.getByRole('form', { name: 'Données Client' });
}

/** Types in the code combobox and picks the code from the list. */
export async function chooseCode(form: Locator, label: string, search: string, code: string) {
  const combobox = form.getByRole('combobox', { name: label });
  await combobox.fill(search);
  const option = form.getByRole('option', { name: new RegExp(code) });
  await option.click();
  await expect(combobox).toHaveValue(code);
}

/** Waits until a select has exactly `value` selected (cascade auto-selection). */
export async function expectSelected(form: Locator, label: string | RegExp, value: string) {
  await expect(form.getByLabel(label, { exact: typeof label === 'string' })).toHaveValue(value);
}

/** A row of a results table (`data-term` / `data-line`) by its label. */
export function resultRow(page: Page, testId: string, label: string | RegExp): Locator {
  return page
    .getByTestId(testId)
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: label }) });
}
