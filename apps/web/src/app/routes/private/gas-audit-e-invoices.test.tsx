/**
 * The audit page says that e-invoices are read (issue #25 §2, ADR 0069) and its picker takes them: a UBL or CII file
 * (.xml) and a Factur-X PDF (.pdf) are listed and uploaded like any invoice; the server decides on the bytes.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { resetSplashForTests } from '../../../features/private-area/hooks/use-splash.ts';
import { mockApi, signedInAs } from '../../../testing/mock-api.ts';
import { renderApp } from '../../../testing/render-app.tsx';
import { resetWelcomeForTests } from '../../layouts/private-layout.tsx';

beforeEach(() => {
  resetSplashForTests();
  resetWelcomeForTests();
});

describe('gas audit screen: e-invoices', () => {
  it('mentions Factur-X, UBL and CII in French and accepts .xml and .pdf files', async () => {
    mockApi({
      ...signedInAs(),
      'GET /api/audits/': () => ({ body: { items: [], total: 0, page: 1, pageSize: 20 } }),
    });
    const { user } = renderApp('/private/gas/audit');
    await screen.findByRole('heading', { name: 'Audit (Beta)', level: 1 });
    expect(
      screen.getByText(
        'PDF, XML, XLS, XLSX ou CSV, factures électroniques Factur-X, UBL et CII comprises — 20 Mo maximum par fichier.',
      ),
    ).toBeInTheDocument();
    const picker = screen.getByLabelText('Choisir des fichiers');
    expect(picker.getAttribute('accept')?.split(',')).toEqual(expect.arrayContaining(['.xml', '.pdf', '.csv']));
    await user.upload(picker, [
      new File(['<Invoice/>'], 'facture-ubl.xml', { type: 'application/xml' }),
      new File(['%PDF-1.7'], 'facture-factur-x.pdf', { type: 'application/pdf' }),
    ]);
    await waitFor(() => expect(screen.getByRole('row', { name: /facture-ubl\.xml/ })).toBeInTheDocument());
    const row = screen.getByRole('row', { name: /facture-factur-x\.pdf/ });
    expect(within(row).getByTestId('file-status')).toHaveTextContent('En attente');
  });
});
