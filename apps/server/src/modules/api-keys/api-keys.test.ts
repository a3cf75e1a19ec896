// Organisation API keys over real HTTP on both databases: created by admins with the secret shown
// once, listed without it, kept only as a SHA-256, revoked at once, audited (docs/ingestion.md).
import { createHash } from 'node:crypto';
import {
  API_KEY_PATTERN,
  type ApiKey,
  type AuditEntry,
  type CreatedApiKey,
  type Me,
} from '@callboard/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { DEMO_PASSWORD } from '../../db/seed/seed.ts';
import { testDatabaseKinds } from '../../test/databases.ts';
import { TestClient } from '../../test/http-client.ts';
import { startTestServer, type TestServer } from '../../test/test-server.ts';

interface ErrorBody {
  error: { code: string; message: string; fields?: Record<string, string> };
}

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

/** One plausible call for the ingestion API, filed under agent nw-agent-1 unless told. */
function call(externalId: string, agentId = 'nw-agent-1') {
  const ended = Date.now() - 60_000;
  return {
    external_id: externalId,
    agent_id: agentId,
    started_at: new Date(ended - 90_000).toISOString(),
    ended_at: new Date(ended).toISOString(),
    direction: 'inbound',
    from_number: '+441632960123',
    to_number: '+441632960001',
  };
}

