// Open sign-up (docs/security.md, "Sign-up") through real HTTP on both databases: an account is
// created unverified and cannot sign in until the mailed code verifies its address; the answer is
// the same for a taken address as for a new one; a never verified account is replaced by the next
// sign-up or invitation for its address; sign-up can be closed.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema.ts';
import { DEMO_PASSWORD } from '../../db/seed/seed.ts';
import { testDatabaseKinds } from '../../test/databases.ts';
import { TestClient } from '../../test/http-client.ts';
import {
  latestCode as latestCodeTo,
  mailsTo as mailsToAddress,
  otherCodeThan,
} from '../../test/outbox.ts';
import { startTestServer, type TestServer } from '../../test/test-server.ts';
import { EMAIL_CODES_PER_ADDRESS } from './email-code.ts';

interface AuthAnswer {
  code?: string;
  message?: string;
  reasons?: string[];
  token?: string | null;
  user?: Record<string, unknown>;
}

const PASSWORD = 'lantern-orchard-42';
const OTHER_PASSWORD = 'copper-meadow-17';

describe.each(testDatabaseKinds)('open sign-up [$name]', ({ create }) => {
  let server: TestServer;

  const mailsTo = (email: string) => mailsToAddress(server.url, email);

  const signUp = (
    client: TestClient,
    email: string,
    password = PASSWORD,
    [first_name, last_name] = ['Nia Grace', 'Okafor'],
  ) =>
    client.request<AuthAnswer>('POST', '/api/auth/sign-up/email', {
      json: { first_name, last_name, email, password },
    });

  const verify = (client: TestClient, email: string, otp: string, password = PASSWORD) =>
    client.request<AuthAnswer>('POST', '/api/auth/email-otp/verify-email', {
      json: { email, otp, password },
    });

  const signIn = (client: TestClient, email: string, password: string) =>
    client.request<AuthAnswer>('POST', '/api/auth/sign-in/email', { json: { email, password } });

  const latestCode = (email: string) => latestCodeTo(server.url, email);

  /** A sign-up answer without what differs between any two answers (a new id, the clock). */
  const outline = (answer: { status: number; body: AuthAnswer }) => ({
    status: answer.status,
    token: answer.body.token,
    keys: Object.keys(answer.body).sort(),
    userKeys: Object.keys(answer.body.user ?? {}).sort(),
    user: { ...answer.body.user, id: typeof answer.body.user?.id, createdAt: 0, updatedAt: 0 },
  });

  beforeAll(async () => {
    server = await startTestServer(await create(), { callsPerOrganisation: 2 });
  });
  afterAll(async () => {
    await server.close();
  });

  it('creates an account that signs in only once the mailed code has verified its address', async () => {
    const email = 'nia@newcomer.test';
    const browser = new TestClient(server.url);
    const created = await signUp(browser, email);
    expect(created.status).toBe(200);
    expect(created.body.token).toBeNull();
    expect(browser.hasSessionCookie).toBe(false);
    const mail = (await mailsTo(email)).at(-1);
    expect(mail?.subject).toMatch(/^\d{6} is your Callboard verification code$/u);
    const code = await latestCode(email);

    // Unverified: neither the password nor an email code signs in.
    const early = await signIn(browser, email, PASSWORD);
    expect(early.status).toBe(403);
    expect(early.body.code).toBe('EMAIL_NOT_VERIFIED');
    const byCode = await browser.request<AuthAnswer>('POST', '/api/auth/sign-in/email-otp', {
      json: { email, otp: code },
    });
    expect(byCode.status).toBe(400);
    expect(browser.hasSessionCookie).toBe(false);

    const wrong = await verify(browser, email, otherCodeThan(code));
    expect(wrong.status).toBe(400);
    expect(wrong.body.code).toBe('INVALID_OTP');
    // The right code with another password than the sign-up's is refused the same way.
    const otherPassword = await verify(browser, email, code, OTHER_PASSWORD);
    expect(otherPassword.status).toBe(400);
    expect(otherPassword.body).toEqual(wrong.body);
    const verified = await verify(browser, email, code);
    expect(verified.status).toBe(200);
    expect(browser.hasSessionCookie).toBe(true);
    expect((await browser.refreshAccessToken()).status).toBe(200);
    const me = await browser.request<{ email: string; organisation: unknown }>('GET', '/api/v1/me');
    expect(me.body).toMatchObject({
      email,
      first_name: 'Nia Grace',
      last_name: 'Okafor',
      organisation: null,
    });
    const noOrganisation = await browser.request<{ error: { message: string } }>(
      'GET',
      '/api/v1/calls',
    );
    expect(noOrganisation.status).toBe(403);
    expect(noOrganisation.body.error.message).toBe('No organization assigned to user');

    // From now on the password signs in; the code was spent.
    expect((await signIn(new TestClient(server.url), email, PASSWORD)).status).toBe(200);
    expect((await verify(new TestClient(server.url), email, code)).status).toBe(400);
  });

  it('answers a sign-up for a taken address exactly as for a new one, and tells the owner by mail', async () => {
    const taken = 'mia@northwind.test';
    const fresh = 'omar@newcomer.test';
    const forTaken = await signUp(new TestClient(server.url), taken, OTHER_PASSWORD);
    const forFresh = await signUp(new TestClient(server.url), fresh, OTHER_PASSWORD);
    expect(outline(forTaken)).toEqual({
      ...outline(forFresh),
      user: { ...outline(forFresh).user, email: taken },
    });

    const told = (await mailsTo(taken)).at(-1);
    expect(told?.subject).toBe('You already have a Callboard account');
    expect(told?.text).toContain('your password is unchanged');
    // Nothing changed: the owner's password still signs in, the other does not.
    expect((await signIn(new TestClient(server.url), taken, DEMO_PASSWORD)).status).toBe(200);
    expect((await signIn(new TestClient(server.url), taken, OTHER_PASSWORD)).status).toBe(401);
  });

  it('lets no later sign-up for the address verify the account with its own password', async () => {
    const email = 'pat@newcomer.test';
    await signUp(new TestClient(server.url), email, PASSWORD);
    // Someone else signs up with the same address before the owner enters the code: the owner's
    // account and code are replaced, and a new code comes to the owner's mailbox.
    await signUp(new TestClient(server.url), email, OTHER_PASSWORD, ['Pat', 'Quinn']);
    const codeOfTheOtherSignUp = await latestCode(email);
    // The owner enters it, with their own password: refused, nobody is signed in.
    const owner = new TestClient(server.url);
    expect((await verify(owner, email, codeOfTheOtherSignUp, PASSWORD)).status).toBe(400);
    expect(owner.hasSessionCookie).toBe(false);

    // The owner signs up again, which replaces the other account, and verifies their own.
    await signUp(new TestClient(server.url), email, PASSWORD, ['Pat', 'Okoro']);
    expect((await verify(owner, email, await latestCode(email), PASSWORD)).status).toBe(200);
    expect((await signIn(new TestClient(server.url), email, OTHER_PASSWORD)).status).toBe(401);
    expect((await signIn(new TestClient(server.url), email, PASSWORD)).status).toBe(200);
    const rows = await server.database.db
      .select({ name: users.name })
      .from(users)
      .where(eq(users.email, email));
    expect(rows).toEqual([{ name: 'Pat Okoro' }]);
  });

  it('takes a password reset link as proof of the address', async () => {
    const email = 'ivy@newcomer.test';
    await signUp(new TestClient(server.url), email, OTHER_PASSWORD);
    const asked = await new TestClient(server.url).request(
      'POST',
      '/api/auth/request-password-reset',
      {
        json: { email },
      },
    );
    expect(asked.status).toBe(200);
    const link = /update-password\?token=([\w-]+)/u.exec((await mailsTo(email)).at(-1)?.text ?? '');
    expect(link?.[1]).toBeDefined();
    const reset = await new TestClient(server.url).request('POST', '/api/auth/reset-password', {
      json: { token: link?.[1], newPassword: PASSWORD },
    });
    expect(reset.status).toBe(200);
    const [row] = await server.database.db
      .select({ verified: users.emailVerified })
      .from(users)
      .where(eq(users.email, email));
    expect(row?.verified).toBe(true);
    expect((await signIn(new TestClient(server.url), email, PASSWORD)).status).toBe(200);
    // Verified now: a new sign-up for the address leaves it alone, and no code verifies it.
    await signUp(new TestClient(server.url), email, OTHER_PASSWORD);
    expect((await signIn(new TestClient(server.url), email, PASSWORD)).status).toBe(200);
    expect((await verify(new TestClient(server.url), email, '123456', PASSWORD)).status).toBe(400);
  });

  it('refuses keys the form does not send', async () => {
    const answer = await new TestClient(server.url).request<AuthAnswer>(
      'POST',
      '/api/auth/sign-up/email',
      {
        json: {
          first_name: 'Eve',
          last_name: 'Hart',
          email: 'eve@newcomer.test',
          password: PASSWORD,
          image: 'https://tracker.example/pixel.png',
        },
      },
    );
    expect(answer.status).toBe(400);
    const rows = await server.database.db
      .select()
      .from(users)
      .where(eq(users.email, 'eve@newcomer.test'));
    expect(rows).toEqual([]);
  });

  it('refuses a weak password with its reasons, and a missing name, creating nothing', async () => {
    const email = 'quin@newcomer.test';
    const weak = await signUp(new TestClient(server.url), email, 'quin@newcomer.test');
    expect(weak.status).toBe(400);
    expect(weak.body.code).toBe('WEAK_PASSWORD');
    expect(weak.body.reasons?.length).toBeGreaterThan(0);
    const nameless = await signUp(new TestClient(server.url), email, PASSWORD, ['   ', 'Quin']);
    expect(nameless.status).toBe(400);
    expect(nameless.body.code).toBe('VALIDATION_FAILED');
    const rows = await server.database.db.select().from(users).where(eq(users.email, email));
    expect(rows).toEqual([]);
    expect(await mailsTo(email)).toEqual([]);
  });

  it('never signs in a verified account with a verification code', async () => {
    const email = 'leo@northwind.test';
    const browser = new TestClient(server.url);
    const asked = await browser.request<{ success: boolean }>(
      'POST',
      '/api/auth/email-otp/send-verification-otp',
      { json: { email, type: 'email-verification' } },
    );
    expect(asked.status).toBe(200);
    expect(asked.body).toEqual({ success: true });
    expect(await mailsTo(email)).toEqual([]);
    const guess = await verify(browser, email, '123456');
    expect(guess.status).toBe(400);
    expect(guess.body.code).toBe('INVALID_OTP');
    expect(browser.hasSessionCookie).toBe(false);
  });

  it('sends a new code on request, and counts sign-ups in the limit of mail to one address', async () => {
    const email = 'rey@newcomer.test';
    await signUp(new TestClient(server.url), email);
    const resend = () =>
      new TestClient(server.url).request<AuthAnswer>(
        'POST',
        '/api/auth/email-otp/send-verification-otp',
        { json: { email, type: 'email-verification' } },
      );
    expect((await resend()).status).toBe(200);
    const resent = await latestCode(email);
    expect((await mailsTo(email)).length).toBe(2);
    for (let sent = 2; sent < EMAIL_CODES_PER_ADDRESS.max; sent++) {
      expect((await resend()).status).toBe(200);
    }
    const refused = await signUp(new TestClient(server.url), email);
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe('TOO_MANY_CODES');
    expect((await resend()).status).toBe(429);
    // The refused sign-up did not replace the account: the newest code still verifies it.
    expect((await verify(new TestClient(server.url), email, await latestCode(email))).status).toBe(
      200,
    );
    expect(resent).toMatch(/^\d{6}$/u);
  });

  it('lets an invitation replace an account whose address was never verified', async () => {
    const email = 'sol@newcomer.test';
    await signUp(new TestClient(server.url), email);
    const admin = new TestClient(server.url);
    await admin.signIn('ava.admin@northwind.test', DEMO_PASSWORD);
    const invited = await admin.request<{ id: string }>('POST', '/api/v1/admin/invitations', {
      json: { email, role: 'member' },
    });
    expect(invited.status).toBe(201);
    const link = /\/join\?token=([\w-]+)/u.exec((await mailsTo(email)).at(-1)?.text ?? '')?.[1];
    expect(link).toBeDefined();
    const preview = await new TestClient(server.url).request<{ accountExists: boolean }>(
      'GET',
      `/api/v1/invitations/${link}`,
    );
    expect(preview.body.accountExists).toBe(false);
    const joined = await new TestClient(server.url).request(
      'POST',
      `/api/v1/invitations/${link}/sign-up`,
      { json: { first_name: 'Sol', last_name: 'Reyes', password: OTHER_PASSWORD } },
    );
    expect(joined.status).toBe(201);
    const member = new TestClient(server.url);
    await member.signIn(email, OTHER_PASSWORD);
    const me = await member.request<{ organisation: { name: string } | null }>('GET', '/api/v1/me');
    expect(me.body.organisation?.name).toBe('Northwind Clinics');
  });
});

describe.each(testDatabaseKinds)('closed sign-up [$name]', ({ create }) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(await create(), {
      callsPerOrganisation: 2,
      env: { PUBLIC_SIGN_UP: 'false' },
    });
  });
  afterAll(async () => {
    await server.close();
  });

  it('refuses every sign-up, and tells the browser not to offer it', async () => {
    const client = new TestClient(server.url);
    const config = await client.request<{ signUp: boolean }>('GET', '/api/config');
    expect(config.body.signUp).toBe(false);
    const refused = await client.request<AuthAnswer>('POST', '/api/auth/sign-up/email', {
      json: { first_name: 'Tao', last_name: 'Lin', email: 'tao@newcomer.test', password: PASSWORD },
    });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('SIGN_UP_CLOSED');
    const rows = await server.database.db
      .select()
      .from(users)
      .where(eq(users.email, 'tao@newcomer.test'));
    expect(rows).toEqual([]);
  });
});
