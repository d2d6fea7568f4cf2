import type { AuditDetail } from '@pilote/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetSplashForTests } from '../../../features/private-area/hooks/use-splash.ts';
import { type MockHandler, mockApi, signedInAs } from '../../../testing/mock-api.ts';
import { renderApp } from '../../../testing/render-app.tsx';
import { resetWelcomeForTests } from '../../layouts/private-layout.tsx';

beforeEach(() => {
  resetSplashForTests();
  resetWelcomeForTests();
  vi.useFakeTimers({ shouldAdvanceTime: true });
});
afterEach(() => {
  vi.useRealTimers();
});

const AUDIT_ID = '0b5c2a8e-3f5d-4c1a-9d1e-1234567890ab';
const emptyList = () => ({ body: { items: [], total: 0, page: 1, pageSize: 20 } });

function uploadFlow(overrides: Record<string, MockHandler> = {}) {
  return mockApi({
    ...signedInAs(),
    'GET /api/audits/': emptyList,
    'POST /api/audits/sign-upload': () => ({
      body: {
        url: `${window.location.origin}/api/storage/uploads/tok-1`,
        gcs_uri: 'local:audits/u1/2026-11/x',
        expires_at: '2026-11-23T10:15:00.000Z',
        headers: { 'Content-Type': 'application/pdf' },
        max_bytes: 20 * 1024 * 1024,
      },
    }),
    'PUT /api/storage/uploads/tok-1': () => ({ status: 201, body: { uri: 'local:audits/u1/2026-11/x' } }),
    'POST /api/audits/create': () => ({ status: 201, body: { id: AUDIT_ID } }),
    [`POST /api/audits/${AUDIT_ID}/start/`]: () => ({ status: 202, body: { id: AUDIT_ID, status: 'queued' } }),
    ...overrides,
  });
}

const pdf = () => new File([new Uint8Array(2 * 1024 * 1024)], 'facture-février.pdf', { type: 'application/pdf' });

