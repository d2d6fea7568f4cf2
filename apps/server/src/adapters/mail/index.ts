import type { Config } from '../../config/env.ts';
import type { Database } from '../../db/client.ts';
import { createOutboxMailer } from './outbox.ts';
import { createSmtpMailer } from './smtp.ts';
import type { Mailer, MailLogger } from './types.ts';

export type { Mailer, MailLogger, MailMessage } from './types.ts';

/** SMTP when SMTP_URL is set, otherwise the outbox table. */
export function createMailer(config: Config, db: Database, logger: MailLogger): Mailer {
  return config.mail.smtpUrl
    ? createSmtpMailer({ url: config.mail.smtpUrl, from: config.mail.from })
    : createOutboxMailer(db, logger);
}
