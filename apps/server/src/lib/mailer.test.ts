import { Writable } from 'node:stream';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { createMailer, withSmtpTimeouts } from './mailer.ts';

function capturedLogger() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  return { logger: pino({ level: 'trace' }, stream), lines };
}

const resetMail = {
  to: 'mia@northwind.test',
  subject: 'Reset your Callboard password',
  text: 'Open https://callboard.example.com/update-password?token=live-secret-token',
};

describe('createMailer', () => {
  it('logs only the recipient and subject with MAIL_TRANSPORT=log, never the live link', async () => {
    const { logger, lines } = capturedLogger();
    const mailer = createMailer({ transport: 'log', from: 'Callboard <x@y.test>', logger });
    await mailer.send(resetMail);
    const logged = lines.join('\n');
    expect(logged).toContain('mia@northwind.test');
    expect(logged).toContain('Reset your Callboard password');
    expect(logged).not.toContain('live-secret-token');
    expect(mailer.outbox).toBeNull();
  });

  it('keeps the whole message in the development outbox', async () => {
    const { logger } = capturedLogger();
    const mailer = createMailer({ transport: 'outbox', from: 'Callboard <x@y.test>', logger });
    await mailer.send(resetMail);
    expect(mailer.outbox?.at(-1)?.text).toContain('live-secret-token');
  });
});

describe('withSmtpTimeouts', () => {
  it('bounds every wait unless SMTP_URL sets its own, and keeps the credentials', () => {
    const url = new URL(
      withSmtpTimeouts('smtps://user:p%40ss@mail.example.com:465?socketTimeout=60000'),
    );
    expect(url.searchParams.get('connectionTimeout')).toBe('10000');
    expect(url.searchParams.get('greetingTimeout')).toBe('10000');
    expect(url.searchParams.get('dnsTimeout')).toBe('10000');
    expect(url.searchParams.get('socketTimeout')).toBe('60000');
    expect([url.protocol, url.username, url.password, url.host]).toEqual([
      'smtps:',
      'user',
      'p%40ss',
      'mail.example.com:465',
    ]);
  });
});
