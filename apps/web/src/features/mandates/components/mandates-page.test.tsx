import type { Mandate, MandateListResponse } from '@pilote/contracts';
import { QueryClient } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../app/providers.tsx';
import { type MockHandler, type MockRequest, mockApi } from '../../../testing/mock-api.ts';
import { MandatesPage } from './mandates-page.tsx';

const PCE = '12345678901234';

function mandate(overrides: Partial<Mandate> = {}): Mandate {
  return {
    id: 'm-1',
    is_active: true,
    kind: 'signed',
    energy_type: 'gas',
    manager: 'grdf',
    manager_display: 'GRDF',
    manager_name: null,
    delivery_point_number: PCE,
    delivery_point_address: '8 boulevard du Port',
    delivery_point_postal_code: '80000',
    delivery_point_city: 'Amiens',
    status: 'active',
    status_display: 'Actif',
    created_at: '2026-11-01T10:00:00.000Z',
    sent_date: '2026-11-02T10:00:00.000Z',
    expiry_date: '2028-11-01',
    days_until_expiry: 708,
    duration_months: 24,
    signed_pdf_url: '/api/mandates/m-1/download/',
    authorized_consumption_data: true,
    authorized_technical_data: true,
    authorized_contractual_data: true,
    authorized_load_curve: false,
    activated_at: '2026-11-03T10:00:00.000Z',
    revoked_at: null,
    rejected_at: null,
    rejection_reason: null,
    expired_at: null,
    personal_data_purged: false,
    ...overrides,
  };
}

function list(items: Mandate[], activeCount: number): MandateListResponse {
  return { items, total: items.length, page: 1, pageSize: 100, counts: { active: activeCount, inactive: 0 } };
}

/** `GET /api/mandates/` answering `active` for is_active=true and nothing for the history. */
function mandatesApi(active: Mandate[], extra: Record<string, MockHandler> = {}) {
  return mockApi({
    'GET /api/mandates/': ({ url }) => ({
      body: url.searchParams.get('is_active') === 'true' ? list(active, active.length) : list([], active.length),
    }),
    ...extra,
  });
}

function renderPage() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  // No pause between keystrokes (see testing/render-app.tsx).
  const user = userEvent.setup({ delay: null });
  render(
    <AppProviders queryClient={queryClient}>
      {/* A router: a gas mandate's card links to « Créer le site » (ADR 0079). */}
      <MemoryRouter>
        <MandatesPage />
      </MemoryRouter>
    </AppProviders>,
  );
  return { user };
}

const ADDRESS_SUGGESTION = {
  label: '8 Boulevard du Port 80000 Amiens',
  address: '8 Boulevard du Port',
  postal_code: '80000',
  city: 'Amiens',
  citycode: '80021',
  kind: 'housenumber',
};

type Wizard = { user: ReturnType<typeof userEvent.setup>; wizard: HTMLElement; next: () => Promise<void> };

/**
 * The page with no mandate, its « Signature électronique certifiée » wizard open at step 1. The queries are scoped
 * (the empty state, the creation panel, the wizard): a role query over the whole page computes the roles and names
 * of the lists, the FAQ and both forms.
 */
async function openWizard(): Promise<Wizard & { requests: MockRequest[] }> {
  const { requests } = mandatesApi([], {
    'GET /api/address/search': () => ({ body: { source: 'ban', results: [ADDRESS_SUGGESTION] } }),
    'POST /api/mandates/create-signed/': () => ({ status: 201, body: { mandate: mandate({ status: 'pending' }) } }),
  });
  const { user } = renderPage();
  const empty = await screen.findByTestId('mandates-empty');
  await user.click(within(empty).getByRole('button', { name: 'Créer mon premier mandat' }));
  const panel = screen.getByTestId('create-mandate-panel');
  await user.click(within(panel).getByRole('button', { name: /Signature électronique certifiée/ }));
  const wizard = within(panel).getByRole('form', { name: 'Signature électronique certifiée' });
  const next = () => user.click(within(wizard).getByRole('button', { name: 'Suivant' }));
  return { user, wizard, next, requests };
}

/** Valid entries for the wizard's first three steps: a gas delivery point (the address of the suggestion). */
const GAS_ENTRIES = {
  energy: 'Gaz',
  manager: 'grdf',
  address: ADDRESS_SUGGESTION.address,
  postalCode: ADDRESS_SUGGESTION.postal_code,
  city: ADDRESS_SUGGESTION.city,
  numberLabel: 'Numéro PCE',
  number: PCE,
};

/**
 * Fills the wizard's steps before `step` with valid `entries`, clicked or pasted (the tests of those steps type where
 * typing is what they check); past step 4, consumption data only, for the default 24 months.
 */
