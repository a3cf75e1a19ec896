// Outgoing mail: SMTP when SMTP_URL is set; otherwise every message is logged and kept in a
// small development outbox (GET /api/dev/outbox, never mounted in production).
import nodemailer from 'nodemailer';
import type { Logger } from 'pino';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface OutboxEntry extends MailMessage {
  id: number;
  sentAt: string;
}

export interface Mailer {
  send: (message: MailMessage) => Promise<void>;
  /** The development outbox, newest last; null when mail goes out over SMTP. */
  outbox: OutboxEntry[] | null;
}

const OUTBOX_LIMIT = 200;

export function createMailer(options: {
  smtpUrl?: string | undefined;
  from: string;
  logger: Logger;
}): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      outbox: null,
      send: async (message) => {
        await transport.sendMail({ from: options.from, ...message });
        options.logger.info({ to: message.to, subject: message.subject }, 'mail sent');
      },
    };
  }
  const outbox: OutboxEntry[] = [];
  let nextId = 1;
  return {
    outbox,
    send: (message) => {
      outbox.push({ ...message, id: nextId++, sentAt: new Date().toISOString() });
      if (outbox.length > OUTBOX_LIMIT) outbox.splice(0, outbox.length - OUTBOX_LIMIT);
      options.logger.info(
        { to: message.to, subject: message.subject, text: message.text },
        'mail kept in the development outbox (SMTP_URL is not set)',
      );
      return Promise.resolve();
    },
  };
}
