// Outgoing mail. MAIL_TRANSPORT (config.ts) chooses how it leaves:
// - smtp: through SMTP_URL;
// - log: only the recipient and subject are logged — never the text, which holds live reset and
//   invitation links;
// - outbox (development and tests only): the whole message is logged and kept in a small in-memory
//   outbox that GET /api/dev/outbox serves to loopback clients (modules/dev/dev.routes.ts).
import type { Transporter } from 'nodemailer';
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
  /** The development outbox, newest last; null unless MAIL_TRANSPORT is outbox. */
  outbox: OutboxEntry[] | null;
}

const OUTBOX_LIMIT = 200;

/**
 * nodemailer waits minutes by default for a server that does not answer. Shorter limits end every
 * send within about a minute, well inside the outbox's lease (lib/mail-queue.ts). Each can still
 * be set in SMTP_URL's query string (`?socketTimeout=60000`), which nodemailer reads.
 */
const SMTP_TIMEOUTS_MS = {
  dnsTimeout: 10_000,
  connectionTimeout: 10_000,
  greetingTimeout: 10_000,
  socketTimeout: 30_000,
};

export function withSmtpTimeouts(smtpUrl: string): string {
  const url = new URL(smtpUrl);
  for (const [name, ms] of Object.entries(SMTP_TIMEOUTS_MS)) {
    if (!url.searchParams.has(name)) url.searchParams.set(name, String(ms));
  }
  return url.toString();
}

export function createMailer(options: {
  transport: 'smtp' | 'log' | 'outbox';
  smtpUrl?: string | undefined;
  from: string;
  logger: Logger;
}): Mailer {
  const { logger } = options;
  if (options.transport === 'smtp') {
    if (!options.smtpUrl) throw new Error('MAIL_TRANSPORT=smtp needs SMTP_URL');
    const smtpUrl = withSmtpTimeouts(options.smtpUrl);
    // nodemailer (about 14 MB) is loaded with the first mail, not when the server starts.
    let transport: Promise<Transporter> | undefined;
    return {
      outbox: null,
      send: async (message) => {
        transport ??= import('nodemailer').then(({ default: nodemailer }) =>
          nodemailer.createTransport(smtpUrl),
        );
        await (await transport).sendMail({ from: options.from, ...message });
        logger.info({ to: message.to, subject: message.subject }, 'mail sent');
      },
    };
  }
  if (options.transport === 'log') {
    return {
      outbox: null,
      send: (message) => {
        logger.info(
          { to: message.to, subject: message.subject },
          'mail not sent (MAIL_TRANSPORT=log): recipient and subject only',
        );
        return Promise.resolve();
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
      logger.info(
        { to: message.to, subject: message.subject, text: message.text },
        'mail kept in the development outbox (MAIL_TRANSPORT=outbox)',
      );
      return Promise.resolve();
    },
  };
}
