/**
 * The optimisation form's errors (issue #22, ADR 0065): on submit every failing field is marked (aria-invalid, its
 * message under it, tied by aria-describedby), the first one in the spec's order is the error toast and takes the
 * focus; its own message appears under its field once the toast is gone; a changed field loses its error.
 */
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../app/providers.tsx';
import { mockApi } from '../../../testing/mock-api.ts';
import { OptimisationForm } from './optimisation-form.tsx';

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
});
afterEach(() => {
  vi.useRealTimers();
});

function renderForm() {
  mockApi({ 'GET /api/consumption-data/': () => ({ body: { items: [], total: 0, page: 1, pageSize: 100 } }) });
  const onSubmit = vi.fn();
  const router = createMemoryRouter(
    [{ path: '/', element: <OptimisationForm pending={false} importedDatasetId={null} onSubmit={onSubmit} /> }],
    { initialEntries: ['/'] },
  );
  render(
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
  return { user, onSubmit, form: within(screen.getByRole('form', { name: 'Optimisation – Paramètres' })) };
}

/** The message an invalid control points at. */
function describedMessage(control: HTMLElement): string {
  const ids = control.getAttribute('aria-describedby')?.split(' ') ?? [];
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
}

describe('optimisation form errors (one form model, ADR 0065)', () => {
  it('marks every failing field, toasts the first one in the spec order, then shows it under its field', async () => {
    const { user, form, onSubmit } = renderForm();
    await user.type(form.getByLabelText('CJA actuelle (MWh/j)'), 'abc');
    await user.click(form.getByRole('button', { name: 'Optimiser la CJA' }));

    // The toast: the first failure in the spec's order; its field has the focus and is marked, its message not
    // repeated under it while the toast says it (the toasts of other test files may share the toaster: by the form).
    const toaster = await screen.findByRole('region', { name: /Notifications/ });
    expect(await within(toaster).findAllByText('Veuillez sélectionner le point de réseau.')).not.toHaveLength(0);
    const point = form.getByLabelText('Point de réseau');
    expect(point).toHaveFocus();
    expect(point).toHaveAttribute('aria-invalid', 'true');
    expect(form.queryByText('Veuillez sélectionner le point de réseau.')).not.toBeInTheDocument();

    // The others under their fields, at once.
    const code = form.getByRole('combobox', { name: 'Code' });
    expect(code).toHaveAttribute('aria-invalid', 'true');
    expect(describedMessage(code)).toContain('Veuillez indiquer le code.');
    expect(describedMessage(form.getByLabelText('Commune'))).toContain('Veuillez indiquer la commune.');
    expect(describedMessage(form.getByLabelText('Gestionnaire de transport (TSO)'))).toContain(
      'Veuillez indiquer le TSO.',
    );
    expect(describedMessage(form.getByLabelText('Option tarifaire'))).toContain('Veuillez indiquer le tarif.');
    expect(describedMessage(form.getByLabelText('Profil de consommation'))).toContain('Veuillez indiquer le profil.');
    const assiette = form.getByLabelText('Assiette (MWh/an)');
    expect(describedMessage(assiette)).toContain("Veuillez indiquer l'assiette.");
    expect(describedMessage(form.getByLabelText('CJA actuelle (MWh/j)'))).toContain(
      'Valeur numérique invalide: « abc » (CJA actuelle).',
    );
    expect(form.getByLabelText('Capacité de livraison (CPL, MWh/j)')).not.toHaveAttribute('aria-invalid');
    expect(onSubmit).not.toHaveBeenCalled();

    // Once the toast is gone (4 s), the point's message stays under the point.
    await act(async () => {
      await vi.advanceTimersByTimeAsync(6000);
    });
    expect(describedMessage(point)).toContain('Veuillez sélectionner le point de réseau.');

    // A changed field loses its error; the others keep theirs.
    await user.type(assiette, '20 000');
    expect(assiette).not.toHaveAttribute('aria-invalid');
    expect(form.queryByText("Veuillez indiquer l'assiette.")).not.toBeInTheDocument();
    expect(code).toHaveAttribute('aria-invalid', 'true');
  });

  it('names the month of a negative monthly capacity', async () => {
    const { user, form } = renderForm();
    await user.click(form.getByRole('switch', { name: /Capacités mensuelles/ }));
    for (let month = 1; month <= 12; month += 1) {
      await user.type(form.getByLabelText(new RegExp(`^M${month} \\(`)), month === 3 ? '-1' : '2');
    }
    await user.click(form.getByRole('button', { name: 'Optimiser la CJA' }));
    const march = form.getByLabelText('M3 (mars)');
    expect(march).toHaveAttribute('aria-invalid', 'true');
    expect(describedMessage(march)).toContain('Capacité M3 invalide');
    expect(form.getByLabelText('M4 (avril)')).not.toHaveAttribute('aria-invalid');
  });
});
