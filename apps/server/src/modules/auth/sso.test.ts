// Single sign-on (docs/security.md, "Single sign-on") through real HTTP on both databases, against
// real OpenID Connect providers on loopback ports: an admin sets it up, new and existing members
// sign in through it, and every refusal — a wrong issuer, a bad signature, an unlisted domain, an
// address outside the domains or not verified, an account elsewhere, a replayed callback — leaves
// nobody signed in.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { AuditEntry, Me, SsoSettings } from '@callboard/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { DEMO_PASSWORD } from '../../db/seed/seed.ts';
import { testDatabaseKinds } from '../../test/databases.ts';
import { TestClient } from '../../test/http-client.ts';
import {
  startIdentityProvider,
  type IdentityProviderAccount,
  type TestIdentityProvider,
} from '../../test/oidc-provider.ts';
import { mailsTo } from '../../test/outbox.ts';
import { startTestServer, type TestServer } from '../../test/test-server.ts';

/** A server whose discovery document names a number as its issuer. */
async function startHostileIssuer() {
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ issuer: 5, authorization_endpoint: 7 }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe.each(testDatabaseKinds)('single sign-on [$name]', ({ create }) => {
  let server: TestServer;
  let idp: TestIdentityProvider;
  /** A second provider: its keys are not the first one's. */
  let other: TestIdentityProvider;
  let ava: TestClient;
  /** Answers a discovery document whose issuer is a number. */
  let hostile: { url: string; close: () => Promise<void> };

  async function signedIn(email: string) {
    const client = new TestClient(server.url);
    const response = await client.signIn(email, DEMO_PASSWORD);
    expect(response.status).toBe(200);
    return client;
  }

  const setUp = (client: TestClient, body: Record<string, unknown>) =>
    client.request<SsoSettings & { error?: { code: string; message: string } }>(
      'PUT',
      '/api/v1/admin/organisation/sso',
      { json: body },
    );

  const northwind = (extra: Record<string, unknown> = {}) => ({
    issuer: idp.issuer,
    client_id: idp.clientId,
    domains: ['northwind.test'],
    ...extra,
  });

  /** Follows the provider's redirects (its own cookies) until it sends the browser back. */
  async function atProvider(start: string): Promise<URL> {
    const cookies = new Map<string, string>();
    let url = new URL(start);
    for (let hop = 0; hop < 12; hop += 1) {
      const response = await fetch(url, {
        redirect: 'manual',
        headers: { cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; ') },
      });
      for (const line of response.headers.getSetCookie()) {
        const [pair = ''] = line.split(';');
        const index = pair.indexOf('=');
        cookies.set(pair.slice(0, index), pair.slice(index + 1));
      }
      const location = response.headers.get('location');
      if (!location) throw new Error(`the provider answered ${response.status} without a redirect`);
      url = new URL(location, url);
      if (url.origin === server.url) return url;
    }
    throw new Error('the provider never sent the browser back');
  }

  /**
   * Signs in through the provider as `account`, having typed `email` on Callboard's page; answers
   * where Callboard sent the browser at the end, and the client (signed in or not).
   */
  async function ssoSignIn(
    email: string,
    account: IdentityProviderAccount,
    provider = idp,
    client = new TestClient(server.url),
  ) {
    const start = await client.request<{ url: string }>('POST', '/api/auth/sign-in/sso', {
      json: { email },
    });
    expect(start.status).toBe(200);
    expect(new URL(start.body.url).origin).toBe(provider.issuer);
    provider.signInAs(account);
    const callback = await atProvider(start.body.url);
    expect(callback.pathname).toBe('/api/auth/sso/callback');
    const landed = await client.request('GET', `${callback.pathname}${callback.search}`);
    expect(landed.status).toBe(302);
    const location = new URL(landed.headers.get('location') ?? '', server.url);
    await client.refreshAccessToken();
    return { client, location, callback };
  }

  const person = (email: string, extra: Partial<IdentityProviderAccount> = {}) => ({
    sub: `sub-${email}`,
    email,
    email_verified: true,
    name: 'Tess Ortega',
    ...extra,
  });

  const me = async (client: TestClient) => (await client.request<Me>('GET', '/api/v1/me')).body;

  const audit = async (action: AuditEntry['action']) =>
    (
      await ava.request<{ entries: AuditEntry[] }>(
        'GET',
        `/api/v1/admin/audit?action=${action}&pageSize=200`,
      )
    ).body.entries;

  beforeAll(async () => {
    idp = await startIdentityProvider();
    other = await startIdentityProvider();
    hostile = await startHostileIssuer();
    const localhostAlias = idp.issuer.replace('127.0.0.1', 'localhost');
    server = await startTestServer(await create(), {
      callsPerOrganisation: 3,
      env: {
        SSO_INTERNAL_ISSUERS: [idp.issuer, other.issuer, localhostAlias, hostile.url].join(','),
      },
    });
    idp.register(`${server.url}/api/auth/sso/callback`);
    other.register(`${server.url}/api/auth/sso/callback`);
    ava = await signedIn('ava.admin@northwind.test');
  });
  afterAll(async () => {
    await server.close();
    await idp.close();
    await other.close();
    await hostile.close();
  });

  it('is set up by an admin: the provider is checked first, the secret never shown again', async () => {
    const before = await ava.request<SsoSettings>('GET', '/api/v1/admin/organisation/sso');
    expect(before.status).toBe(200);
    expect(before.body).toMatchObject({ configured: false, domains: [], require_sso: false });
    expect(before.body.redirect_uri).toBe(`${server.url}/api/auth/sso/callback`);

    // The first set-up needs the secret.
    const noSecret = await setUp(ava, northwind());
    expect(noSecret.status).toBe(400);
    expect(noSecret.body.error?.code).toBe('VALIDATION_FAILED');
    // A provider whose discovery document names another issuer (this one answers at localhost
    // too, but calls itself 127.0.0.1).
    const wrongIssuer = await setUp(
      ava,
      northwind({
        issuer: idp.issuer.replace('127.0.0.1', 'localhost'),
        client_secret: idp.clientSecret,
      }),
    );
    expect(wrongIssuer.status).toBe(400);
    expect(wrongIssuer.body.error?.code).toBe('SSO_DISCOVERY_FAILED');
    expect(wrongIssuer.body.error?.message).toMatch(/another issuer/u);
    // A private address the operator did not list, and a public one without https.
    for (const issuer of ['http://10.1.2.3:8443', 'http://login.example.com']) {
      const refused = await setUp(ava, northwind({ issuer, client_secret: 'x' }));
      expect(refused.status).toBe(400);
      expect(refused.body.error?.code).toBe('SSO_DISCOVERY_FAILED');
    }
    const publicMail = await setUp(
      ava,
      northwind({ client_secret: idp.clientSecret, domains: ['northwind.test', 'Gmail.com'] }),
    );
    expect(publicMail.status).toBe(400);
    expect(publicMail.body.error?.message).toMatch(/gmail\.com is a public mail service/u);
    // Members may not.
    const leo = await signedIn('leo@northwind.test');
    expect((await setUp(leo, northwind({ client_secret: idp.clientSecret }))).status).toBe(403);
    expect(
      (await ava.request<SsoSettings>('GET', '/api/v1/admin/organisation/sso')).body.configured,
    ).toBe(false);

    const configured = await setUp(
      ava,
      northwind({ client_secret: idp.clientSecret, domains: ['Northwind.test'] }),
    );
    expect(configured.status).toBe(200);
    expect(configured.body).toMatchObject({
      configured: true,
      issuer: idp.issuer,
      client_id: idp.clientId,
      domains: ['northwind.test'],
      require_sso: false,
    });
    expect(JSON.stringify(configured.body)).not.toContain(idp.clientSecret);
    // Changing it keeps the stored secret when none is sent, for the same provider and client
    // only: the secret never goes to another.
    const renamed = await setUp(ava, northwind());
    expect(renamed.status).toBe(200);
    const elsewhere = await setUp(ava, northwind({ issuer: other.issuer }));
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.body.error?.message).toMatch(/Enter the client secret again/u);
    const otherClient = await setUp(ava, northwind({ client_id: 'someone-else' }));
    expect(otherClient.status).toBe(400);
    // A discovery document of the wrong shape is the admin's to fix, not a server error.
    const hostileAnswer = await setUp(ava, northwind({ issuer: hostile.url, client_secret: 'x' }));
    expect(hostileAnswer.status).toBe(400);
    expect(hostileAnswer.body.error?.code).toBe('SSO_DISCOVERY_FAILED');
    const entries = await audit('sso.configured');
    expect(entries).toHaveLength(2);
    expect(entries.map((entry) => entry.details)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ issuer: idp.issuer, first_setup: true, secret_changed: true }),
        expect.objectContaining({ first_setup: false, secret_changed: false }),
      ]),
    );
    expect(JSON.stringify(entries)).not.toContain(idp.clientSecret);

    // Another organisation cannot claim the domain, and nothing of its request is kept.
    const gus = await signedIn('gus.admin@globex.test');
    const taken = await setUp(gus, {
      issuer: other.issuer,
      client_id: other.clientId,
      client_secret: other.clientSecret,
      domains: ['globex.test', 'northwind.test'],
    });
    expect(taken.status).toBe(409);
    expect(taken.body.error?.code).toBe('SSO_DOMAIN_TAKEN');
    expect(taken.body.error?.message).toBe(
      'northwind.test already signs in through another organisation.',
    );
    const globex = await gus.request<SsoSettings>('GET', '/api/v1/admin/organisation/sso');
    expect(globex.body).toMatchObject({ configured: false, domains: [] });
  });

  it('signs a new person at the domain in as a member of the organisation', async () => {
    const unlisted = await new TestClient(server.url).request<{ code: string }>(
      'POST',
      '/api/auth/sign-in/sso',
      { json: { email: 'someone@unlisted.test' } },
    );
    expect(unlisted.status).toBe(404);
    expect(unlisted.body.code).toBe('SSO_NOT_CONFIGURED');

    const { client, location, callback } = await ssoSignIn(
      'tess@northwind.test',
      person('tess@northwind.test'),
    );
    expect(location.pathname).toBe('/dashboard');
    const tess = await me(client);
    expect(tess).toMatchObject({
      email: 'tess@northwind.test',
      first_name: 'Tess',
      last_name: 'Ortega',
      role: 'member',
    });
    expect(tess.organisation?.name).toBe((await me(ava)).organisation?.name);
    const signIns = (await audit('sso.signed_in')).filter((entry) => entry.target === tess.id);
    expect(signIns).toHaveLength(1);
    expect(signIns[0]?.details).toEqual({ new_member: true });

    // The provider's answer works once: the same callback again signs nobody in.
    const replayer = new TestClient(server.url);
    const replay = await replayer.request('GET', `${callback.pathname}${callback.search}`);
    expect(replay.status).toBe(302);
    expect(new URL(replay.headers.get('location') ?? '', server.url).pathname).toBe('/sso');
    expect(replayer.hasSessionCookie).toBe(false);

    // A second sign-in is the same account.
    const again = await ssoSignIn('tess@northwind.test', person('tess@northwind.test'));
    expect((await me(again.client)).id).toBe(tess.id);
    expect((await audit('sso.signed_in')).filter((entry) => entry.target === tess.id)).toHaveLength(
      2,
    );
  });

  it('links an existing member, and refuses addresses it may not sign in', async () => {
    const leoId = (await me(await signedIn('leo@northwind.test'))).id;
    const linked = await ssoSignIn('leo@northwind.test', person('leo@northwind.test'));
    expect(linked.location.pathname).toBe('/dashboard');
    expect((await me(linked.client)).id).toBe(leoId);

    const refusal = async (typed: string, account: IdentityProviderAccount) => {
      const { client, location } = await ssoSignIn(typed, account);
      expect(location.pathname).toBe('/sso');
      expect(client.accessToken).toBeNull();
      return location.searchParams.get('error');
    };
    // The provider answers for an address outside the organisation's domains.
    expect(await refusal('x@northwind.test', person('gia@globex.test'))).toBe(
      'sso_domain_not_allowed',
    );
    // It has not verified the address.
    expect(
      await refusal(
        'new@northwind.test',
        person('new@northwind.test', { email_verified: false, sub: 'unverified' }),
      ),
    ).toBe('sso_email_not_verified');
    // Whoever sets up a provider for a domain must not take over accounts in other organisations
    // (nor an operator's): the domain is added, the account stays its own.
    expect(
      (
        await setUp(
          ava,
          northwind({ domains: ['northwind.test', 'globex.test', 'callboard.test'] }),
        )
      ).status,
    ).toBe(200);
    expect(await refusal('gia@globex.test', person('gia@globex.test'))).toBe(
      'sso_account_not_linked',
    );
    expect(await refusal('root@callboard.test', person('root@callboard.test'))).toBe(
      'sso_account_not_linked',
    );
    expect((await setUp(ava, northwind())).status).toBe(200);

    // The provider's subject for Leo is Leo's account only while Leo is still Northwind's.
    const { db } = server.database;
    const [globex] = await queryRows<{ id: string }>(
      db,
      sql`select id from organisations where name = 'Globex Insurance'`,
    );
    await db.execute(sql`update profiles set organisation_id = ${globex?.id} where id = ${leoId}`);
    try {
      expect(
        await refusal('fresh@northwind.test', {
          ...person('fresh@northwind.test'),
          sub: 'sub-leo@northwind.test',
        }),
      ).toBe('sso_account_changed');
      expect(await refusal('leo@northwind.test', person('leo@northwind.test'))).toBe(
        'sso_account_not_linked',
      );
      await db.execute(
        sql`update profiles set organisation_id = null, is_super_admin = true where id = ${leoId}`,
      );
      expect(await refusal('leo@northwind.test', person('leo@northwind.test'))).toBe(
        'sso_account_not_linked',
      );
    } finally {
      await db.execute(
        sql`update profiles set organisation_id = (select organisation_id from profiles
                                                   where email = 'ava.admin@northwind.test'),
                                is_super_admin = false
            where id = ${leoId}`,
      );
    }
    const nobody = await queryRows<{ n: number }>(
      server.database.db,
      sql`select count(*)::int as n from users where email = 'new@northwind.test'`,
    );
    expect(nobody).toEqual([{ n: 0 }]);
  });

  it('refuses an ID token from another issuer or with a signature the provider’s keys do not verify', async () => {
    const { db } = server.database;
    const [stored] = await queryRows<{ issuer: string; oidc_config: string }>(
      db,
      sql`select issuer, oidc_config from sso_providers where issuer = ${idp.issuer}`,
    );
    if (!stored) throw new Error('the provider is not set up');
    const config = JSON.parse(stored.oidc_config) as { jwksEndpoint: string };
    try {
      // Stored as another issuer: the tokens say who really issued them.
      await db.execute(sql`update sso_providers set issuer = ${other.issuer}
                           where issuer = ${idp.issuer}`);
      const wrongIssuer = await ssoSignIn('leo@northwind.test', person('leo@northwind.test'));
      expect(wrongIssuer.location.searchParams.get('error_description')).toBe('token_not_verified');
      expect(wrongIssuer.client.accessToken).toBeNull();
      await db.execute(sql`update sso_providers set issuer = ${idp.issuer}
                           where issuer = ${other.issuer}`);
      // Verified with another provider's keys: the signature does not hold.
      const otherKeys = (await (
        await fetch(`${other.issuer}/.well-known/openid-configuration`)
      ).json()) as { jwks_uri: string };
      await db.execute(sql`update sso_providers
                           set oidc_config = ${JSON.stringify({ ...config, jwksEndpoint: otherKeys.jwks_uri })}
                           where issuer = ${idp.issuer}`);
      const badSignature = await ssoSignIn('leo@northwind.test', person('leo@northwind.test'));
      expect(badSignature.location.searchParams.get('error_description')).toBe(
        'token_not_verified',
      );
      expect(badSignature.client.accessToken).toBeNull();
    } finally {
      await db.execute(sql`update sso_providers
                           set issuer = ${stored.issuer}, oidc_config = ${stored.oidc_config}
                           where organisation_id = (select organisation_id from sso_domains
                                                    where domain = 'northwind.test')`);
    }
    // Put back, it signs in again.
    const fine = await ssoSignIn('leo@northwind.test', person('leo@northwind.test'));
    expect(fine.location.pathname).toBe('/dashboard');
  });

  it('when required, sends the organisation’s members to it instead of passwords, codes and resets', async () => {
    const reader = new TestClient(server.url);
    // A reset link asked for before single sign-on is required.
    await reader.request('POST', '/api/auth/request-password-reset', {
      json: { email: 'leo@northwind.test', redirectTo: `${server.url}/update-password` },
    });
    const earlierLink = /update-password\?token=([\w-]+)/u.exec(
      (await mailsTo(server.url, 'leo@northwind.test')).at(-1)?.text ?? '',
    )?.[1];
    expect(earlierLink).toBeDefined();
    // Northwind claims another organisation's domain and the platform's too, and requires it.
    const required = await setUp(
      ava,
      northwind({
        domains: ['northwind.test', 'globex.test', 'callboard.test'],
        require_sso: true,
      }),
    );
    expect(required.body.require_sso).toBe(true);

    const client = new TestClient(server.url);
    const signIn = (email: string, password = DEMO_PASSWORD) =>
      client.request<{ code: string; message: string }>('POST', '/api/auth/sign-in/email', {
        json: { email, password },
      });
    // A right password is told where to go; a wrong one gets the usual answer, which tells
    // nothing about the address.
    const right = await signIn('leo@northwind.test');
    expect(right.status).toBe(403);
    expect(right.body.code).toBe('SSO_REQUIRED');
    expect(client.hasSessionCookie).toBe(false);
    expect((await signIn('leo@northwind.test', 'not-the-password')).status).toBe(401);
    expect((await signIn('nobody@northwind.test', 'not-the-password')).status).toBe(401);

    // The earlier link opens nothing now.
    const oldLink = await client.request<{ code: string }>('POST', '/api/auth/reset-password', {
      json: { token: earlierLink, newPassword: 'quiet-harbour-lantern-42' },
    });
    expect(oldLink.status).toBe(403);
    expect(oldLink.body.code).toBe('SSO_REQUIRED');
    // A code or a reset answers as always; the mail says to use single sign-on, with no code
    // or link in it.
    const before = (await mailsTo(server.url, 'leo@northwind.test')).length;
    const code = await client.request('POST', '/api/auth/email-otp/send-verification-otp', {
      json: { email: 'leo@northwind.test', type: 'sign-in' },
    });
    expect(code.status).toBe(200);
    const reset = await client.request('POST', '/api/auth/request-password-reset', {
      json: { email: 'leo@northwind.test', redirectTo: `${server.url}/update-password` },
    });
    expect(reset.status).toBe(200);
    const mails = (await mailsTo(server.url, 'leo@northwind.test')).slice(before);
    expect(mails.map((mail) => mail.subject)).toEqual([
      'Sign in to Callboard with single sign-on',
      'Sign in to Callboard with single sign-on',
    ]);
    expect(mails.map((mail) => mail.text).join('\n')).not.toMatch(/\d{6}|token=/u);
    expect(mails[0]?.text).toContain(`${server.url}/sso`);
    // Nobody signs up at its domains: such an account could never sign in through it.
    const signUp = await client.request<{ code: string }>('POST', '/api/auth/sign-up/email', {
      json: {
        first_name: 'Nell',
        last_name: 'Hart',
        email: 'nell@northwind.test',
        password: 'quiet-harbour-lantern-42',
      },
    });
    expect(signUp.status).toBe(403);
    expect(signUp.body.code).toBe('SSO_REQUIRED');

    // Another organisation's members at a claimed domain, and the platform's operators, keep
    // their passwords.
    expect((await signIn('gia@globex.test')).status).toBe(200);
    expect((await signIn('root@callboard.test')).status).toBe(200);
    // Single sign-on still works.
    expect(
      (await ssoSignIn('leo@northwind.test', person('leo@northwind.test'))).location.pathname,
    ).toBe('/dashboard');
    expect((await setUp(ava, northwind({ require_sso: false }))).body.require_sso).toBe(false);
    expect(
      (await new TestClient(server.url).signIn('leo@northwind.test', DEMO_PASSWORD)).status,
    ).toBe(200);
  });

  it('asks two-factor sign-in only of members who have a password', async () => {
    const organisationId = (await me(ava)).organisation?.id ?? '';
    await server.database.db.execute(
      sql`update organisations set require_two_factor = true where id = ${organisationId}`,
    );
    try {
      // Tess only ever signed in through the provider, whose second factor stands in.
      const tess = await ssoSignIn('tess@northwind.test', person('tess@northwind.test'));
      expect((await me(tess.client)).two_factor).toEqual({ enabled: false, required: false });
      expect((await tess.client.request('GET', '/api/v1/calls')).status).toBe(200);
      // Leo has a password: he sets two-factor up first, however he signed in.
      const leo = await ssoSignIn('leo@northwind.test', person('leo@northwind.test'));
      expect((await me(leo.client)).two_factor).toEqual({ enabled: false, required: true });
      const calls = await leo.client.request<{ error: { code: string } }>('GET', '/api/v1/calls');
      expect(calls.status).toBe(403);
      expect(calls.body.error.code).toBe('TWO_FACTOR_REQUIRED');
    } finally {
      await server.database.db.execute(
        sql`update organisations set require_two_factor = false where id = ${organisationId}`,
      );
    }
  });

  it('is removed by an admin: the domain is released and the removal audited', async () => {
    const removed = await ava.request('DELETE', '/api/v1/admin/organisation/sso');
    expect(removed.status).toBe(204);
    const after = await ava.request<SsoSettings>('GET', '/api/v1/admin/organisation/sso');
    expect(after.body).toMatchObject({ configured: false, domains: [], issuer: null });
    const start = await new TestClient(server.url).request('POST', '/api/auth/sign-in/sso', {
      json: { email: 'leo@northwind.test' },
    });
    expect(start.status).toBe(404);
    expect(await audit('sso.removed')).toHaveLength(1);
    // The accounts' links to the provider went with it.
    expect(
      await queryRows(
        server.database.db,
        sql`select id from accounts where provider_id like 'org-%'`,
      ),
    ).toEqual([]);
  });
});
