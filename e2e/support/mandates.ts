import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test';
import { createVerifiedUser, postJson, signInThroughApi, waitForSplash } from './auth.ts';
import { E2E_BASE_URL } from './e2e-env.ts';

/** A new verified user, signed in, on /private/account/mandats. */
export async function openMandates(page: Page, admin: APIRequestContext, prefix = 'mandats') {
  const user = await createVerifiedUser(admin, E2E_BASE_URL, prefix);
  await signInThroughApi(page, user.email, user.password);
  await page.goto('/private/account/mandats');
  await waitForSplash(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Mes Mandats' })).toBeVisible();
  return user;
}

/** A 14-digit delivery point number, different on each call (the run's clock and a counter). */
let counter = 0;
export function uniqueDeliveryPoint(): string {
  counter += 1;
  return `${Date.now() % 1e10}`.padStart(10, '0') + String(counter).padStart(4, '0');
}

/** The card of a mandate, found by its delivery point number. */
export function mandateCard(page: Page, number: string): Locator {
  return page.getByTestId('mandate-card').filter({ hasText: number });
}

/** Creates a simple gas mandate through the API (the signed-in page's cookies): `{ id }`. */
export async function createSimpleMandateThroughApi(page: Page, pce: string, manager = 'grdf') {
  const response = await postJson(page.request, '/api/mandates/', {
    energy_type: 'gas',
    manager,
    pce,
    delivery_point_address: '8 boulevard du Port',
    delivery_point_postal_code: '80000',
    delivery_point_city: 'Amiens',
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { mandate: { id: string } }).mandate;
}

/** Draws a stroke on the signature canvas with synthetic Pointer Events of the given type (pen, touch or mouse). */
export async function drawWithPointer(canvas: Locator, pointerType: 'mouse' | 'pen' | 'touch') {
  await canvas.evaluate((element, type) => {
    const rect = element.getBoundingClientRect();
    const base = { pointerId: type === 'mouse' ? 1 : 7, pointerType: type, bubbles: true, isPrimary: true };
    const at = (i: number) => ({ clientX: rect.left + 30 + i * 12, clientY: rect.top + 100 + Math.sin(i / 2) * 40 });
    element.dispatchEvent(new PointerEvent('pointerdown', { ...base, ...at(0), pressure: 0.6, buttons: 1 }));
    for (let i = 1; i < 20; i += 1) {
      element.dispatchEvent(new PointerEvent('pointermove', { ...base, ...at(i), pressure: 0.6, buttons: 1 }));
    }
    element.dispatchEvent(new PointerEvent('pointerup', { ...base, ...at(20), pressure: 0 }));
  }, pointerType);
}

/** Number of non-white pixels on the canvas (the drawn ink). */
export async function inkPixels(canvas: Locator): Promise<number> {
  return canvas.evaluate((element) => {
    const canvasElement = element as HTMLCanvasElement;
    const context = canvasElement.getContext('2d');
    if (!context) {
      return 0;
    }
    const { data } = context.getImageData(0, 0, canvasElement.width, canvasElement.height);
    let count = 0;
    for (let i = 0; i < data.length; i += 4) {
      if ((data[i] ?? 255) < 200) {
        count += 1;
      }
    }
    return count;
  });
}
