import { contactTopicLabels } from '@pilote/contracts';
import { useId, useState } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Pager } from '../../../components/ui/pager.tsx';
import { LoadingState } from '../../../components/ui/spinner.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { useForbiddenError } from '../../../lib/use-forbidden-error.ts';
import { CONTACT_MESSAGES_PAGE_SIZE, useContactMessages } from '../api/get-contact-messages.ts';

/** Messages sent from the public /contact form, newest first (staff and admins). */
export function ContactMessagesPanel({ onForbidden }: { onForbidden: (error: Error) => void }) {
  const [page, setPage] = useState(1);
  const messages = useContactMessages({ page, pageSize: CONTACT_MESSAGES_PAGE_SIZE });
  const headingId = useId();

  const forbidden = useForbiddenError(messages.error, onForbidden);

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-4">
      <h2 id={headingId} className="text-xl font-semibold text-foreground">
        Messages de contact
      </h2>
      {messages.isPending ? <LoadingState /> : null}
      {messages.error && !forbidden ? (
        <Alert tone="error">Impossible de charger les messages de contact : {messages.error.message}</Alert>
      ) : null}
      {messages.data ? (
        <>
          {messages.data.items.length === 0 ? (
            <p className="text-sm text-muted-foreground">Aucun message reçu.</p>
          ) : (
            <ul className="flex flex-col gap-3" data-testid="contact-messages-list">
              {messages.data.items.map((message) => (
                <li key={message.id} className="rounded-xl border border-border bg-surface p-4">
                  <div className="flex flex-wrap items-baseline justify-between gap-2">
                    <p className="font-medium text-foreground">
                      {message.name}
                      {message.company ? <span className="text-muted-foreground"> · {message.company}</span> : null}
                    </p>
                    <p className="text-xs text-muted-foreground">
                      <time dateTime={message.createdAt}>{formatDateTime(message.createdAt)}</time>
                    </p>
                  </div>
                  <p className="mt-1 text-sm text-muted-foreground">
                    {contactTopicLabels[message.topic]} ·{' '}
                    <a className="break-all text-primary underline" href={`mailto:${message.email}`}>
                      {message.email}
                    </a>
                  </p>
                  <p className="mt-2 whitespace-pre-line text-sm text-foreground">{message.message}</p>
                </li>
              ))}
            </ul>
          )}
          <Pager label="Pages des messages de contact" of={messages.data} onChange={setPage} />
        </>
      ) : null}
    </section>
  );
}
