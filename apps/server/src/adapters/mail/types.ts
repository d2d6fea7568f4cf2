/** One outgoing mail. `links` are the actionable URLs in it (logged and shown in the outbox). */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string | undefined;
  links: string[];
  /** Files attached (SMTP); the outbox keeps only their names and sizes, never their content. */
  attachments?: MailAttachment[] | undefined;
}

export interface MailAttachment {
  filename: string;
  content: Uint8Array;
  contentType: string;
}

/** Sends mail: SMTP when configured (smtp.ts), otherwise the outbox table (outbox.ts). */
export interface Mailer {
  readonly kind: 'smtp' | 'outbox';
  send(message: MailMessage): Promise<void>;
  close?(): Promise<void>;
}

/** The part of a pino/Fastify logger the adapters use. */
export interface MailLogger {
  info(object: Record<string, unknown>, message: string): void;
  error(object: Record<string, unknown>, message: string): void;
}
