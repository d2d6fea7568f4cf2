import type { Mailer, MailLogger, MailMessage } from '../../adapters/mail/index.ts';

/**
 * Sends identity mails without making the HTTP answer wait for them: the answer to "reset my password" must
 * take the same time whether or not a mail leaves (no account enumeration by timing, ADR 0008). Failures are
 * logged. `idle()` waits for the sends under way (shutdown, tests).
 */
export class MailDispatcher {
  private readonly pending = new Set<Promise<void>>();

  constructor(
    readonly mailer: Mailer,
    private readonly logger: MailLogger,
  ) {}

  dispatch(message: MailMessage): void {
    const sending = this.mailer
      .send(message)
      .catch((error: unknown) => {
        this.logger.error({ err: error, mail: { to: message.to, subject: message.subject } }, 'mail not sent');
      })
      .finally(() => {
        this.pending.delete(sending);
      });
    this.pending.add(sending);
  }

  async idle(): Promise<void> {
    while (this.pending.size > 0) {
      await Promise.all([...this.pending]);
    }
  }
}
