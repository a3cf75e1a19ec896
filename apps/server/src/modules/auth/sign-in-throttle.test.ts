// Sign-in protection over real HTTP against a real database: known devices, per-client and
// all-clients limits, counting before the password check, and a reset that lifts every lock.
// The server believes X-Forwarded-For from this machine, so each "client" below has its own
// address (documentation ranges).
import { hashPassword } from 'better-auth/crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../db/seed/seed.ts';
import { queryRows } from '../../db/client.ts';
import { testDatabaseKinds } from '../../test/databases.ts';
import { TestClient, type JsonResponse } from '../../test/http-client.ts';
import { startTestServer, type TestServer } from '../../test/test-server.ts';
import { DEVICE_COOKIE_ENTRIES, SIGN_IN_RULES } from './sign-in-throttle.ts';

const DEVICE_COOKIE = 'callboard.device';
const PER_CLIENT = SIGN_IN_RULES.clientAddress.max;
const ALL_CLIENTS = SIGN_IN_RULES.allUnknownClients.max;
const PER_DEVICE = SIGN_IN_RULES.knownDevice.max;

interface OutboxBody {
  messages: { to: string; subject: string; text: string }[];
}

/** A browser (cookie jar) at one client address. */
class Browser extends TestClient {
  constructor(
    baseUrl: string,
    readonly address: string,
    private readonly extraCookie?: string,
  ) {
    super(baseUrl);
  }

  signInFrom(email: string, password: string): Promise<JsonResponse<{ code?: string }>> {
    const headers: Record<string, string> = { 'x-forwarded-for': this.address };
    if (this.extraCookie) headers.cookie = this.extraCookie;
    return this.request('POST', '/api/auth/sign-in/email', { json: { email, password }, headers });
  }

  /** better-auth answers 400 (no password) without checking anything: the attempt is given back. */
  async withoutPassword(email: string, times: number): Promise<number[]> {
    const headers: Record<string, string> = { 'x-forwarded-for': this.address };
    if (this.extraCookie) headers.cookie = this.extraCookie;
    const statuses: number[] = [];
    for (let attempt = 0; attempt < times; attempt += 1) {
      statuses.push(
        (await this.request('POST', '/api/auth/sign-in/email', { json: { email }, headers }))
          .status,
      );
    }
    return statuses;
  }
}

function deviceCookieOf(response: JsonResponse): string {
  const line = response.headers.getSetCookie().find((l) => l.startsWith(`${DEVICE_COOKIE}=`));
  if (!line) throw new Error('no device cookie');
  return line;
}

const valueOf = (setCookie: string) =>
  setCookie.split(';')[0]?.slice(DEVICE_COOKIE.length + 1) ?? '';

const statusesOf = (responses: JsonResponse[]) => responses.map((response) => response.status);

/** n wrong passwords for email, one after another, from a new client at each address in turn. */
async function failFrom(
  server: TestServer,
  email: string,
  addresses: string[],
  perAddress: number,
) {
  const statuses: number[] = [];
  for (const address of addresses) {
    const attacker = new Browser(server.url, address);
    for (let attempt = 0; attempt < perAddress; attempt += 1) {
      statuses.push((await attacker.signInFrom(email, `wrong-password-${attempt}`)).status);
    }
  }
  return statuses;
}

const repeat = <T>(value: T, times: number) => Array.from({ length: times }, () => value);