async function reachStep(step: 2 | 3 | 4 | 5, { user, wizard, next }: Wizard, entries = GAS_ENTRIES) {
  const form = within(wizard);
  const paste = async (label: string, text: string) => {
    await user.click(form.getByLabelText(label));
    await user.paste(text);
  };
  await user.click(form.getByLabelText(entries.energy));
  await user.selectOptions(form.getByLabelText('Gestionnaire de réseau'), entries.manager);
  await next();
  if (step > 2) {
    await paste('Adresse du point de livraison', entries.address);
    await paste('Code postal', entries.postalCode);
    await paste('Commune', entries.city);
    await next();
  }
  if (step > 3) {
    await paste(entries.numberLabel, entries.number);
    await next();
  }
  if (step > 4) {
    await user.click(form.getByLabelText(/Données techniques/));
    await user.click(form.getByLabelText(/Données contractuelles/));
    await next();
  }
  expect(form.getByText(`Étape ${step} sur 5`, { exact: false })).toBeInTheDocument();
}

beforeEach(() => {
  // The Radix slider measures its thumb with ResizeObserver, which jsdom lacks.
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
  // jsdom has no canvas: a 2D context that draws nothing and a fixed PNG are enough for the form's logic (the real
  // drawing is covered in Chromium by e2e/tests/mandates.spec.ts).
  const context = {
    fillRect: vi.fn(),
    beginPath: vi.fn(),
    moveTo: vi.fn(),
    lineTo: vi.fn(),
    stroke: vi.fn(),
    fillText: vi.fn(),
    measureText: vi.fn(() => ({ width: 100 })),
  };
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(
    // jsdom has no 2D context: the signature pad draws into these seven methods only, so the stub is cast to the
    // interface of ~60 members it stands in for (the one cast of the web tests).
    () => context as unknown as CanvasRenderingContext2D,
  );
  vi.spyOn(HTMLCanvasElement.prototype, 'toDataURL').mockReturnValue('data:image/png;base64,iVBORw0KGgo=');
});

