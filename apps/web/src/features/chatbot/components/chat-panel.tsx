import { type ChatbotSource, chatbotMessages } from '@pilote/contracts';
import { MessageCircle, Send, X } from 'lucide-react';
import { type FormEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { inputStyles } from '../../../components/ui/input.tsx';
import { getCsrfToken } from '../../../lib/api-client.ts';
import { clientErrorCodes, isApiClientError, NETWORK_ERROR_DETAIL, serverMessageOf } from '../../../lib/api-error.ts';
import { cn } from '../../../lib/cn.ts';
import { useStreamChatMessage } from '../api/stream-chat-message.ts';

export const CHAT_GREETING =
  'Bonjour ! Je réponds à vos questions sur les tarifs du gaz, la CJA et l’utilisation de la plateforme, à partir de la FAQ, du glossaire, du blog, des tarifs en vigueur et de vos dernières simulation et optimisation.';

type ChatMessage = { role: 'user' | 'assistant'; content: string; timestamp: string; sources?: ChatbotSource[] };

function isAbortError(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'name' in error && error.name === 'AbortError';
}

/**
 * The §8 message for a failed call (the 403 CSRF case also fetches a fresh token for the next try): the server's
 * own French error when it sent one, never a bare 'HTTP 502' nor the browser's English network reason.
 */
export function chatErrorMessage(error: unknown): string {
  if (!isApiClientError(error)) {
    return chatbotMessages.generic;
  }
  if (error.code === clientErrorCodes.csrfUnavailable) {
    // No answer at all: the connection; an answer without a usable token: the server.
    return error.status === 0 ? chatbotMessages.csrfFetchFailed : chatbotMessages.noToken;
  }
  if (error.status === 0) {
    return `${chatbotMessages.networkPrefix}${NETWORK_ERROR_DETAIL}`;
  }
  if (error.status === 401) {
    return chatbotMessages.notSignedIn;
  }
  const serverMessage = serverMessageOf(error);
  if (error.status === 403 && /csrf/i.test(`${error.code ?? ''} ${serverMessage ?? ''}`)) {
    void getCsrfToken({ forceRefresh: true }).catch(() => undefined);
    return chatbotMessages.csrfExpired;
  }
  return serverMessage ?? chatbotMessages.generic;
}

/**
 * The assistant's floating panel in the private area (spec §2.10, §4, §5, §8): 96 wide and 600 high, a greeting,
 * the conversation, a textarea where Enter sends and Shift+Enter adds a line. Blank messages are not sent; the
 * button is disabled while waiting. Answers arrive progressively (`POST /api/chatbot/stream`, ADR 0036) and are
 * shown as text (never as HTML) with links to their passages.
 */
export function ChatPanel() {
  const [open, setOpen] = useState(false);
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [draft, setDraft] = useState('');
  const [error, setError] = useState<string | null>(null);
  const send = useStreamChatMessage();
  /** The answer being written, piece by piece (null when none is under way). */
  const [partial, setPartial] = useState<string | null>(null);
  const inFlight = useRef<AbortController | null>(null);
  const titleId = useId();
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const listRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (open) {
      inputRef.current?.focus();
    }
  }, [open]);
  // Leaving the private area cancels an answer still being written.
  useEffect(() => () => inFlight.current?.abort(), []);
  // Keep the newest message in view whenever the conversation changes. Keyed on each part: a sum would not change
  // when the answer replaces the « rédige sa réponse » line (one message more, one pending less); the streamed
  // text's length moves it while the answer is being written.
  const conversationKey = `${messages.length}:${error ?? ''}:${send.isPending}:${partial?.length ?? 0}`;
  useEffect(() => {
    const list = listRef.current;
    if (list && conversationKey !== '0::false:0') {
      list.scrollTop = list.scrollHeight;
    }
  }, [conversationKey]);

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    const message = draft.trim();
    if (!message || send.isPending) {
      return;
    }
    const history = messages.slice(-20).map(({ role, content }) => ({ role, content: content.slice(0, 4000) }));
    setMessages((current) => [...current, { role: 'user', content: message, timestamp: new Date().toISOString() }]);
    setDraft('');
    setError(null);
    setPartial(null);
    const controller = new AbortController();
    inFlight.current = controller;
    try {
      const answer = await send.mutateAsync({
        body: { message, history },
        signal: controller.signal,
        onDelta: (text) => setPartial((current) => (current ?? '') + text),
      });
      setMessages((current) => [
        ...current,
        { role: 'assistant', content: answer.response, sources: answer.sources, timestamp: new Date().toISOString() },
      ]);
    } catch (caught) {
      if (!isAbortError(caught)) {
        setError(chatErrorMessage(caught));
      }
    } finally {
      setPartial(null);
      if (inFlight.current === controller) {
        inFlight.current = null;
      }
    }
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void submit();
    }
  };

  if (!open) {
    return (
      <button
        type="button"
        onClick={() => setOpen(true)}
        className="fixed right-20 bottom-2 z-40 inline-flex size-12 sm:right-4 sm:bottom-20 items-center justify-center rounded-full bg-primary text-primary-foreground shadow-lg hover:bg-primary-hover focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
        aria-label="Ouvrir l’assistant"
        title="Assistant"
      >
        <MessageCircle aria-hidden="true" className="size-5" />
      </button>
    );
  }

  return (
    <section
      aria-labelledby={titleId}
      className="fixed right-4 bottom-4 z-50 flex h-[600px] max-h-[calc(100dvh-2rem)] w-96 max-w-[calc(100vw-2rem)] flex-col rounded-xl border border-border bg-background shadow-2xl"
    >
      <header className="flex items-center justify-between border-b border-border px-4 py-3">
        <h2 id={titleId} className="font-semibold text-foreground">
          Assistant
        </h2>
        <Button variant="ghost" size="sm" onClick={() => setOpen(false)} aria-label="Fermer l’assistant">
          <X aria-hidden="true" className="size-4" />
        </Button>
      </header>
      <div
        ref={listRef}
        className="flex-1 overflow-y-auto px-4 py-3"
        aria-live="polite"
        aria-busy={send.isPending}
        data-testid="chat-messages"
      >
        <p className="mb-3 rounded-lg bg-muted px-3 py-2 text-sm text-foreground">{CHAT_GREETING}</p>
        {messages.map((message) => (
          <div
            key={`${message.timestamp}-${message.role}`}
            data-testid="chat-message"
            className={cn(
              'mb-3 rounded-lg px-3 py-2 text-sm whitespace-pre-line break-words',
              message.role === 'user'
                ? 'ml-8 bg-primary text-primary-foreground'
                : 'mr-4 border border-border bg-surface text-foreground',
            )}
          >
            <span className="sr-only">{message.role === 'user' ? 'Vous : ' : 'Assistant : '}</span>
            {message.content}
            {message.sources && message.sources.length > 0 ? (
              <ul className="mt-2 flex flex-col gap-1 border-t border-border pt-2 text-xs">
                {message.sources.map((source) => (
                  <li key={source.url}>
                    {source.ref === undefined ? null : (
                      <span className="mr-1 text-muted-foreground">[{source.ref}]</span>
                    )}
                    <Link to={source.url} className="text-primary underline">
                      {source.title}
                    </Link>
                  </li>
                ))}
              </ul>
            ) : null}
          </div>
        ))}
        {partial ? (
          <div
            data-testid="chat-message"
            className="mr-4 mb-3 rounded-lg border border-border bg-surface px-3 py-2 text-sm whitespace-pre-line break-words text-foreground"
          >
            <span className="sr-only">Assistant : </span>
            {partial}
          </div>
        ) : null}
        {send.isPending && !partial ? (
          <p className="text-sm text-muted-foreground">L’assistant rédige sa réponse…</p>
        ) : null}
        {error ? (
          <p role="alert" className="text-sm font-medium text-danger">
            {error}
          </p>
        ) : null}
      </div>
      <form onSubmit={submit} className="flex items-end gap-2 border-t border-border p-3">
        <label htmlFor={`${titleId}-input`} className="sr-only">
          Votre question
        </label>
        <textarea
          id={`${titleId}-input`}
          ref={inputRef}
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={onKeyDown}
          rows={2}
          maxLength={2000}
          placeholder="Posez votre question…"
          title="Entrée pour envoyer, Maj+Entrée pour aller à la ligne"
          className={cn(inputStyles, 'h-auto min-h-12 flex-1 resize-none py-2')}
        />
        <Button type="submit" size="icon" disabled={send.isPending || !draft.trim()} aria-label="Envoyer">
          <Send aria-hidden="true" className="size-4" />
        </Button>
      </form>
    </section>
  );
}
