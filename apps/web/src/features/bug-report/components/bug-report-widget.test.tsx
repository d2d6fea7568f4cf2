import { bugReportMessages } from '@pilote/contracts';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { type MockHandler, mockApi } from '../../../testing/mock-api.ts';
import { BugReportWidget } from './bug-report-widget.tsx';

/** Opens the modal signed out, fills the three required fields and sends; returns the dialog. */
async function sendReport(answer: MockHandler) {
  mockApi({ 'POST /api/common/bug-reports/': answer });
  const user = userEvent.setup({ delay: null });
  render(<BugReportWidget onClose={vi.fn()} />);
  const dialog = await screen.findByRole('dialog', { name: 'Signaler un bug' });
  await user.click(within(dialog).getByLabelText('Titre'));
  await user.paste('Le bouton ne répond pas');
  await user.click(within(dialog).getByLabelText('Description'));
  await user.paste('Rien ne se passe au clic.');
  await user.click(within(dialog).getByLabelText('E-mail'));
  await user.paste('visiteur@exemple.fr');
  await user.click(within(dialog).getByRole('button', { name: 'Envoyer le rapport' }));
  return dialog;
}

describe('BugReportWidget: the messages of a failed send (spec §8)', () => {
  it("says 'Une erreur est survenue.' for an answer without a server message (a proxy's 502), never 'HTTP 502'", async () => {
    const dialog = await sendReport(
      () =>
        new Response('<html><h1>502 Bad Gateway</h1></html>', {
          status: 502,
          headers: { 'Content-Type': 'text/html' },
        }),
    );
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent(bugReportMessages.genericError);
    expect(alert).not.toHaveTextContent('HTTP');
  });

  it('shows the server’s own French error when it sent one', async () => {
    const error = 'Trop de rapports envoyés depuis cette adresse. Réessayez dans une heure.';
    const dialog = await sendReport(() => ({ status: 400, body: { error, code: 'VALIDATION_ERROR' } }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(error);
  });

  it("says 'Impossible de se connecter au serveur.' when the server cannot be reached", async () => {
    const dialog = await sendReport(() => {
      throw new TypeError('Failed to fetch');
    });
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent(bugReportMessages.network);
    expect(alert).not.toHaveTextContent('Failed to fetch');
  });
});
