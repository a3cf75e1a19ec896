// Lock-out as a weapon, over real HTTP on both databases, told without the mechanism's details
// (device cookies, exact limits beyond the per-client five): strangers' wrong passwords must not
// lock the owner out of the browser she signed in from; a completed reset must lift any lock; and
// 70 parallel wrong passwords from one client must get five real checks, not more. The mechanism
// itself is tested in sign-in-throttle.test.ts (docs/decisions/0009-sign-in-throttling-device-cookies.md).
// The server believes X-Forwarded-For from this machine, so each client has its own address
// (documentation ranges).
import { hashPassword } from 'better-auth/crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../db/seed/seed.ts';
import { testDatabaseKinds } from '../../test/databases.ts';
import { TestClient, type JsonResponse } from '../../test/http-client.ts';
import { startTestServer, type TestServer } from '../../test/test-server.ts';

/** Wrong passwords one client may try against one address before it is refused. */
const PER_CLIENT = 5;

interface OutboxBody {
  messages: { to: string; subject: string; text: string }[];
}

/** A browser (cookie jar) at one client address. */
class Browser extends TestClient {
  constructor(
    baseUrl: string,
    readonly address: string,
  ) {
    super(baseUrl);
  }

  signInFrom(email: string, password: string): Promise<JsonResponse<{ code?: string }>> {
    return this.request('POST', '/api/auth/sign-in/email', {
      json: { email, password },
      headers: { 'x-forwarded-for': this.address },
    });
  }
}

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

describe.each(testDatabaseKinds)('sign-in lock-out as a weapon [$name]', ({ create }) => {
  let server: TestServer;
  let passwordHash: string;
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

  it("others' wrong passwords do not lock the owner out of the browser she signed in from", async () => {
    const email = await account('mia');
    const owner = new Browser(server.url, '192.0.2.10');
    expect((await owner.signInFrom(email, DEMO_PASSWORD)).status).toBe(200);
    await failFrom(server, email, ['198.51.100.1', '198.51.100.2', '198.51.100.3'], PER_CLIENT);
    expect((await owner.signInFrom(email, DEMO_PASSWORD)).status).toBe(200);
  });

  it('a password reset lifts the lock for the owner', async () => {
    const email = await account('gia');
    await failFrom(server, email, ['198.51.100.11', '198.51.100.12', '198.51.100.13'], PER_CLIENT);
    const owner = new Browser(server.url, '203.0.113.60');
    expect((await owner.signInFrom(email, DEMO_PASSWORD)).status).toBe(429);
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
    expect((await owner.signInFrom(email, newPassword)).status).toBe(200);
  });

  it('checks at most the limit of 70 parallel wrong passwords from one client', async () => {
    const email = await account('root');
    const responses = await Promise.all(
      Array.from({ length: 70 }, (_, attempt) =>
        new Browser(server.url, '198.51.100.21').signInFrom(email, `wrong-password-${attempt}`),
      ),
    );
    const statuses = statusesOf(responses);
    expect(statuses.filter((status) => status === 401)).toHaveLength(PER_CLIENT);
    expect(statuses.filter((status) => status === 429)).toHaveLength(70 - PER_CLIENT);
  });
});