describe('Mandats screen', () => {
  it('shows the empty state and its button opens the creation form', async () => {
    mandatesApi([]);
    const { user } = renderPage();
    expect(await screen.findByText("Vous n'avez pas encore de mandat actif ?")).toBeInTheDocument();
    expect(screen.getByTestId('active-count')).toHaveTextContent('0');
    expect(screen.queryByRole('button', { name: 'Ajouter un nouveau mandat' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Créer mon premier mandat' }));
    expect(screen.getByRole('button', { name: /Formulaire classique/ })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByText('Durée : 12 mois')).toBeInTheDocument();
  });

  it('answers the FAQ with the 30 days, AES-256 and 5 to 15 working days', async () => {
    mandatesApi([]);
    const { user } = renderPage();
    const faq = await screen.findByRole('region', { name: 'Questions fréquentes' });
    await user.click(within(faq).getByText('Puis-je révoquer mon mandat ?'));
    expect(within(faq).getByText(/supprimées sous 30 jours/)).toBeVisible();
    expect(within(faq).getByText(/AES-256/)).toBeInTheDocument();
    expect(within(faq).getByText(/5 à 15 jours ouvrés/)).toBeInTheDocument();
  });

  it('groups active mandates by energy with the days until expiry and the dashed add button', async () => {
    mandatesApi([mandate()]);
    renderPage();
    const gas = await screen.findByTestId('group-gas');
    expect(within(gas).getByRole('button', { name: /Gaz \(1\)/ })).toHaveAttribute('aria-expanded', 'true');
    expect(within(gas).getByText('Actif')).toBeInTheDocument();
    expect(within(gas).getByTestId('days-until-expiry')).toHaveTextContent('Expire dans 708 jours');
    expect(screen.getByRole('button', { name: /Électricité \(0\)/ })).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByRole('button', { name: 'Ajouter un nouveau mandat' })).toBeInTheDocument();
  });

  it('shows the error banner when the list cannot be loaded', async () => {
    mockApi({ 'GET /api/mandates/': () => ({ status: 500, body: { error: 'Panne', code: 'INTERNAL_ERROR' } }) });
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent('Impossible de charger les mandats');
  });

  it('revokes only when the exact delivery point number is typed, then moves the mandate to the history', async () => {
    let revoked = false;
    const { requests } = mockApi({
      'GET /api/mandates/': ({ url }) => {
        const isActive = url.searchParams.get('is_active') === 'true';
        const current = revoked ? mandate({ status: 'revoked', is_active: false, days_until_expiry: null }) : mandate();
        const items = isActive === current.is_active ? [current] : [];
        return { body: list(items, revoked ? 0 : 1) };
      },
      'POST /api/mandates/m-1/revoke/': () => {
        revoked = true;
        return { body: { mandate: mandate({ status: 'revoked', is_active: false }) } };
      },
    });
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Révoquer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Révoquer le mandat' });
    const input = within(dialog).getByLabelText('Numéro PCE du mandat');
    await user.type(input, '12345678901235');
    await user.click(within(dialog).getByRole('button', { name: 'Révoquer le mandat' }));
    expect(within(dialog).getByText(`Veuillez saisir exactement : ${PCE}`)).toBeInTheDocument();
    expect(requests.some((request) => request.path.endsWith('/revoke/'))).toBe(false);

    await user.clear(input);
    await user.type(input, PCE);
    await user.click(within(dialog).getByRole('button', { name: 'Révoquer le mandat' }));
    // The card leaves the active list (its dialog unmounts) and the toast still shows.
    expect(await screen.findByText('Mandat révoqué. Vos données seront supprimées sous 30 jours.')).toBeInTheDocument();
    expect(await screen.findByText("Vous n'avez pas encore de mandat actif ?")).toBeInTheDocument();
    expect(within(screen.getByTestId('group-revoked')).getByText('Révoqué')).toBeInTheDocument();
    const sent = requests.find((request) => request.path === '/api/mandates/m-1/revoke/');
    expect(sent?.body).toEqual({ confirmation: PCE });
  });

  it('wizard step 1: the energy and the manager are required, then the name of an « Autre » manager', async () => {
    const { user, wizard, next } = await openWizard();
    await next();
    expect(within(wizard).getByText("Veuillez sélectionner le type d'énergie et le gestionnaire")).toBeInTheDocument();
    await user.click(within(wizard).getByLabelText('Gaz'));
    await user.selectOptions(within(wizard).getByLabelText('Gestionnaire de réseau'), 'other');
    await next();
    expect(within(wizard).getByText('Veuillez préciser le nom du gestionnaire')).toBeInTheDocument();
    await user.selectOptions(within(wizard).getByLabelText('Gestionnaire de réseau'), 'grdf');
    await next();
    // The step change moves the focus to the new step's title.
    expect(within(wizard).getByRole('heading', { name: 'Étape 2 sur 5 : Adresse' })).toHaveFocus();
  });

  it('wizard step 2: the address is required; a suggestion after 3 typed characters fills the postal code and city', async () => {
    const { user, wizard, next, requests } = await openWizard();
    await reachStep(2, { user, wizard, next });
    await next();
    expect(
      within(wizard).getByText("Veuillez renseigner l'adresse complète du point de livraison"),
    ).toBeInTheDocument();
    // Typed: the suggestions follow the keystrokes (3 characters at least).
    await user.type(within(wizard).getByRole('combobox', { name: 'Adresse du point de livraison' }), '8 bd');
    const suggestions = await within(wizard).findByRole('listbox', { name: 'Adresses suggérées' });
    await user.click(within(suggestions).getByRole('option', { name: '8 Boulevard du Port 80000 Amiens' }));
    expect(within(wizard).getByLabelText('Code postal')).toHaveValue('80000');
    expect(within(wizard).getByLabelText('Commune')).toHaveValue('Amiens');
    const search = requests.find((request) => request.path === '/api/address/search');
    expect(search?.url.searchParams.get('q')).toBe('8 bd');
    await next();
    expect(within(wizard).getByRole('heading', { name: 'Étape 3 sur 5 : PDL/PCE' })).toHaveFocus();
  });

  it('wizard step 3: the PCE is required, digits only, exactly 14', async () => {
    const { user, wizard, next } = await openWizard();
    await reachStep(3, { user, wizard, next });
    await next();
    expect(within(wizard).getByText('Le numéro PCE est obligatoire')).toBeInTheDocument();
    const number = within(wizard).getByLabelText('Numéro PCE');
    // Typed: the letters are dropped as they come.
    await user.type(number, '12ab345');
    expect(number).toHaveValue('12345');
    await next();
    expect(within(wizard).getByText('Le PCE doit contenir exactement 14 chiffres')).toBeInTheDocument();
    await user.clear(number);
    await user.paste(PCE);
    await next();
    expect(within(wizard).getByRole('heading', { name: 'Étape 4 sur 5 : Données' })).toHaveFocus();
  });

  it('wizard step 4: at least one data type, 24 months by default; « Précédent » keeps the entries', async () => {
    const { user, wizard, next } = await openWizard();
    await reachStep(4, { user, wizard, next });
    for (const label of [/Données de consommation/, /Données techniques/, /Données contractuelles/]) {
      await user.click(within(wizard).getByLabelText(label));
    }
    await next();
    expect(within(wizard).getByText('Veuillez autoriser au moins un type de données')).toBeInTheDocument();
    await user.click(within(wizard).getByLabelText(/Données de consommation/));
    expect(within(wizard).getByLabelText('Durée en mois')).toHaveValue(24);
    await next();
    await user.click(within(wizard).getByRole('button', { name: 'Précédent' }));
    expect(within(wizard).getByLabelText(/Données de consommation/)).toBeChecked();
    expect(within(wizard).getByLabelText(/Données techniques/)).not.toBeChecked();
  });

  it('wizard step 5: a signature is required, then the signed mandate is sent and the form closes', async () => {
    const { user, wizard, next, requests } = await openWizard();
    await reachStep(5, { user, wizard, next });
    await user.click(within(wizard).getByRole('button', { name: 'Signer le mandat' }));
    expect(within(wizard).getByText('Veuillez signer le mandat.')).toBeInTheDocument();
    // Signed with the typed name (the keyboard alternative of the canvas), pasted in one go.
    await user.click(within(wizard).getByLabelText('Ou saisissez votre nom pour signer au clavier'));
    await user.paste('Camille Martin');
    await user.click(within(wizard).getByRole('button', { name: 'Signer le mandat' }));

    expect(await screen.findByText('Mandat créé et signé avec succès !')).toBeInTheDocument();
    const sent = requests.find((request) => request.path === '/api/mandates/create-signed/');
    expect(sent?.body).toEqual({
      mandate: {
        energy_type: 'gas',
        manager: 'grdf',
        manager_name: null,
        pdl: null,
        pce: PCE,
        delivery_point_address: '8 Boulevard du Port',
        delivery_point_postal_code: '80000',
        delivery_point_city: 'Amiens',
        authorized_consumption_data: true,
        authorized_technical_data: false,
        authorized_contractual_data: false,
        authorized_load_curve: false,
        duration_months: 24,
      },
      signature: 'data:image/png;base64,iVBORw0KGgo=',
    });
    await waitFor(() => expect(screen.queryByRole('form')).not.toBeInTheDocument());
  });

  it('clamps the typed duration to 6–36 months on the 6-month steps', async () => {
    const opened = await openWizard();
    const { user, wizard } = opened;
    await reachStep(4, opened, {
      energy: 'Électricité',
      manager: 'enedis',
      address: '1 rue de la Paix',
      postalCode: '75002',
      city: 'Paris',
      numberLabel: 'Numéro PDL',
      number: '09876543210987',
    });

    // Electricity offers the load curve (off by default).
    expect(within(wizard).getByLabelText(/Courbe de charge/)).not.toBeChecked();
    const input = within(wizard).getByLabelText('Durée en mois');
    const slider = within(wizard).getByRole('slider');
    for (const [typed, expected] of [
      ['40', 36],
      ['2', 6],
      ['13', 12],
      ['abc', 12],
    ] as const) {
      await user.clear(input);
      await user.type(input, `${typed}{Enter}`);
      expect(input).toHaveValue(expected);
      expect(slider).toHaveAttribute('aria-valuenow', String(expected));
    }
    slider.focus();
    await user.keyboard('{ArrowRight}');
    expect(input).toHaveValue(18);
    expect(slider).toHaveAttribute('aria-valuetext', '18 mois');
  });

  it('shows when a revoked mandate was revoked, and no expiry still to come', async () => {
    const revoked = mandate({
      id: 'm-9',
      is_active: false,
      status: 'revoked',
      status_display: 'Révoqué',
      expiry_date: '2028-11-01',
      days_until_expiry: null,
      revoked_at: '2026-11-20T15:30:00.000Z',
    });
    mockApi({
      'GET /api/mandates/': ({ url }) => ({
        body:
          url.searchParams.get('is_active') === 'true'
            ? list([], 0)
            : { ...list([revoked], 0), counts: { active: 0, inactive: 1 } },
      }),
    });
    renderPage();
    const card = await within(await screen.findByTestId('group-revoked')).findByTestId('mandate-card');
    expect(within(card).getByText('Révoqué le')).toBeInTheDocument();
    expect(within(card).getByTestId('revoked-at')).toHaveTextContent('20/11/2026');
    expect(card).not.toHaveTextContent('Expiration');
    expect(card).not.toHaveTextContent('2028');
  });

  it('says under « Signature électronique certifiée » what the signature is under eIDAS', async () => {
    mandatesApi([]);
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Créer mon premier mandat' }));
    const signed = screen.getByRole('button', { name: /Signature électronique certifiée/ });
    expect(signed).toHaveTextContent('Signature électronique simple (eIDAS)');
    await user.click(signed);
    expect(screen.getByTestId('signature-level')).toHaveTextContent(
      'signature électronique simple au sens du règlement eIDAS : ni avancée, ni qualifiée',
    );
  });
});
