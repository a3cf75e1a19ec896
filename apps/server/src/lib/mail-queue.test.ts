// The mail outbox on both databases: mail leaves only after its transaction commits, a mail
// server that hangs neither fails nor holds up the request that wrote the mail, and what could
// not be sent is retried with growing delays, then given up (docs/decisions/0010-mail-outbox.md).
import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import type { Invitation } from '@callboard/contract';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../db/client.ts';
import { DEMO_PASSWORD } from '../db/seed/seed.ts';
import { testDatabaseKinds } from '../test/databases.ts';
import { TestClient } from '../test/http-client.ts';
import { startTestServer, type TestServer } from '../test/test-server.ts';
import { createMailQueue, MAIL_RETRY_DELAYS_MINUTES } from './mail-queue.ts';
import type { Mailer, MailMessage } from './mailer.ts';

interface OutboxRow {
  recipient: string;
  attempts: number;
  sent: boolean;
  failed: boolean;
  body_text: string;
  last_error: string | null;
  minutes_to_next: number;
}

/** A mail server that accepts connections and never answers: the worst kind of slow. */
async function silentMailServer() {
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    connections: () => sockets.size,
    /** Hangs up on every waiting client and stops listening. */
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** A transport that records what it sends, or fails when told to. */
function recordingMailer() {
  const sent: MailMessage[] = [];
  let failure: string | null = null;
  const mailer: Mailer = {
    outbox: null,
    send: (message) => {
      if (failure) return Promise.reject(new Error(failure));
      sent.push(message);
      return Promise.resolve();
    },
  };
  return {
    mailer,
    sent,
    failWith: (reason: string | null) => {
      failure = reason;
    },
  };
}

/** A promise and the function that settles it. */
function deferred() {
  let resolve = () => {};
  const promise = new Promise<void>((settle) => {
    resolve = settle;
  });
  return { promise, resolve: () => resolve() };
}

describe.each(testDatabaseKinds)('the mail outbox [$name]', ({ create }) => {
  let server: TestServer;
  let smtp: Awaited<ReturnType<typeof silentMailServer>>;
  let ava: TestClient;

  const rowsFor = (recipient: string) =>
    queryRows<OutboxRow>(
      server.database.db,
      sql`select recipient, attempts, sent_at is not null as sent, failed_at is not null as failed,
                 body_text, last_error,
                 round(extract(epoch from next_attempt_at - now()) / 60)::int as minutes_to_next
          from mail_outbox where recipient = ${recipient} order by created_at`,
    );

  beforeAll(async () => {
    smtp = await silentMailServer();
    server = await startTestServer(await create(), {
      callsPerOrganisation: 10,
      env: { MAIL_TRANSPORT: 'smtp', SMTP_URL: `smtp://127.0.0.1:${smtp.port}` },
    });
    ava = new TestClient(server.url);
    expect((await ava.signIn('ava.admin@northwind.test', DEMO_PASSWORD)).status).toBe(200);
  });
  afterAll(async () => {
    await smtp.close();
    await server.close();
  });

  it('answers an invitation while the mail server hangs, and retries the mail later', async () => {
    const email = 'patient.starter@northwind.test';
    const created = await ava.request<Invitation>('POST', '/api/v1/admin/invitations', {
      json: { email },
    });
    // The invitation is made and answered while the mail server still holds the connection.
    expect(created.status).toBe(201);
    expect(created.body.email).toBe(email);
    await expect.poll(() => smtp.connections()).toBeGreaterThan(0);
    const [waiting] = await rowsFor(email);
    expect(waiting).toMatchObject({ attempts: 1, sent: false, failed: false });
    expect(waiting?.body_text).toContain('/join?token=');

    // The server hangs up: the attempt fails and the mail waits for its first retry.
    await smtp.close();
    await server.mail.deliverDue();
    await expect.poll(async () => (await rowsFor(email))[0]?.last_error ?? null).not.toBeNull();
    const [retrying] = await rowsFor(email);
    expect(retrying).toMatchObject({ attempts: 1, sent: false, failed: false });
    expect(retrying?.minutes_to_next).toBe(MAIL_RETRY_DELAYS_MINUTES[0]);

    // Not due yet: nothing is sent before the delay.
    const transport = recordingMailer();
    const queue = createMailQueue({
      db: server.database.db,
      mailer: transport.mailer,
      logger: pino({ level: 'silent' }),
    });
    await queue.deliverDue();
    expect(transport.sent).toEqual([]);

    // The delay has passed: a working transport delivers it, once, and the link is not kept.
    await server.database.db.execute(
      sql`update mail_outbox set next_attempt_at = now() where recipient = ${email}`,
    );
    await queue.deliverDue();
    await queue.deliverDue();
    expect(transport.sent.map((message) => message.to)).toEqual([email]);
    expect(transport.sent[0]?.text).toContain('/join?token=');
    const [sent] = await rowsFor(email);
    expect(sent).toMatchObject({ attempts: 2, sent: true, failed: false, body_text: '' });
  });

  it('sends nothing for a transaction that rolled back', async () => {
    const email = 'never.invited@northwind.test';
    // Fail the invitation's transaction after its mail was written: the last thing it does.
    await server.database.db.execute(sql`
      create function refuse_mail() returns trigger language plpgsql as $$
      begin
        if new.recipient = 'never.invited@northwind.test' then
          raise exception 'refused for the test';
        end if;
        return new;
      end $$`);
    await server.database.db.execute(
      sql`create trigger refuse_mail after insert on mail_outbox for each row execute function refuse_mail()`,
    );
    try {
      const refused = await ava.request('POST', '/api/v1/admin/invitations', { json: { email } });
      expect(refused.status).toBeGreaterThanOrEqual(400);
      // The same request for another address goes through: the trigger is what refused.
      const control = 'invited.anyway@northwind.test';
      expect(
        (await ava.request('POST', '/api/v1/admin/invitations', { json: { email: control } }))
          .status,
      ).toBe(201);
      expect(await rowsFor(control)).toHaveLength(1);
    } finally {
      await server.database.db.execute(sql`drop trigger refuse_mail on mail_outbox`);
      await server.database.db.execute(sql`drop function refuse_mail()`);
    }
    const transport = recordingMailer();
    const queue = createMailQueue({
      db: server.database.db,
      mailer: transport.mailer,
      logger: pino({ level: 'silent' }),
    });
    await server.database.db.execute(sql`update mail_outbox set next_attempt_at = now()`);
    await queue.deliverDue();
    expect(transport.sent.filter((message) => message.to === email)).toEqual([]);
    expect(await rowsFor(email)).toEqual([]);
    const invitations = await queryRows<{ count: number | string }>(
      server.database.db,
      sql`select count(*) from invitations where email = ${email}`,
    );
    expect(Number(invitations[0]?.count)).toBe(0);
  });

  it('gives up after the last retry and keeps no link', async () => {
    const email = 'unreachable@northwind.test';
    const transport = recordingMailer();
    const queue = createMailQueue({
      db: server.database.db,
      mailer: transport.mailer,
      logger: pino({ level: 'silent' }),
    });
    await server.database.db.transaction((tx) =>
      queue.enqueue(tx, { to: email, subject: 'Hello', text: 'secret link' }),
    );
    transport.failWith('mailbox unavailable');
    for (let attempt = 1; attempt <= MAIL_RETRY_DELAYS_MINUTES.length + 1; attempt += 1) {
      await server.database.db.execute(
        sql`update mail_outbox set next_attempt_at = now() where recipient = ${email}`,
      );
      await queue.deliverDue();
      const [row] = await rowsFor(email);
      expect(row?.attempts).toBe(attempt);
      expect(row?.failed).toBe(attempt > MAIL_RETRY_DELAYS_MINUTES.length);
    }
    const [row] = await rowsFor(email);
    expect(row).toMatchObject({
      sent: false,
      failed: true,
      body_text: '',
      last_error: 'mailbox unavailable',
    });
    expect(transport.sent).toEqual([]);
  });

  it('writes a late result only while its claim holds', async () => {
    const email = 'slow.send@northwind.test';
    const started = deferred();
    const sendFinishes = deferred();
    const queue = createMailQueue({
      db: server.database.db,
      mailer: {
        outbox: null,
        send: (message) => {
          if (message.to !== email) return Promise.resolve();
          started.resolve();
          return sendFinishes.promise;
        },
      },
      logger: pino({ level: 'silent' }),
    });
    await server.database.db.transaction((tx) =>
      queue.enqueue(tx, { to: email, subject: 'Hello', text: 'link' }),
    );
    const delivery = queue.deliverDue();
    await started.promise;
    // The send outlives its lease, and another replica claims the message.
    await server.database.db.execute(sql`
      update mail_outbox set attempts = attempts + 1, next_attempt_at = now() + interval '5 minutes'
      where recipient = ${email}`);
    sendFinishes.resolve();
    await delivery;
    // The first sender's late success neither marks the message sent nor moves the new lease.
    const [row] = await rowsFor(email);
    expect(row).toMatchObject({ attempts: 2, sent: false, failed: false, minutes_to_next: 5 });
    expect(row?.body_text).toBe('link');
  });

  it('deletes sent and abandoned messages after 30 days', async () => {
    await server.database.db.execute(sql`
      insert into mail_outbox (recipient, subject, body_text, sent_at, failed_at)
      values ('sent.long.ago@northwind.test', 'Old', '', now() - interval '31 days', null),
             ('failed.long.ago@northwind.test', 'Old', '', null, now() - interval '31 days'),
             ('sent.lately@northwind.test', 'Recent', '', now() - interval '29 days', null)`);
    const queue = createMailQueue({
      db: server.database.db,
      mailer: recordingMailer().mailer,
      logger: pino({ level: 'silent' }),
    });
    await queue.deliverDue();
    expect(await rowsFor('sent.long.ago@northwind.test')).toEqual([]);
    expect(await rowsFor('failed.long.ago@northwind.test')).toEqual([]);
    expect(await rowsFor('sent.lately@northwind.test')).toHaveLength(1);
  });
});