describe.each(testDatabaseKinds)('sign-in protection [$name]', ({ create }) => {
  let server: TestServer;
  let passwordHash: string;

  /** A new account with DEMO_PASSWORD, so that no test depends on another's counters. */
  async function account(name: string): Promise<string> {
    const email = `${name}@throttle.test`;
    await server.database.db.execute(sql`
      with new_user as (
        insert into users (name, email, email_verified) values (${name}, ${email}, true) returning id
      )
      insert into accounts (account_id, provider_id, user_id, password, updated_at)
      select id::text, 'credential', id, ${passwordHash}, now() from new_user`);
    return email;
  }

  beforeAll(async () => {
    server = await startTestServer(await create(), { env: { TRUSTED_PROXIES: '127.0.0.1' } });
    passwordHash = await hashPassword(DEMO_PASSWORD);
  });
  afterAll(async () => {
    await server.close();
  });

  it("does not let an attacker's failures lock the owner out of a browser she signed in from", async () => {
    const email = await account('mia');
    const miasBrowser = new Browser(server.url, '192.0.2.10');
    const first = await miasBrowser.signInFrom(email, DEMO_PASSWORD);
    expect(first.status).toBe(200);
    const cookie = deviceCookieOf(first);
    expect(cookie).toMatch(/HttpOnly/iu);
    expect(cookie).toMatch(/SameSite=Lax/iu);
    expect(cookie).toMatch(/Path=\/api\/auth/iu);
    expect(cookie).toMatch(/Max-Age=31536000/iu);
    expect(cookie).not.toMatch(/Secure/iu);
    expect(cookie).not.toContain('test-secret');
    expect(cookie).not.toContain('throttle.test');

    // Two attackers use up the per-client limits and the all-clients limit for mia.
    const attack = await failFrom(
      server,
      email,
      ['198.51.100.1', '198.51.100.2', '198.51.100.3'],
      PER_CLIENT,
    );
    expect(attack).toEqual([
      ...repeat(401, ALL_CLIENTS),
      ...repeat(429, 3 * PER_CLIENT - ALL_CLIENTS),
    ]);
    // Any client without her device cookie is locked out now, even with the right password…
    const stranger = await new Browser(server.url, '203.0.113.50').signInFrom(email, DEMO_PASSWORD);
    expect(stranger.status).toBe(429);
    expect(stranger.body.code).toBe('TOO_MANY_ATTEMPTS');
    expect(Number(stranger.headers.get('retry-after'))).toBeGreaterThan(0);

    // …but her own browser signs in, and its own mistakes are its own, not the attackers'.
    expect((await miasBrowser.signInFrom(email, DEMO_PASSWORD)).status).toBe(200);
    expect((await miasBrowser.signInFrom(email, 'a-typo-in-the-password')).status).toBe(401);
    expect((await miasBrowser.signInFrom(email, DEMO_PASSWORD)).status).toBe(200);
    // Even from an attacker's address: the device cookie, not the address, makes it known.
    const sameAddress = new Browser(
      server.url,
      '198.51.100.1',
      `${DEVICE_COOKIE}=${valueOf(cookie)}`,
    );
    expect((await sameAddress.signInFrom(email, DEMO_PASSWORD)).status).toBe(200);
  });

  it('locks a known device that keeps failing, and nobody else', async () => {
    const email = await account('leo');
    const leosBrowser = new Browser(server.url, '192.0.2.20');
    expect((await leosBrowser.signInFrom(email, DEMO_PASSWORD)).status).toBe(200);
    // Requests refused before any password check do not count.
    expect(await leosBrowser.withoutPassword(email, PER_DEVICE + 3)).toEqual(
      repeat(400, PER_DEVICE + 3),
    );
    const statuses: number[] = [];
    for (let attempt = 0; attempt < PER_DEVICE + 1; attempt += 1) {
      statuses.push((await leosBrowser.signInFrom(email, `wrong-password-${attempt}`)).status);
    }
    expect(statuses).toEqual([...repeat(401, PER_DEVICE), 429]);
    expect((await leosBrowser.signInFrom(email, DEMO_PASSWORD)).status).toBe(429);
    // Another client, even at the same address, is not affected.
    expect(
      (await new Browser(server.url, '192.0.2.20').signInFrom(email, DEMO_PASSWORD)).status,
    ).toBe(200);
  });

  it('locks an address for unknown clients after the all-clients limit, until a password reset', async () => {
    const email = await account('gia');
    // Requests refused before any password check count neither per client nor for all clients.
    const careless = new Browser(server.url, '198.51.100.11');
    expect(await careless.withoutPassword(email, ALL_CLIENTS + 1)).toEqual(
      repeat(400, ALL_CLIENTS + 1),
    );
    const attack = await failFrom(server, email, ['198.51.100.11', '198.51.100.12'], PER_CLIENT);
    expect(attack).toEqual(repeat(401, ALL_CLIENTS));
    const owner = new Browser(server.url, '203.0.113.60');
    const locked = await owner.signInFrom(email, DEMO_PASSWORD);
    expect(locked.status).toBe(429);
    expect(locked.body.code).toBe('TOO_MANY_ATTEMPTS');
    expect((locked.body as { message?: string }).message).toMatch(
      /^Too many failed sign-in attempts\. Try again in \d+ minutes?, or reset your password\.$/u,
    );

    // The owner resets the password by the emailed link.
    const newPassword = await resetByEmailLink(server, email);

    // Every lock on the address is gone: the all-clients one and the attackers' pairs.
    expect((await owner.signInFrom(email, newPassword)).status).toBe(200);
    expect(
      (await new Browser(server.url, '198.51.100.11').signInFrom(email, 'wrong-again')).status,
    ).toBe(401);
  });

  it('checks at most the per-client limit of 70 parallel wrong passwords, and counts the rest as refused', async () => {
    const email = await account('root');
    const nora = await account('nora');
    const responses = await Promise.all(
      Array.from({ length: 70 }, (_, attempt) =>
        new Browser(server.url, '198.51.100.21').signInFrom(email, `wrong-password-${attempt}`),
      ),
    );
    const statuses = statusesOf(responses);
    expect(statuses.filter((status) => status === 401)).toHaveLength(PER_CLIENT);
    expect(statuses.filter((status) => status === 429)).toHaveLength(70 - PER_CLIENT);

    // The same from a known device: its own limit holds in parallel too.
    const device = new Browser(server.url, '192.0.2.21');
    expect((await device.signInFrom(nora, DEMO_PASSWORD)).status).toBe(200);
    const fromDevice = await Promise.all(
      Array.from({ length: 30 }, (_, attempt) =>
        device.signInFrom(nora, `wrong-password-${attempt}`),
      ),
    );
    expect(statusesOf(fromDevice).filter((status) => status === 401)).toHaveLength(PER_DEVICE);
  });

  it('gives no exemption for a forged device cookie or one for another address', async () => {
    const email = await account('gus');
    const leo = await account('leo-elsewhere');
    const gusesBrowser = new Browser(server.url, '192.0.2.30');
    const real = valueOf(deviceCookieOf(await gusesBrowser.signInFrom(email, DEMO_PASSWORD)));
    const leos = valueOf(
      deviceCookieOf(await new Browser(server.url, '192.0.2.31').signInFrom(leo, DEMO_PASSWORD)),
    );
    expect(await failFrom(server, email, ['198.51.100.31', '198.51.100.32'], PER_CLIENT)).toEqual(
      repeat(401, ALL_CLIENTS),
    );

    const [nonce = '', mac = ''] = real.split('.');
    const forgedMac = `${mac.slice(0, -2)}${mac.endsWith('AA') ? 'BB' : 'AA'}`;
    const cookies = [
      `${DEVICE_COOKIE}=${nonce}.${forgedMac}`,
      `${DEVICE_COOKIE}=${leos}`,
      `${DEVICE_COOKIE}=${'A'.repeat(22)}.${'A'.repeat(43)}`,
      `${DEVICE_COOKIE}=not-a-device-cookie`,
      `${DEVICE_COOKIE}=${'~'.repeat(4000)}`,
    ];
    for (const cookie of cookies) {
      const response = await new Browser(server.url, '203.0.113.70', cookie).signInFrom(
        email,
        DEMO_PASSWORD,
      );
      expect(response.status, cookie.slice(0, 80)).toBe(429);
    }
    // The genuine cookie still works (from any address).
    const genuine = new Browser(server.url, '203.0.113.70', `${DEVICE_COOKIE}=${real}`);
    expect((await genuine.signInFrom(email, DEMO_PASSWORD)).status).toBe(200);
  });

  // Dozens of password checks (each a deliberate scrypt): well over the default limit on a busy machine.
  it('throttles an address without an account exactly like one with an account', async () => {
    const run = async (email: string, prefix: string) => {
      const responses: JsonResponse<{ code?: string }>[] = [];
      for (const address of [`${prefix}1`, `${prefix}2`, `${prefix}3`]) {
        const client = new Browser(server.url, address);
        for (let attempt = 0; attempt < PER_CLIENT; attempt += 1) {
          responses.push(await client.signInFrom(email, `wrong-password-${attempt}`));
        }
      }
      return responses;
    };
    const existing = await run(await account('ava'), '198.51.100.4');
    const unknown = await run('no-account-here@throttle.test', '198.51.100.5');
    expect(statusesOf(unknown)).toEqual(statusesOf(existing));
    expect(statusesOf(existing)).toEqual([
      ...repeat(401, ALL_CLIENTS),
      ...repeat(429, 3 * PER_CLIENT - ALL_CLIENTS),
    ]);
    expect(unknown.map((response) => response.body)).toEqual(
      existing.map((response) => response.body),
    );
    // Per client too: a sixth attempt from one client is refused the same way.
    const sixth = async (email: string, address: string) => {
      const client = new Browser(server.url, address);
      for (let attempt = 0; attempt < PER_CLIENT; attempt += 1)
        await client.signInFrom(email, 'wrong-password');
      const response = await client.signInFrom(email, 'wrong-password');
      return { status: response.status, body: response.body };
    };
    expect(await sixth('ghost@throttle.test', '198.51.100.61')).toEqual(
      await sixth(await account('kit'), '198.51.100.62'),
    );
  }, 120_000);

  it('answers an implausible email with 400 before any query', async () => {
    const before = await countersCount(server);
    const client = new Browser(server.url, '198.51.100.70');
    for (const email of [
      '\u0000',
      `${'a'.repeat(250)}@throttle.test`,
      `${'b'.repeat(5000)}@x.test`,
      'mia@throttle.test\u0000',
      '',
      42,
    ]) {
      const response = await client.request('POST', '/api/auth/sign-in/email', {
        json: { email, password: 'whatever-password' },
        headers: { 'x-forwarded-for': client.address },
      });
      expect(response.status, JSON.stringify(email).slice(0, 40)).toBe(400);
      // Refused by the input boundary (NUL) or by the throttle's own email check.
      const { code } = response.body as { code: string };
      expect(['INVALID_EMAIL', 'VALIDATION_ERROR']).toContain(code);
    }
    for (const body of ['{"email":', 'null', '[]', '{}']) {
      const response = await fetch(`${server.url}/api/auth/sign-in/email`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          origin: server.url,
          'x-forwarded-for': client.address,
        },
        body,
      });
      expect(response.status, body).toBe(400);
    }
    expect(await countersCount(server)).toBe(before);
  });

  it('counts a form-encoded sign-in like a JSON one, so it is no way around the limit', async () => {
    const email = await account('ola');
    const address = '198.51.100.80';
    const formSignIn = (body: string) =>
      fetch(`${server.url}/api/auth/sign-in/email`, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          origin: server.url,
          'x-forwarded-for': address,
        },
        body,
      });
    const statuses: number[] = [];
    for (let attempt = 0; attempt < PER_CLIENT; attempt += 1) {
      const response = await formSignIn(
        `email=${encodeURIComponent(email)}&password=wrong-${attempt}`,
      );
      statuses.push(response.status);
    }
    expect(statuses).toEqual(repeat(401, PER_CLIENT));
    // One counter for both forms, and a repeated field is read as better-auth reads it (the last).
    expect((await new Browser(server.url, address).signInFrom(email, DEMO_PASSWORD)).status).toBe(
      429,
    );
    const repeated = `email=someone-else%40throttle.test&email=${encodeURIComponent(email)}&password=${encodeURIComponent(DEMO_PASSWORD)}`;
    expect((await formSignIn(repeated)).status).toBe(429);
  });

  it(`remembers the newest ${DEVICE_COOKIE_ENTRIES} addresses signed in from one browser`, async () => {
    const browser = new Browser(server.url, '192.0.2.40');
    let last: JsonResponse | null = null;
    for (let index = 0; index <= DEVICE_COOKIE_ENTRIES; index += 1) {
      last = await browser.signInFrom(await account(`shared-${index}`), DEMO_PASSWORD);
      expect(last.status).toBe(200);
    }
    expect(valueOf(deviceCookieOf(last as JsonResponse)).split('~')).toHaveLength(
      DEVICE_COOKIE_ENTRIES,
    );
  });
  // The findings as a user meets them, told without the mechanism's details (device cookies,
  // limits): these failed on the code before the throttle was rebuilt.
  it("others' wrong passwords do not lock the owner out of the browser she signed in from", async () => {
    const email = await account('owner.weapon');
    const owner = new Browser(server.url, '192.0.2.10');
    expect((await owner.signInFrom(email, DEMO_PASSWORD)).status).toBe(200);
    await failFrom(server, email, ['198.51.100.1', '198.51.100.2', '198.51.100.3'], PER_CLIENT);
    expect((await owner.signInFrom(email, DEMO_PASSWORD)).status).toBe(200);
  });

  it('a password reset lifts the lock for the owner', async () => {
    const email = await account('reset.weapon');
    await failFrom(server, email, ['198.51.100.11', '198.51.100.12', '198.51.100.13'], PER_CLIENT);
    const owner = new Browser(server.url, '203.0.113.60');
    expect((await owner.signInFrom(email, DEMO_PASSWORD)).status).toBe(429);
    const newPassword = await resetByEmailLink(server, email);
    expect((await owner.signInFrom(email, newPassword)).status).toBe(200);
  });
});

/** Resets the password through the emailed link, as its owner would; returns the new one. */
async function resetByEmailLink(server: TestServer, email: string): Promise<string> {
  const reset = new TestClient(server.url);
  expect(
    (await reset.request('POST', '/api/auth/request-password-reset', { json: { email } })).status,
  ).toBe(200);
  const outbox = await reset.request<OutboxBody>(
    'GET',
    `/api/dev/outbox?to=${encodeURIComponent(email)}`,
  );
  const token = /\/update-password\?token=([^\s&]+)/u.exec(
    outbox.body.messages.at(-1)?.text ?? '',
  )?.[1];
  expect(token).toBeDefined();
  const newPassword = 'amber-orchard-compass-17';
  const done = await reset.request('POST', '/api/auth/reset-password', {
    json: { token: decodeURIComponent(token ?? ''), newPassword },
  });
  expect(done.status).toBe(200);
  return newPassword;
}

async function countersCount(server: TestServer): Promise<number> {
  const [row] = await queryRows<{ n: number | string }>(
    server.database.db,
    sql`select count(*) as n from rate_limits`,
  );
  return Number(row?.n);
}
