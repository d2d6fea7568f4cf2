import { useId, useState } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Pager } from '../../../components/ui/pager.tsx';
import { LoadingState } from '../../../components/ui/spinner.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { useForbiddenError } from '../../../lib/use-forbidden-error.ts';
import { OUTBOX_PAGE_SIZE, useOutbox } from '../api/get-outbox.ts';

/** Mails kept in the outbox when no SMTP server is configured: recipient, subject, date, links. */
export function OutboxPanel({ onForbidden }: { onForbidden: (error: Error) => void }) {
  const [page, setPage] = useState(1);
  const outbox = useOutbox({ page, pageSize: OUTBOX_PAGE_SIZE });
  const headingId = useId();

  const forbidden = useForbiddenError(outbox.error, onForbidden);

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-4">
      <h2 id={headingId} className="text-xl font-semibold text-foreground">
        Boîte d'envoi
      </h2>
      {outbox.isPending ? <LoadingState /> : null}
      {outbox.error && !forbidden ? (
        <Alert tone="error">Impossible de charger la boîte d'envoi : {outbox.error.message}</Alert>
      ) : null}
      {outbox.data?.mode === 'smtp' ? (
        <Alert tone="info">
          Les e-mails partent par SMTP (SMTP_URL est configuré) : la boîte d'envoi ne contient que les e-mails
          antérieurs.
        </Alert>
      ) : null}
      {outbox.data ? (
        <>
          {outbox.data.items.length === 0 ? (
            <p className="text-sm text-muted-foreground">Aucun e-mail dans la boîte d'envoi.</p>
          ) : (
            <ul className="flex flex-col gap-3" data-testid="outbox-list">
              {outbox.data.items.map((mail) => (
                <li key={mail.id} className="rounded-xl border border-border bg-surface p-4">
                  <div className="flex flex-wrap items-baseline justify-between gap-2">
                    <p className="font-medium text-foreground">{mail.subject}</p>
                    <p className="text-xs text-muted-foreground">
                      <time dateTime={mail.createdAt}>{formatDateTime(mail.createdAt)}</time>
                    </p>
                  </div>
                  <p className="mt-1 text-sm text-muted-foreground">
                    À : <span className="break-all text-foreground">{mail.to}</span>
                  </p>
                  {mail.redacted ? (
                    <p className="mt-2 text-xs text-muted-foreground">
                      Contenu et liens masqués : réservés aux administrateurs.
                    </p>
                  ) : mail.links.length > 0 ? (
                    <ul className="mt-2 flex flex-col gap-1 text-sm">
                      {mail.links.map((link) => (
                        <li key={link}>
                          <a href={link} className="break-all text-primary underline underline-offset-4">
                            {link}
                          </a>
                        </li>
                      ))}
                    </ul>
                  ) : null}
                </li>
              ))}
            </ul>
          )}
          <Pager label="Pages de la boîte d'envoi" of={outbox.data} onChange={setPage} />
        </>
      ) : null}
    </section>
  );
}