describe.each(testDatabaseKinds)('organisation API keys [$name]', ({ create }) => {
  let server: TestServer;
  let ava: TestClient;
  let mia: TestClient;
  let gus: TestClient;
  let nora: TestClient;
  let anonymous: TestClient;

  const signedIn = async (email: string) => {
    const client = new TestClient(server.url);
    expect((await client.signIn(email, DEMO_PASSWORD)).status, email).toBe(200);
    return client;
  };
  const createKey = async (client: TestClient, name: string) => {
    const response = await client.request<CreatedApiKey>('POST', '/api/v1/admin/api-keys', {
      json: { name },
    });
    expect(response.status).toBe(201);
    return response.body;
  };
  const listKeys = async (client: TestClient) => {
    const response = await client.request<{ rows: ApiKey[] }>('GET', '/api/v1/admin/api-keys');
    expect(response.status).toBe(200);
    return response.body.rows;
  };
  const ingest = (key: string, externalId: string) =>
    anonymous.request('POST', '/api/v1/ingest/calls', {
      bearer: key,
      json: { calls: [call(externalId)] },
    });
  const audit = async (action: string) =>
    (
      await ava.request<{ entries: AuditEntry[] }>(
        'GET',
        `/api/v1/admin/audit?action=${action}&pageSize=200`,
      )
    ).body.entries;

  beforeAll(async () => {
    server = await startTestServer(await create(), { callsPerOrganisation: 20 });
    ava = await signedIn('ava.admin@northwind.test');
    mia = await signedIn('mia@northwind.test');
    gus = await signedIn('gus.admin@globex.test');
    nora = await signedIn('nora@nowhere.test');
    anonymous = new TestClient(server.url);
  });
  afterAll(async () => {
    await server.close();
  });

  it('creates a key whose secret is shown once and kept only as its SHA-256', async () => {
    const created = await createKey(ava, '  Voice platform (production)  ');
    expect(created.key).toMatch(API_KEY_PATTERN);
    expect(created.name).toBe('Voice platform (production)');
    expect(created.prefix).toBe(created.key.slice(0, 'cb_live_'.length + 6));
    const secret = created.key.slice('cb_live_'.length);

    const me = (await ava.request<Me>('GET', '/api/v1/me')).body;
    const listing = await ava.request<{ rows: ApiKey[] }>('GET', '/api/v1/admin/api-keys');
    const listed = listing.body.rows.find((row) => row.id === created.id);
    expect(listed).toEqual({
      id: created.id,
      name: 'Voice platform (production)',
      prefix: created.prefix,
      created_at: created.created_at,
      created_by: me.id,
      last_used_at: null,
    });
    const hash = createHash('sha256').update(created.key).digest('hex');
    for (const text of [secret, hash]) expect(JSON.stringify(listing.body)).not.toContain(text);

    // At rest: the hash, and nowhere the secret.
    const [row] = await queryRows<{ key_hash: string; holds_secret: boolean }>(
      server.database.db,
      sql`select key_hash, strpos(row_to_json(k)::text, ${secret}) > 0 as holds_secret
          from api_keys k where id = ${created.id}`,
    );
    expect(row).toEqual({ key_hash: hash, holds_secret: false });

    const [entry] = (await audit('api_key.created')).filter((e) => e.target === created.id);
    expect(entry).toMatchObject({
      actor_id: me.id,
      details: { name: 'Voice platform (production)', prefix: created.prefix },
    });

    // Keys of one organisation only, newest first.
    const second = await createKey(ava, 'Staging');
    expect((await listKeys(ava)).slice(0, 2).map((key) => key.id)).toEqual([second.id, created.id]);
    expect((await listKeys(gus)).map((key) => key.id)).not.toContain(created.id);
  });

  it('refuses an empty or overlong name', async () => {
    for (const name of ['', '   ', 'x'.repeat(101)]) {
      const response = await ava.request<ErrorBody>('POST', '/api/v1/admin/api-keys', {
        json: { name },
      });
      expect(response.status, name).toBe(400);
      expect(response.body.error.fields?.name).toBeDefined();
    }
  });

  it('refuses members, users with no organisation and the signed-out', async () => {
    const { id } = await createKey(ava, 'Members may not see this');
    const routes: [string, string, unknown?][] = [
      ['GET', '/api/v1/admin/api-keys'],
      ['POST', '/api/v1/admin/api-keys', { name: 'Mine' }],
      ['DELETE', `/api/v1/admin/api-keys/${id}`],
    ];
    for (const [method, path, json] of routes) {
      const member = await mia.request<ErrorBody>(method, path, { json });
      expect(member.status, `${method} ${path}`).toBe(403);
      expect(member.body.error.message).toBe('You need to be an organisation admin to do this.');
      const nobody = await nora.request<ErrorBody>(method, path, { json });
      expect(nobody.status).toBe(403);
      expect(nobody.body.error.code).toBe('NO_ORGANISATION');
      expect((await anonymous.request(method, path, { json })).status).toBe(401);
    }
    expect((await listKeys(ava)).map((key) => key.id)).toContain(id);
  });

  it('revokes a key: refused from the next request on; another organisation’s key is 404', async () => {
    const { id, key } = await createKey(ava, 'To be revoked');
    expect((await ingest(key, 'revoke-1')).status).toBe(200);

    // Gus administers Globex: to him Northwind's key does not exist, as a missing one.
    const foreign = await gus.request<ErrorBody>('DELETE', `/api/v1/admin/api-keys/${id}`);
    const missing = await gus.request<ErrorBody>('DELETE', `/api/v1/admin/api-keys/${UNKNOWN_ID}`);
    expect([foreign.status, missing.status]).toEqual([404, 404]);
    expect(foreign.body).toEqual(missing.body);
    expect((await ingest(key, 'revoke-2')).status).toBe(200);

    expect((await ava.request('DELETE', `/api/v1/admin/api-keys/${id}`)).status).toBe(204);
    const refused = await ingest(key, 'revoke-3');
    expect(refused.status).toBe(401);
    expect((refused.body as ErrorBody).error.code).toBe('UNAUTHENTICATED');
    expect((await ava.request('DELETE', `/api/v1/admin/api-keys/${id}`)).status).toBe(404);
    expect((await listKeys(ava)).map((row) => row.id)).not.toContain(id);
    expect((await ava.request('DELETE', '/api/v1/admin/api-keys/not-a-key')).status).toBe(400);

    const revocations = (await audit('api_key.revoked')).filter((entry) => entry.target === id);
    expect(revocations).toHaveLength(1);
    const [stored] = await queryRows<{ calls: number | string }>(
      server.database.db,
      sql`select count(*) as calls from call_log where external_id like 'revoke-%'`,
    );
    expect(Number(stored?.calls)).toBe(2);
  });

  it('audits a key’s first use once, with no actor, and shows when it was last used', async () => {
    const { id, key } = await createKey(ava, 'First use');
    expect((await listKeys(ava)).find((row) => row.id === id)?.last_used_at).toBeNull();
    expect((await ingest(key, 'first-use-1')).status).toBe(200);
    expect((await ingest(key, 'first-use-2')).status).toBe(200);
    const firstUses = (await audit('api_key.first_used')).filter((entry) => entry.target === id);
    expect(firstUses).toHaveLength(1);
    expect(firstUses[0]).toMatchObject({ actor_id: null, details: { name: 'First use' } });
    const used = (await listKeys(ava)).find((row) => row.id === id)?.last_used_at;
    expect(Date.now() - Date.parse(used ?? '')).toBeLessThan(60_000);
  });

  it('keeps API keys and access tokens apart', async () => {
    const { key } = await createKey(ava, 'Not a session');
    // An access token is no API key, and an API key is no access token.
    const withToken = await anonymous.request('POST', '/api/v1/ingest/calls', {
      bearer: ava.accessToken,
      json: { calls: [call('token-1')] },
    });
    expect(withToken.status).toBe(401);
    const withKey = await anonymous.request('GET', '/api/v1/calls', { bearer: key });
    expect(withKey.status).toBe(401);
    const adminWithKey = await anonymous.request('GET', '/api/v1/admin/api-keys', { bearer: key });
    expect(adminWithKey.status).toBe(401);
  });
});
