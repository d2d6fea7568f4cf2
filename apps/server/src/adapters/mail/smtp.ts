import nodemailer from 'nodemailer';
import type { Mailer, MailMessage } from './types.ts';

/** SMTP through nodemailer; `url` is SMTP_URL (smtp://user:pass@host:587, smtps://… for implicit TLS). */
export function createSmtpMailer(options: { url: string; from: string }): Mailer {
  const transport = nodemailer.createTransport(options.url);
  return {
    kind: 'smtp',
    async send(message: MailMessage) {
      await transport.sendMail({
        from: options.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        ...(message.html ? { html: message.html } : {}),
        ...(message.attachments?.length
          ? {
              attachments: message.attachments.map((file) => ({
                filename: file.filename,
                content: Buffer.from(file.content),
                contentType: file.contentType,
              })),
            }
          : {}),
      });
    },
    async close() {
      transport.close();
    },
  };
}
