// GET/PATCH /api/v1/admin/organisation over real HTTP on both databases: the phone country the
// call search reads local numbers with (docs/search.md, "Search"), set by admins only, for their
// own organisation only, audit-logged, and nothing stored from a bad request.
import type { AuditEntry, CallListResponse, OrganisationSettings } from '@callboard/contract';
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

const PATH = '/api/v1/admin/organisation';

describe.each(testDatabaseKinds)('organisation settings API [$name]', ({ create }) => {
  let server: TestServer;
  let ava: TestClient;
  let mia: TestClient;
  let gus: TestClient;

  async function signedIn(email: string) {
    const client = new TestClient(server.url);
    await client.signIn(email, DEMO_PASSWORD);
    return client;
  }

  /** What is stored, read with the owner connection. */
  async function storedCountries() {
    const rows = await queryRows<{ name: string; phone_country: string }>(
      server.database.db,
      sql`select name, phone_country from organisations order by name`,
    );
    return Object.fromEntries(rows.map((row) => [row.name, row.phone_country]));
  }

  async function countryAudits(client: TestClient) {
    const response = await client.request<{ entries: AuditEntry[] }>(
      'GET',
      '/api/v1/admin/audit?action=organisation.phone_country_changed',
    );
    return response.body.entries;
  }

  beforeAll(async () => {
    server = await startTestServer(await create(), { callsPerOrganisation: 10 });
    ava = await signedIn('ava.admin@northwind.test');
    mia = await signedIn('mia@northwind.test');
    gus = await signedIn('gus.admin@globex.test');
  });
  afterAll(async () => {
    await server.close();
  });

  it("shows an admin their organisation's phone country and the countries to choose from", async () => {
    const response = await ava.request<OrganisationSettings>('GET', PATH);
    expect(response.status).toBe(200);
    expect(response.body.name).toBe('Northwind Clinics');
    expect(response.body.phone_country).toBe('GB');
    expect(response.body.phone_countries).toContainEqual({ code: 'GB', calling_code: '44' });
    expect(response.body.phone_countries).toContainEqual({ code: 'US', calling_code: '1' });
    expect(response.body.phone_countries.length).toBeGreaterThan(200);
  });

  it('refuses members, and requests without a session', async () => {
    for (const [method, json] of [
      ['GET', undefined],
      ['PATCH', { phone_country: 'US' }],
    ] as const) {
      const asMember = await mia.request<ErrorBody>(method, PATH, { json });
      expect(asMember.status, method).toBe(403);
      expect(asMember.body.error.message).toBe('You need to be an organisation admin to do this.');
      const anonymous = await mia.request<ErrorBody>(method, PATH, { json, bearer: null });
      expect(anonymous.status, method).toBe(401);
    }
    expect((await storedCountries())['Northwind Clinics']).toBe('GB');
  });

  it('refuses a bad country with the contract error, and stores nothing', async () => {
    const before = await countryAudits(ava);
    for (const body of [
      { phone_country: 'gb' },
      { phone_country: 'GBR' },
      { phone_country: 'XX' },
      { phone_country: 44 },
      { phone_country: '' },
      {},
      { phone_country: 'US', name: 'Renamed' },
    ]) {
      const response = await ava.request<ErrorBody>('PATCH', PATH, { json: body });
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.error.code).toBe('VALIDATION_FAILED');
      expect(response.body.error.message).toMatch(/^Invalid request: /u);
      expect(Object.keys(response.body.error.fields ?? {}).length).toBeGreaterThan(0);
    }
    const notJson = await ava.request<ErrorBody>('PATCH', PATH, {
      body: '{"phone_country":',
      headers: { 'content-type': 'application/json' },
    });
    expect(notJson.status).toBe(400);
    expect(await storedCountries()).toEqual({
      'Globex Insurance': 'GB',
      'Northwind Clinics': 'GB',
    });
    expect(await countryAudits(ava)).toHaveLength(before.length);
  });

  it("changes only the admin's own organisation, audit-logged once per change", async () => {
    const changed = await ava.request<OrganisationSettings>('PATCH', PATH, {
      json: { phone_country: 'US' },
    });
    expect(changed.status).toBe(200);
    expect(changed.body.phone_country).toBe('US');
    expect(await storedCountries()).toEqual({
      'Globex Insurance': 'GB',
      'Northwind Clinics': 'US',
    });
    // The same again changes nothing and logs nothing.
    expect((await ava.request('PATCH', PATH, { json: { phone_country: 'US' } })).status).toBe(200);
    const audits = await countryAudits(ava);
    expect(audits).toHaveLength(1);
    expect(audits[0]?.details).toEqual({
      previous_phone_country: 'GB',
      new_phone_country: 'US',
    });
    // Globex's admin sees their own settings, and none of Northwind's audit entries.
    expect((await gus.request<OrganisationSettings>('GET', PATH)).body).toMatchObject({
      name: 'Globex Insurance',
      phone_country: 'GB',
    });
    expect(await countryAudits(gus)).toEqual([]);
    // The search reads local numbers with the new country at once.
    const terms = await mia.request<CallListResponse>('GET', '/api/v1/calls?q=07700%20499194');
    expect(terms.body.search?.numbers).toEqual(['07700499194']);
    await ava.request('PATCH', PATH, { json: { phone_country: 'GB' } });
    const back = await mia.request<CallListResponse>('GET', '/api/v1/calls?q=07700%20499194');
    expect(back.body.search?.numbers).toEqual(['07700499194', '447700499194']);
  });
});
