// Two-factor sign-in (docs/security.md, "Two-factor sign-in") through real HTTP on both databases:
// enrolment confirmed by a first code, the code after the password, single-use codes, the limits on
// wrong codes, backup codes, trusted devices, turning it off, the audit entries, and an
// organisation that requires it.
import type { AdminMember, AuditEntry, Me } from '@callboard/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../db/seed/seed.ts';
import { testDatabaseKinds } from '../../test/databases.ts';
import { TestClient } from '../../test/http-client.ts';
import { startTestServer, type TestServer } from '../../test/test-server.ts';
import { codeFor, wrongCode } from '../../test/totp.ts';
import { CODE_ATTEMPTS_PER_CHALLENGE } from './two-factor.ts';

interface Enrolment {
  totpURI: string;
  backupCodes: string[];
}

describe.each(testDatabaseKinds)('two-factor sign-in [$name]', ({ create }) => {
  let server: TestServer;
  let ava: TestClient;

  async function signedIn(email: string) {
    const client = new TestClient(server.url);
    const response = await client.signIn(email, DEMO_PASSWORD);
    expect(response.status).toBe(200);
    expect(client.accessToken).not.toBeNull();
    return client;
  }

  /** Turns two-factor on for the signed-in `client`, confirmed with the current code. */
  async function enrol(client: TestClient): Promise<Enrolment> {
    const enabled = await client.request<Enrolment>('POST', '/api/auth/two-factor/enable', {
      json: { password: DEMO_PASSWORD },
    });
    expect(enabled.status).toBe(200);
    const confirmed = await client.request('POST', '/api/auth/two-factor/verify-totp', {
      json: { code: await codeFor(enabled.body.totpURI) },
    });
    expect(confirmed.status).toBe(200);
    // Turning it on replaced the session: the next access token comes from the new one.
    await client.refreshAccessToken();
    return enabled.body;
  }

  /** Enters the password in a new browser: the answer asks for the second factor. */
  async function passwordStep(email: string, client = new TestClient(server.url)) {
    const response = await client.request<{ twoFactorRedirect?: boolean }>(
      'POST',
      '/api/auth/sign-in/email',
      { json: { email, password: DEMO_PASSWORD } },
    );
    expect(response.status).toBe(200);
    return { client, response };
  }

  const me = async (client: TestClient) => (await client.request<Me>('GET', '/api/v1/me')).body;

  const auditOf = async (action: AuditEntry['action'], target: string) =>
    (
      await ava.request<{ entries: AuditEntry[] }>(
        'GET',
        `/api/v1/admin/audit?action=${action}&pageSize=200`,
      )
    ).body.entries.filter((entry) => entry.target === target);

  beforeAll(async () => {
    server = await startTestServer(await create(), { callsPerOrganisation: 3 });
    ava = await signedIn('ava.admin@northwind.test');
  });
  afterAll(async () => {
    await server.close();
  });

  it('is turned on by a first code, then asked for after the password, each code once', async () => {
    const leo = await signedIn('leo@northwind.test');
    const wrongPassword = await leo.request('POST', '/api/auth/two-factor/enable', {
      json: { password: 'not the password' },
    });
    expect(wrongPassword.status).toBe(400);

    const started = await leo.request<Enrolment>('POST', '/api/auth/two-factor/enable', {
      json: { password: DEMO_PASSWORD },
    });
    expect(started.status).toBe(200);
    expect(started.body.totpURI).toMatch(/^otpauth:\/\/totp\/Callboard:/u);
    expect(started.body.backupCodes).toHaveLength(10);
    // Not on until a code confirms it: the password alone still signs in.
    expect((await me(leo)).two_factor).toEqual({ enabled: false, required: false });
    const unconfirmed = await passwordStep('leo@northwind.test');
    expect(unconfirmed.response.body.twoFactorRedirect).toBeUndefined();

    const wrong = await leo.request('POST', '/api/auth/two-factor/verify-totp', {
      json: { code: await wrongCode(started.body.totpURI) },
    });
    expect(wrong.status).toBe(401);
    const code = await codeFor(started.body.totpURI);
    const confirmed = await leo.request('POST', '/api/auth/two-factor/verify-totp', {
      json: { code },
    });
    expect(confirmed.status).toBe(200);
    await leo.refreshAccessToken();
    expect((await me(leo)).two_factor).toEqual({ enabled: true, required: false });
    expect(await auditOf('two_factor.enabled', (await me(leo)).id)).toHaveLength(1);

    // The password alone no longer gives a session.
    const { client: browser, response } = await passwordStep('leo@northwind.test');
    expect(response.body).toMatchObject({ twoFactorRedirect: true });
    expect(browser.hasSessionCookie).toBe(false);
    expect((await browser.refreshAccessToken()).status).toBe(401);

    // The code that confirmed the enrolment is spent.
    const reused = await browser.request<{ code?: string }>(
      'POST',
      '/api/auth/two-factor/verify-totp',
      { json: { code } },
    );
    expect(reused.status).toBe(401);
    expect(reused.body.code).toBe('CODE_ALREADY_USED');

    // The next period's code (apps accept one period either side) signs in.
    const next = await codeFor(started.body.totpURI, 1);
    const verified = await browser.request('POST', '/api/auth/two-factor/verify-totp', {
      json: { code: next },
    });
    expect(verified.status).toBe(200);
    expect(browser.hasSessionCookie).toBe(true);
    expect((await browser.refreshAccessToken()).status).toBe(200);
    expect((await me(browser)).email).toBe('leo@northwind.test');

    // …and only once, even in another browser.
    const elsewhere = await passwordStep('leo@northwind.test');
    const again = await elsewhere.client.request<{ code?: string }>(
      'POST',
      '/api/auth/two-factor/verify-totp',
      { json: { code: next } },
    );
    expect(again.status).toBe(401);
    expect(again.body.code).toBe('CODE_ALREADY_USED');
  });

  it('takes each backup code once, and trusts a device when asked', async () => {
    const gus = await signedIn('gus.admin@globex.test');
    const { backupCodes } = await enrol(gus);
    // Lower case, without the letters and digits people confuse (0/o, 1/l/i), all different.
    for (const code of backupCodes)
      expect(code).toMatch(/^[a-hjkmnp-z2-9]{5}-[a-hjkmnp-z2-9]{5}$/u);
    expect(new Set(backupCodes).size).toBe(10);
    const [first = '', second = ''] = backupCodes;

    const { client: browser } = await passwordStep('gus.admin@globex.test');
    const used = await browser.request('POST', '/api/auth/two-factor/verify-backup-code', {
      json: { code: first, trustDevice: true },
    });
    expect(used.status).toBe(200);
    expect((await browser.refreshAccessToken()).status).toBe(200);
    const gusId = (await me(browser)).id;
    const entries = await gus.request<{ entries: AuditEntry[] }>(
      'GET',
      '/api/v1/admin/audit?action=two_factor.backup_code_used',
    );
    expect(entries.body.entries.filter((entry) => entry.target === gusId)).toHaveLength(1);

    // The trusted browser signs in with the password alone.
    const trusted = await passwordStep('gus.admin@globex.test', browser);
    expect(trusted.response.body.twoFactorRedirect).toBeUndefined();
    expect(browser.hasSessionCookie).toBe(true);

    // Another browser is asked, and the spent code is refused there; an unspent one works.
    const other = await passwordStep('gus.admin@globex.test');
    expect(other.response.body).toMatchObject({ twoFactorRedirect: true });
    const spent = await other.client.request('POST', '/api/auth/two-factor/verify-backup-code', {
      json: { code: first },
    });
    expect(spent.status).toBe(401);
    const unspent = await other.client.request('POST', '/api/auth/two-factor/verify-backup-code', {
      json: { code: second },
    });
    expect(unspent.status).toBe(200);
  });

  it('does not let a password reset stand in for the second factor', async () => {
    // gus has two-factor on (the test before).
    const email = 'gus.admin@globex.test';
    const browser = new TestClient(server.url);
    const asked = await browser.request('POST', '/api/auth/request-password-reset', {
      json: { email },
    });
    expect(asked.status).toBe(200);
    const outbox = await browser.request<{ messages: { text: string }[] }>(
      'GET',
      `/api/dev/outbox?to=${encodeURIComponent(email)}`,
    );
    const token = /\/update-password\?token=([^\s&]+)/u.exec(
      outbox.body.messages.at(-1)?.text ?? '',
    )?.[1];
    expect(token).toBeTruthy();
    const newPassword = 'Lantern-quartz-harbour-61';
    const reset = await browser.request('POST', '/api/auth/reset-password', {
      json: { token: decodeURIComponent(token ?? ''), newPassword },
    });
    expect(reset.status).toBe(200);
    // The reset set the password but gave no session: sign-in still asks for a code.
    expect(browser.hasSessionCookie).toBe(false);
    expect((await browser.refreshAccessToken()).status).toBe(401);
    const signIn = await browser.request<{ twoFactorRedirect?: boolean }>(
      'POST',
      '/api/auth/sign-in/email',
      { json: { email, password: newPassword } },
    );
    expect(signIn.body.twoFactorRedirect).toBe(true);
    expect(browser.hasSessionCookie).toBe(false);
  });

  it('ends a challenge after five wrong codes and locks the codes after ten', async () => {
    const gia = await signedIn('gia@globex.test');
    const { totpURI } = await enrol(gia);
    const wrong = await wrongCode(totpURI);

    const tryCode = async (client: TestClient, code: string) =>
      client.request<{ code?: string }>('POST', '/api/auth/two-factor/verify-totp', {
        json: { code },
      });

    const first = await passwordStep('gia@globex.test');
    for (let attempt = 0; attempt < CODE_ATTEMPTS_PER_CHALLENGE; attempt++) {
      expect((await tryCode(first.client, wrong)).status).toBe(401);
    }
    // The challenge is over: even the right code needs the password again.
    const over = await tryCode(first.client, await codeFor(totpURI, 1));
    expect(over.status).toBeGreaterThanOrEqual(400);
    expect(first.client.hasSessionCookie).toBe(false);

    const second = await passwordStep('gia@globex.test');
    for (let attempt = 0; attempt < CODE_ATTEMPTS_PER_CHALLENGE; attempt++) {
      expect((await tryCode(second.client, wrong)).status).toBe(401);
    }
    // Ten wrong in a row: the account's codes are locked, the right one included.
    const third = await passwordStep('gia@globex.test');
    const locked = await tryCode(third.client, await codeFor(totpURI, 1));
    expect(locked.status).toBe(429);
    expect(third.client.hasSessionCookie).toBe(false);
  });

  it('is turned off only with the password and a code', async () => {
    const client = await signedIn('mia@northwind.test');
    const { totpURI } = await enrol(client);
    const noCode = await client.request('POST', '/api/auth/two-factor/disable', {
      json: { password: DEMO_PASSWORD },
    });
    expect(noCode.status).toBe(400);
    // Hostile bodies are refused, not crashed on.
    for (const json of [null, { password: 123, code: '123456' }, { password: {}, code: [] }]) {
      expect((await client.request('POST', '/api/auth/two-factor/disable', { json })).status).toBe(
        400,
      );
    }
    const wrongPassword = await client.request('POST', '/api/auth/two-factor/disable', {
      json: { password: 'not the password', code: await codeFor(totpURI, 1) },
    });
    expect(wrongPassword.status).toBe(400);
    expect((await me(client)).two_factor.enabled).toBe(true);
    const off = await client.request('POST', '/api/auth/two-factor/disable', {
      json: { password: DEMO_PASSWORD, code: await codeFor(totpURI, 1) },
    });
    expect(off.status).toBe(200);
    await client.refreshAccessToken();
    const mia = await me(client);
    expect(mia.two_factor.enabled).toBe(false);
    expect(await auditOf('two_factor.disabled', mia.id)).toHaveLength(1);
    const { response } = await passwordStep('mia@northwind.test');
    expect(response.body.twoFactorRedirect).toBeUndefined();
  });

  it('when the organisation requires it, limits members without it to setting it up', async () => {
    const required = await ava.request('PATCH', '/api/v1/admin/organisation', {
      json: { require_two_factor: true },
    });
    expect(required.status).toBe(200);
    expect(required.body).toMatchObject({ require_two_factor: true });
    try {
      const members = await ava.request<{ members: AdminMember[] }>('GET', '/api/v1/admin/members');
      const byEmail = new Map(members.body.members.map((m) => [m.email, m.two_factor]));
      expect(byEmail.get('leo@northwind.test')).toBe(true);
      expect(byEmail.get('mia@northwind.test')).toBe(false);

      const mia = await signedIn('mia@northwind.test');
      expect((await me(mia)).two_factor).toEqual({ enabled: false, required: true });
      const calls = await mia.request<{ error: { code: string } }>('GET', '/api/v1/calls');
      expect(calls.status).toBe(403);
      expect(calls.body.error.code).toBe('TWO_FACTOR_REQUIRED');
      expect((await mia.request('GET', '/api/v1/me/sessions')).status).toBe(200);

      // Setting it up lifts the limit at once (the enrolment's new session, a new token).
      const { totpURI } = await enrol(mia);
      // A right code sent again with the session is not a second "turned on" entry.
      const miaId = (await me(mia)).id;
      const entries = (await auditOf('two_factor.enabled', miaId)).length;
      const again = await mia.request('POST', '/api/auth/two-factor/verify-totp', {
        json: { code: await codeFor(totpURI, 1) },
      });
      expect(again.status).toBe(200);
      expect(await auditOf('two_factor.enabled', miaId)).toHaveLength(entries);
      expect((await mia.request('GET', '/api/v1/calls')).status).toBe(200);
      expect((await me(mia)).two_factor).toEqual({ enabled: true, required: true });
      const audit = await ava.request<{ entries: AuditEntry[] }>(
        'GET',
        '/api/v1/admin/audit?action=organisation.two_factor_requirement_changed',
      );
      expect(audit.body.entries[0]?.details).toMatchObject({ require_two_factor: true });
    } finally {
      await ava.request('PATCH', '/api/v1/admin/organisation', {
        json: { require_two_factor: false },
      });
    }
  });
});