describe('gas audit screen (spec §2.5, §4)', () => {
  it('lists dropped files with their size in Mo, then signs, PUTs, creates and starts each: Terminé with its ID', async () => {
    const api = uploadFlow();
    const { user } = renderApp('/private/gas/audit');
    await screen.findByRole('heading', { name: 'Audit (Beta)', level: 1 });
    await user.upload(screen.getByLabelText('Choisir des fichiers'), pdf());
    const row = screen.getByRole('row', { name: /facture-février\.pdf/ });
    expect(within(row).getByText('2,00 Mo')).toBeInTheDocument();
    expect(within(row).getByTestId('file-status')).toHaveTextContent('En attente');

    await user.click(screen.getByRole('button', { name: "Uploader & lancer l'audit (1)" }));
    await waitFor(() => expect(within(row).getByTestId('file-status')).toHaveTextContent('Terminé'));
    expect(within(row).getByText(`ID ${AUDIT_ID}`)).toBeInTheDocument();
    // Only idle or error items can be launched.
    expect(within(row).getByRole('button', { name: 'Lancer facture-février.pdf' })).toBeDisabled();
    expect(screen.getByRole('button', { name: "Uploader & lancer l'audit (0)" })).toBeDisabled();

    const paths = api.requests.map((request) => `${request.method} ${request.path}`);
    expect(paths.filter((path) => !path.startsWith('GET'))).toEqual([
      'POST /api/audits/sign-upload',
      'PUT /api/storage/uploads/tok-1',
      'POST /api/audits/create',
      `POST /api/audits/${AUDIT_ID}/start/`,
    ]);
    const sign = api.requests.find((request) => request.path === '/api/audits/sign-upload');
    expect(sign?.body).toEqual({ filename: 'facture-février.pdf', mime: 'application/pdf', size: 2 * 1024 * 1024 });
    const put = api.requests.find((request) => request.method === 'PUT');
    expect(put?.headers.get('X-CSRFToken')).toBe('csrf-test');
    expect(put?.headers.get('Content-Type')).toBe('application/pdf');
  });

  it('shows « Upload GCS échoué (status) » when storage refuses the PUT, and lets the item be launched again', async () => {
    let puts = 0;
    uploadFlow({
      'PUT /api/storage/uploads/tok-1': () => {
        puts += 1;
        return puts === 1
          ? { status: 403, body: { error: 'x', code: 'UPLOAD_LINK_EXPIRED' } }
          : { status: 201, body: {} };
      },
    });
    const { user } = renderApp('/private/gas/audit');
    await user.upload(await screen.findByLabelText('Choisir des fichiers'), pdf());
    const row = screen.getByRole('row', { name: /facture-février\.pdf/ });
    await user.click(within(row).getByRole('button', { name: 'Lancer facture-février.pdf' }));
    expect(await within(row).findByRole('alert')).toHaveTextContent('Upload GCS échoué (403)');
    await user.click(within(row).getByRole('button', { name: 'Lancer facture-février.pdf' }));
    await waitFor(() => expect(within(row).getByTestId('file-status')).toHaveTextContent('Terminé'));
  });

  it('shows the server message of a refused start (quota), or the spec default when there is none', async () => {
    uploadFlow({
      [`POST /api/audits/${AUDIT_ID}/start/`]: () => ({ status: 500, body: 'oops' }),
    });
    const { user } = renderApp('/private/gas/audit');
    await user.upload(await screen.findByLabelText('Choisir des fichiers'), pdf());
    await user.click(screen.getByRole('button', { name: "Uploader & lancer l'audit (1)" }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "Erreur lors de l'upload/démarrage (permission ou quota ?)",
    );
  });

  it('refuses another extension before sending anything', async () => {
    const api = uploadFlow();
    renderApp('/private/gas/audit');
    const input = await screen.findByLabelText('Choisir des fichiers');
    // Dropped files skip the picker's `accept` filter.
    fireEvent.drop(screen.getByTestId('audit-dropzone'), {
      dataTransfer: { files: [new File(['MZ'], 'virus.exe', { type: 'application/x-msdownload' })] },
    });
    expect(input).toBeInTheDocument();
    const row = await screen.findByRole('row', { name: /virus\.exe/ });
    expect(within(row).getByRole('alert')).toHaveTextContent('PDF, XML, XLS, XLSX ou CSV');
    expect(api.requests.some((request) => request.path === '/api/audits/sign-upload')).toBe(false);
  });
});

const finished: AuditDetail = {
  id: AUDIT_ID,
  filename: 'facture-février.pdf',
  format: 'pdf',
  review: null,
  sizeBytes: 1000,
  status: 'done',
  error: null,
  createdAt: '2026-11-23T10:00:00.000Z',
  startedAt: '2026-11-23T10:00:01.000Z',
  finishedAt: '2026-11-23T10:00:03.000Z',
  anomalies: 1,
  alerts: 0,
  recoverableEuros: 123.45,
  invoice: {
    format: 'pdf',
    layout: 'fournisseur-pitd-pdf',
    supplier: 'Gaz du Sud',
    invoiceNumber: 'F-2026-001',
    issuedOn: '2026-03-05',
    point: { pointDeReseau: 'PITD', code: 'ECH-PITD-0001', pce: '12345678901234' },
    tso: 'NaTran',
    period: { firstDay: '2026-02-01', lastDay: '2026-02-28' },
    tarif: 'T2',
    car: 120,
    cja: null,
    ntr: 3,
    consumptionMwh: 10,
    lines: [
      {
        label: 'Terme de capacité de livraison',
        kind: 'tcl',
        quantity: 10,
        quantityUnit: 'MWh/j',
        unitPrice: 12,
        unitPriceUnit: '€/MWh/j/an',
        prorata: 28 / 365,
        amount: 100,
        period: null,
      },
    ],
    vat: [],
    totals: { totalHt: 1000, totalTva: 200, totalTtc: 1200 },
  },
  report: {
    findings: [
      {
        id: 'ntr:0',
        check: 'ntr',
        severity: 'anomalie',
        title: 'NTR facturé différent du NTR du point',
        message: 'Le NTR facturé (3) ne correspond pas au NTR du PITD (2).',
        amountEuros: 123.45,
        rule: {
          id: 'atrt8.ntr',
          label: 'Le TCR est multiplié par le NTR du point',
          legalReference: 'Délibération CRE n° 2024-40, §5.2.1',
          sources: [],
        },
        billed: { label: 'NTR facturé', value: 3, unit: '' },
        expected: { label: 'NTR attendu', value: 2, unit: '' },
        lineIndex: null,
        isEstimate: false,
      },
    ],
    checksRun: ['ntr', 'cta'],
    checksSkipped: [{ check: 'car', reason: 'CAR de référence inconnue.' }],
    readingProblems: [],
    unverifiableLines: [],
    possibleDuplicates: [],
    duplicateQualification: null,
    overBilledEuros: 123.45,
    underBilledEuros: 0,
  },
  warnings: [],
  found: [],
};

describe('audit results (issue #14)', () => {
  it('shows the invoice read, every check (OK / anomaly), each anomaly with its € and rule, the total, and the letter', async () => {
    const api = mockApi({
      ...signedInAs(),
      [`GET /api/audits/${AUDIT_ID}/`]: () => ({ body: finished }),
      [`GET /api/audits/${AUDIT_ID}/claim-letter-link`]: () => ({
        body: { url: `/api/audits/${AUDIT_ID}/claim-letter?exp=1&sig=s`, expiresAt: '2026-11-23T11:00:00.000Z' },
      }),
    });
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    renderApp(`/private/gas/audit?audit=${AUDIT_ID}`);
    await screen.findByRole('heading', { name: /Résultats de l’audit — facture-février\.pdf/ });
    const checks = screen.getByRole('list', { name: 'Résultat de chaque contrôle' });
    expect(within(checks).getByText('Niveau de tarif régional (NTR)').parentElement).toHaveTextContent('1 anomalie');
    expect(within(checks).getByText('Contribution tarifaire d’acheminement (CTA)').parentElement).toHaveTextContent(
      'OK',
    );
    const finding = screen.getByTestId('finding');
    expect(within(finding).getByTestId('finding-amount')).toHaveTextContent('123,45 €');
    expect(within(finding).getByTestId('finding-rule')).toHaveTextContent('Délibération CRE n° 2024-40, §5.2.1');
    expect(screen.getByTestId('recoverable-total')).toHaveTextContent('123,45 €');
    expect(screen.getByText('CAR de référence inconnue.')).toBeInTheDocument();
    expect(screen.getByText('Gaz du Sud')).toBeInTheDocument();
    screen.getByRole('button', { name: 'Télécharger la lettre de réclamation (PDF)' }).click();
    await waitFor(() => expect(assign).toHaveBeenCalledWith(`/api/audits/${AUDIT_ID}/claim-letter?exp=1&sig=s`));
    expect(api.requests.some((request) => request.path.endsWith('/claim-letter-link'))).toBe(true);
  });

  it('polls while the audit runs and shows the French reason of a failure', async () => {
    let calls = 0;
    mockApi({
      ...signedInAs(),
      [`GET /api/audits/${AUDIT_ID}/`]: () => {
        calls += 1;
        return calls === 1
          ? {
              body: {
                ...finished,
                status: 'running',
                invoice: null,
                report: null,
                anomalies: null,
                alerts: null,
                recoverableEuros: null,
              },
            }
          : {
              body: {
                ...finished,
                status: 'failed',
                error: 'Fichier XML refusé : les déclarations DOCTYPE et ENTITY ne sont pas acceptées.',
                invoice: null,
                report: null,
                anomalies: null,
                alerts: null,
                recoverableEuros: null,
              },
            };
      },
    });
    renderApp(`/private/gas/audit?audit=${AUDIT_ID}`);
    expect(await screen.findByText(/Analyse en cours… — cette page se met à jour/)).toBeInTheDocument();
    await vi.advanceTimersByTimeAsync(2500);
    expect(await screen.findByText(/les déclarations DOCTYPE et ENTITY/)).toBeInTheDocument();
  });
});
