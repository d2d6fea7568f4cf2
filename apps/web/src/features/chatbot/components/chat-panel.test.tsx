import { type ChatbotStreamEvent, chatbotMessages } from '@pilote/contracts';
import { QueryClient } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../app/providers.tsx';
import { clearCsrfToken } from '../../../lib/api-client.ts';
import { NETWORK_ERROR_DETAIL } from '../../../lib/api-error.ts';
import { mockApi } from '../../../testing/mock-api.ts';
import { ChatPanel } from './chat-panel.tsx';

/** An NDJSON answer whose events the test sends one at a time, like the server does as the model writes. */
function controlledStream() {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
    },
  });
  const encoder = new TextEncoder();
  return {
    response: new Response(body, { status: 200, headers: { 'Content-Type': 'application/x-ndjson; charset=utf-8' } }),
    send(event: ChatbotStreamEvent) {
      controller.enqueue(encoder.encode(`${JSON.stringify(event)}\n`));
    },
    /** Half a line, to check the reader waits for its end. */
    sendRaw(text: string) {
      controller.enqueue(encoder.encode(text));
    },
    end() {
      controller.close();
    },
  };
}

async function openAndAsk(question: string) {
  // No pause between actions: user-event's default waits a timer after each key, which the fake clock of the token
  // tests moves only every 20 ms (shouldAdvanceTime) — the typed question took ~0.5 s there, doing nothing.
  const user = userEvent.setup({ delay: null });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <AppProviders queryClient={queryClient}>
      <MemoryRouter>
        <ChatPanel />
      </MemoryRouter>
    </AppProviders>,
  );
  await user.click(screen.getByRole('button', { name: 'Ouvrir l’assistant' }));
  const panel = screen.getByRole('region', { name: 'Assistant' });
  // The question pasted, then sent with Enter (no test here is about typing it).
  await user.click(within(panel).getByLabelText('Votre question'));
  await user.paste(question);
  await user.keyboard('{Enter}');
  return { user, panel };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('ChatPanel', () => {
  it('renders the answer progressively, as text, then its cited sources', async () => {
    const stream = controlledStream();
    const { requests } = mockApi({ 'POST /api/chatbot/stream': () => stream.response });
    const { panel } = await openAndAsk('Qu’est-ce que la CJA ?');

    const send = within(panel).getByRole('button', { name: 'Envoyer' });
    expect(await within(panel).findByText('L’assistant rédige sa réponse…')).toBeInTheDocument();
    expect(send).toBeDisabled();
    const sent = requests.find((request) => request.path === '/api/chatbot/stream');
    expect(sent?.body).toEqual({ message: 'Qu’est-ce que la CJA ?', history: [] });
    expect(sent?.headers.get('X-CSRFToken')).toBe('csrf-test');

    stream.send({ type: 'delta', text: 'La CJA ' });
    const answers = () => within(panel).getAllByTestId('chat-message');
    await waitFor(() => expect(answers()[1]).toHaveTextContent('La CJA'));
    expect(within(panel).queryByText('L’assistant rédige sa réponse…')).toBeNull();
    expect(within(panel).getByTestId('chat-messages')).toHaveAttribute('aria-busy', 'true');

    stream.sendRaw('{"type":"delta","text":"est <img src=x onerror=alert(1)> ');
    stream.sendRaw('une capacité [1]."}\n');
    await waitFor(() => expect(answers()[1]).toHaveTextContent('est <img src=x onerror=alert(1)> une capacité [1].'));
    expect(panel.querySelector('img')).toBeNull();
    expect(send).toBeDisabled();

    stream.send({
      type: 'done',
      response: 'La CJA est <img src=x onerror=alert(1)> une capacité [1].',
      sources: [{ title: 'CJA — Capacité journalière annuelle', url: '/glossaire#cja', excerpt: '…', ref: 1 }],
    });
    stream.end();
    const link = await within(panel).findByRole('link', { name: 'CJA — Capacité journalière annuelle' });
    expect(link).toHaveAttribute('href', '/glossaire#cja');
    expect(link.closest('li')).toHaveTextContent('[1]');
    expect(answers()).toHaveLength(2);
    expect(panel.querySelector('img')).toBeNull();
    expect(within(panel).getByTestId('chat-messages')).toHaveAttribute('aria-busy', 'false');
  });

  it('shows the French error of an engine failure sent after the stream started', async () => {
    const stream = controlledStream();
    mockApi({ 'POST /api/chatbot/stream': () => stream.response });
    const { panel } = await openAndAsk('Qu’est-ce que la CJA ?');
    stream.send({ type: 'delta', text: 'La CJA ' });
    await waitFor(() => expect(within(panel).getAllByTestId('chat-message')).toHaveLength(2));
    const message = 'L’assistant met trop de temps à répondre. Veuillez réessayer dans quelques instants.';
    stream.send({ type: 'error', status: 504, error: message, code: 'CHATBOT_ENGINE_TIMEOUT' });
    stream.end();
    expect(await within(panel).findByRole('alert')).toHaveTextContent(message);
    // The unfinished answer is dropped; the question stays.
    expect(within(panel).getAllByTestId('chat-message')).toHaveLength(1);
    expect(within(panel).getByRole('button', { name: 'Envoyer' })).toBeDisabled();
  });

  it('asks to resend after a CSRF refusal and fetches a fresh token', async () => {
    clearCsrfToken();
    const { requests } = mockApi({
      'POST /api/chatbot/stream': () => ({
        status: 403,
        body: { error: 'Jeton CSRF manquant ou invalide. Rechargez la page et réessayez.', code: 'CSRF_INVALID' },
      }),
    });
    const { panel } = await openAndAsk('Qu’est-ce que la CJA ?');
    expect(await within(panel).findByRole('alert')).toHaveTextContent(chatbotMessages.csrfExpired);
    const tokenFetches = () => requests.filter((request) => request.path === '/api/common/get-csrf-token/').length;
    // The first token, the one the client's replay fetched, and the one fetched for the next message.
    await waitFor(() => expect(tokenFetches()).toBe(3));
  });

  it('says « Erreur réseau : » once, in French, when the server cannot be reached', async () => {
    mockApi({
      'POST /api/chatbot/stream': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    const { panel } = await openAndAsk('Qu’est-ce que la CJA ?');
    const alert = await within(panel).findByRole('alert');
    expect(alert).toHaveTextContent(`${chatbotMessages.networkPrefix}${NETWORK_ERROR_DETAIL}`);
    expect(alert.textContent?.match(/Erreur réseau/g)).toHaveLength(1);
    expect(alert).not.toHaveTextContent('Failed to fetch');
  });

  it("shows 'Une erreur est survenue.' for an answer without a server message (a proxy's 502), never 'HTTP 502'", async () => {
    mockApi({
      'POST /api/chatbot/stream': () =>
        new Response('<html><h1>502 Bad Gateway</h1></html>', {
          status: 502,
          headers: { 'Content-Type': 'text/html' },
        }),
    });
    const { panel } = await openAndAsk('Qu’est-ce que la CJA ?');
    const alert = await within(panel).findByRole('alert');
    expect(alert).toHaveTextContent(chatbotMessages.generic);
    expect(alert).not.toHaveTextContent('HTTP');
  });

  it('shows the server’s own French error when it sent one', async () => {
    const error = 'Vous avez atteint la limite de messages de votre offre pour ce mois.';
    mockApi({ 'POST /api/chatbot/stream': () => ({ status: 403, body: { error, code: 'FEATURE_NOT_ALLOWED' } }) });
    const { panel } = await openAndAsk('Qu’est-ce que la CJA ?');
    expect(await within(panel).findByRole('alert')).toHaveTextContent(error);
  });

  it('says the security token is not available when the server answers without one', async () => {
    clearCsrfToken();
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { requests } = mockApi({ 'GET /api/common/get-csrf-token/': () => ({ status: 500, body: 'oops' }) });
    const { panel } = await openAndAsk('Qu’est-ce que la CJA ?');
    // The client retries the token twice, a second apart.
    await vi.advanceTimersByTimeAsync(2000);
    expect(await within(panel).findByRole('alert')).toHaveTextContent(chatbotMessages.noToken);
    expect(requests.some((request) => request.path === '/api/chatbot/stream')).toBe(false);
  });

  it('asks to check the connection when the security token cannot be fetched at all', async () => {
    clearCsrfToken();
    vi.useFakeTimers({ shouldAdvanceTime: true });
    mockApi({
      'GET /api/common/get-csrf-token/': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    const { panel } = await openAndAsk('Qu’est-ce que la CJA ?');
    await vi.advanceTimersByTimeAsync(2000);
    expect(await within(panel).findByRole('alert')).toHaveTextContent(chatbotMessages.csrfFetchFailed);
  });
});
