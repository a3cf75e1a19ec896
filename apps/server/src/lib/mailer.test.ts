import { Writable } from 'node:stream';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { createMailer } from './mailer.ts';

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
