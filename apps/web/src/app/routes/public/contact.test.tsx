import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { mockApi } from '../../../testing/mock-api.ts';
import { preloadRoute } from '../../../testing/preload-route.ts';
import { renderApp } from '../../../testing/render-app.tsx';

beforeAll(() => preloadRoute('/contact'));

describe('/contact', () => {
  it('checks the fields in French, then sends the message with the honeypot and thanks the visitor', async () => {
    const { requests } = mockApi({ 'POST /api/contact/': () => ({ status: 201, body: { received: true } }) });
    const { user } = renderApp('/contact');
    await screen.findByRole('heading', { level: 1, name: 'Contact' });
    const form = screen.getByRole('form', { name: 'Formulaire de contact' });

    await user.click(within(form).getByRole('button', { name: 'Envoyer le message' }));
    expect(within(form).getByText('Veuillez indiquer votre nom.')).toBeInTheDocument();
    expect(within(form).getByText('Veuillez indiquer votre adresse e-mail.')).toBeInTheDocument();
    expect(within(form).getByText('Veuillez choisir un sujet.')).toBeInTheDocument();
    expect(within(form).getByText('Votre message doit contenir au moins 10 caractères.')).toBeInTheDocument();
    expect(within(form).getByLabelText('Nom et prénom')).toHaveFocus();
    expect(requests.some((request) => request.path === '/api/contact/')).toBe(false);

    await user.type(within(form).getByLabelText('Nom et prénom'), 'Claire Martin');
    await user.type(within(form).getByLabelText('Adresse e-mail professionnelle'), 'claire@industrie.fr');
    await user.selectOptions(within(form).getByLabelText('Sujet'), 'commercial');
    await user.type(within(form).getByLabelText('Votre message'), 'Nous avons douze sites : une démonstration ?');
    await user.click(within(form).getByRole('button', { name: 'Envoyer le message' }));

    expect(await screen.findByText('Merci, votre message a bien été envoyé.')).toBeInTheDocument();
    const sent = requests.find((request) => request.path === '/api/contact/');
    expect(sent?.body).toEqual({
      name: 'Claire Martin',
      email: 'claire@industrie.fr',
      company: '',
      topic: 'commercial',
      message: 'Nous avons douze sites : une démonstration ?',
      website: '',
    });
    expect(sent?.headers.get('X-CSRFToken')).toBe('csrf-test');
  });

  it('shows the server’s message when it refuses (rate limit)', async () => {
    mockApi({
      'POST /api/contact/': () => ({
        status: 429,
        body: { error: 'Trop de requêtes. Veuillez réessayer dans 600 s.', code: 'RATE_LIMITED' },
      }),
    });
    const { user } = renderApp('/contact');
    const form = await screen.findByRole('form', { name: 'Formulaire de contact' });
    await user.type(within(form).getByLabelText('Nom et prénom'), 'Claire Martin');
    await user.type(within(form).getByLabelText('Adresse e-mail professionnelle'), 'claire@industrie.fr');
    await user.selectOptions(within(form).getByLabelText('Sujet'), 'support');
    await user.type(within(form).getByLabelText('Votre message'), 'Une question sur mon calcul de CTA.');
    await user.click(within(form).getByRole('button', { name: 'Envoyer le message' }));

    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'Trop de requêtes. Veuillez réessayer dans 600 s.',
    );
  });
});
