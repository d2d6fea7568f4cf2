import { randomUUID } from 'node:crypto';
import type { Database } from '../../db/client.ts';
import { mailOutbox } from '../../db/schema.ts';
import type { Mailer, MailLogger, MailMessage } from './types.ts';

/**
 * No SMTP server: the mail is stored in `mail_outbox` (admins read it in the admin panel) and its links are
 * logged, so that sign-up and password reset work on a bare machine.
 */
export function createOutboxMailer(db: Database, logger: MailLogger): Mailer {
  return {
    kind: 'outbox',
    async send(message: MailMessage) {
      await db.insert(mailOutbox).values({
        id: randomUUID(),
        to: message.to,
        subject: message.subject,
        text: message.attachments?.length
          ? `${message.text}\n\n${message.attachments.map((file) => `[Pièce jointe : ${file.filename}, ${file.content.byteLength} octets]`).join('\n')}`
          : message.text,
        html: message.html ?? null,
        links: message.links,
      });
      logger.info(
        { mail: { to: message.to, subject: message.subject, links: message.links } },
        'mail kept in the outbox (SMTP_URL not set)',
      );
    },
  };
}
