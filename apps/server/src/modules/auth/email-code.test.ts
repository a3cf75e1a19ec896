// Sign-in with a code sent by email (docs/security.md, "Sign-in with an email code") through real
// HTTP on both databases: the code signs in once, within 10 minutes, with 3 tries; the answer is
// the same for an address without an account; an account with two-factor gets no code; codes to
// one address and wrong codes for one account are limited.
import { eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users, verifications } from '../../db/schema.ts';
import { DEMO_PASSWORD } from '../../db/seed/seed.ts';
import { testDatabaseKinds } from '../../test/databases.ts';
import { TestClient } from '../../test/http-client.ts';
import {
  latestCode as latestCodeTo,
  mailsTo as mailsToAddress,
  otherCodeThan,
} from '../../test/outbox.ts';
import { startTestServer, type TestServer } from '../../test/test-server.ts';
import { codeFor } from '../../test/totp.ts';
import { EMAIL_CODE_ATTEMPTS, EMAIL_CODES_PER_ADDRESS } from './email-code.ts';

type AuthAnswer = { code?: string; message?: string; success?: boolean };

describe.each(testDatabaseKinds)('sign-in with an email code [$name]', ({ create }) => {
  let server: TestServer;

  const mailsTo = (email: string) => mailsToAddress(server.url, email);

  const askForCode = (client: TestClient, email: string) =>
    client.request<AuthAnswer>('POST', '/api/auth/email-otp/send-verification-otp', {
      json: { email, type: 'sign-in' },
    });

  const signInWith = (client: TestClient, email: string, otp: string) =>
    client.request<AuthAnswer>('POST', '/api/auth/sign-in/email-otp', { json: { email, otp } });

  const latestCode = (email: string) => latestCodeTo(server.url, email);

  beforeAll(async () => {
    server = await startTestServer(await create(), { callsPerOrganisation: 2 });
  });
  afterAll(async () => {
    await server.close();
  });

  it('signs in with the code from the mail, once', async () => {
    const email = 'mia@northwind.test';
    const browser = new TestClient(server.url);
    const sent = await askForCode(browser, email);
    expect(sent.status).toBe(200);
    expect(sent.body).toEqual({ success: true });
    const mail = (await mailsTo(email)).at(-1);
    expect(mail?.subject).toMatch(/^\d{6} is your Callboard sign-in code$/u);
    expect(mail?.text).toContain('within 10 minutes');
    const code = await latestCode(email);
    // Stored as a hash: the database alone does not give it away.
    const [stored] = await server.database.db
      .select({ value: verifications.value })
      .from(verifications)
      .where(eq(verifications.identifier, `sign-in-otp-${email}`));
    expect(stored?.value).not.toContain(code);

    const signedIn = await signInWith(browser, email, code);
    expect(signedIn.status).toBe(200);
    expect(browser.hasSessionCookie).toBe(true);
    expect((await browser.refreshAccessToken()).status).toBe(200);
    expect((await browser.request<{ email: string }>('GET', '/api/v1/me')).body.email).toBe(email);

    // Spent: the same code again, from another browser, is refused.
    const again = await signInWith(new TestClient(server.url), email, code);
    expect(again.status).toBe(400);
    expect(again.body.code).toBe('INVALID_OTP');
  });

  it(`takes ${EMAIL_CODE_ATTEMPTS} tries per code, and none after ten minutes`, async () => {
    const email = 'leo@northwind.test';
    const browser = new TestClient(server.url);
    await askForCode(browser, email);
    const code = await latestCode(email);
    for (let attempt = 0; attempt < EMAIL_CODE_ATTEMPTS; attempt++) {
      const wrong = await signInWith(browser, email, otherCodeThan(code));
      expect(wrong.status).toBe(400);
      expect(wrong.body.code).toBe('INVALID_OTP');
    }
    // Spent: the right code is now answered as a wrong one (an address without an account
    // could not have a spent code, so saying so would tell who has an account).
    const spent = await signInWith(browser, email, code);
    expect(spent.status).toBe(400);
    expect(spent.body.code).toBe('INVALID_OTP');
    expect(browser.hasSessionCookie).toBe(false);

    await askForCode(browser, email);
    const late = await latestCode(email);
    await server.database.db
      .update(verifications)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(like(verifications.identifier, 'sign-in-otp-%'));
    const expired = await signInWith(browser, email, late);
    expect(expired.status).toBe(400);
    expect(expired.body.code).toBe('INVALID_OTP');
  });

  it('answers an address without an account exactly as one with an account, and mails nothing', async () => {
    const browser = new TestClient(server.url);
    const known = await askForCode(browser, 'ava.admin@northwind.test');
    const unknown = await askForCode(browser, 'nobody@northwind.test');
    expect(unknown.status).toBe(known.status);
    expect(unknown.body).toEqual(known.body);
    expect(await mailsTo('nobody@northwind.test')).toEqual([]);
    // Every guess, up to and past a code's tries, is answered alike for both addresses (from
    // two clients, each below the per-client sign-in lock).
    const knownCode = await latestCode('ava.admin@northwind.test');
    for (let attempt = 0; attempt <= EMAIL_CODE_ATTEMPTS; attempt++) {
      const guess = await signInWith(browser, 'nobody@northwind.test', '123456');
      const wrongForKnown = await signInWith(
        new TestClient(server.url),
        'ava.admin@northwind.test',
        otherCodeThan(knownCode),
      );
      expect({ status: guess.status, body: guess.body }).toEqual({
        status: wrongForKnown.status,
        body: wrongForKnown.body,
      });
    }
  });

  it('never opens an account with two-factor on: its mail has no code and every code is wrong', async () => {
    const email = 'gus.admin@globex.test';
    const gus = new TestClient(server.url);
    expect((await gus.signIn(email, DEMO_PASSWORD)).status).toBe(200);
    const enabled = await gus.request<{ totpURI: string }>('POST', '/api/auth/two-factor/enable', {
      json: { password: DEMO_PASSWORD },
    });
    expect(
      (
        await gus.request('POST', '/api/auth/two-factor/verify-totp', {
          json: { code: await codeFor(enabled.body.totpURI) },
        })
      ).status,
    ).toBe(200);

    const browser = new TestClient(server.url);
    expect((await askForCode(browser, email)).body).toEqual({ success: true });
    const mail = (await mailsTo(email)).at(-1);
    expect(mail?.subject).toBe('Sign in to Callboard with your password');
    expect(mail?.text).not.toMatch(/\d{6}/u);
    // Not even the code the plugin made and nobody saw is left to guess.
    const left = await server.database.db
      .select()
      .from(verifications)
      .where(eq(verifications.identifier, `sign-in-otp-${email}`));
    expect(left).toEqual([]);
    const guess = await signInWith(browser, email, '123456');
    expect(guess.status).toBe(400);
    expect(guess.body.code).toBe('INVALID_OTP');
  });

  it('never signs in an account whose address was not verified, and leaves its password alone', async () => {
    const email = 'root@callboard.test';
    await server.database.db
      .update(users)
      .set({ emailVerified: false })
      .where(eq(users.email, email));
    const browser = new TestClient(server.url);
    expect((await askForCode(browser, email)).body).toEqual({ success: true });
    expect(await mailsTo(email)).toEqual([]);
    const guess = await signInWith(browser, email, '123456');
    expect(guess.status).toBe(400);
    expect(guess.body.code).toBe('INVALID_OTP');
    // Unverified, it cannot sign in at all (docs/security.md, "Sign-up"); once verified, the
    // password it had still works.
    expect((await new TestClient(server.url).signIn(email, DEMO_PASSWORD)).status).toBe(403);
    await server.database.db
      .update(users)
      .set({ emailVerified: true })
      .where(eq(users.email, email));
    expect((await new TestClient(server.url).signIn(email, DEMO_PASSWORD)).status).toBe(200);
  });

  it('sends at most 5 codes to an address in 15 minutes, whoever asks and whether or not it has an account', async () => {
    for (const email of ['gia@globex.test', 'no-account@globex.test']) {
      for (let sent = 0; sent < EMAIL_CODES_PER_ADDRESS.max; sent++) {
        expect((await askForCode(new TestClient(server.url), email)).status).toBe(200);
      }
      const refused = await askForCode(new TestClient(server.url), email);
      expect(refused.status).toBe(429);
      expect(refused.body).toMatchObject({
        code: 'TOO_MANY_CODES',
        message: 'Too many codes sent to this address. Try again in 15 minutes.',
      });
    }
    expect(await mailsTo('gia@globex.test')).toHaveLength(EMAIL_CODES_PER_ADDRESS.max);
  });

  it('counts wrong codes against the account like wrong passwords', async () => {
    // From one client: 5 wrong secrets lock that client out of the account (sign-in-throttle.ts).
    const email = 'nora@nowhere.test';
    const client = new TestClient(server.url);
    const answers: number[] = [];
    for (let round = 0; round < 2; round++) {
      await askForCode(client, email);
      const code = await latestCode(email);
      for (let attempt = 0; attempt < EMAIL_CODE_ATTEMPTS; attempt++) {
        answers.push((await signInWith(client, email, otherCodeThan(code))).status);
      }
    }
    expect(answers.slice(0, 5)).toEqual([400, 400, 400, 400, 400]);
    expect(answers[5]).toBe(429);
  });

  it('sends only sign-in and verification codes', async () => {
    const other = await new TestClient(server.url).request<AuthAnswer>(
      'POST',
      '/api/auth/email-otp/send-verification-otp',
      { json: { email: 'mia@northwind.test', type: 'forget-password' } },
    );
    expect(other.status).toBe(400);
    for (const path of [
      '/api/auth/forget-password/email-otp',
      '/api/auth/email-otp/reset-password',
      '/api/auth/email-otp/change-email',
    ]) {
      const hidden = await new TestClient(server.url).request('POST', path, {
        json: { email: 'mia@northwind.test', otp: '123456' },
      });
      expect(hidden.status).toBe(404);
    }
  });
});
