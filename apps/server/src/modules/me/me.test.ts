import { SignJWT, generateKeyPair } from 'jose';
import type { Me } from '@callboard/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../db/seed/seed.ts';
import { testDatabaseKinds } from '../../test/databases.ts';
import { TestClient } from '../../test/http-client.ts';
import { startTestServer, type TestServer } from '../../test/test-server.ts';

const unauthenticated = { error: { code: 'UNAUTHENTICATED', message: 'Authentication required' } };

describe.each(testDatabaseKinds)('GET /api/v1/me [$name]', ({ create }) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(await create());
  });
  afterAll(async () => {
    await server.close();
  });

  it('describes a member and their organisation', async () => {
    const client = new TestClient(server.url);
    await client.signIn('mia@northwind.test', DEMO_PASSWORD);
    const me = await client.request('GET', '/api/v1/me');
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({
      email: 'mia@northwind.test',
      first_name: 'Mia',
      role: 'member',
      isSuperAdmin: false,
      organisation: { name: 'Northwind Clinics' },
    });
  });

  it('describes a user with no organisation and the super-admin', async () => {
    const nora = new TestClient(server.url);
    await nora.signIn('nora@nowhere.test', DEMO_PASSWORD);
    expect((await nora.request('GET', '/api/v1/me')).body).toMatchObject({
      email: 'nora@nowhere.test',
      organisation: null,
      isSuperAdmin: false,
    });
    const root = new TestClient(server.url);
    await root.signIn('root@callboard.test', DEMO_PASSWORD);
    expect((await root.request('GET', '/api/v1/me')).body).toMatchObject({
      email: 'root@callboard.test',
      organisation: null,
      isSuperAdmin: true,
    });
  });

  it('answers 401 with the product’s message without a valid access token', async () => {
    const client = new TestClient(server.url);
    const cases = [
      await client.request('GET', '/api/v1/me'),
      await client.request('GET', '/api/v1/me', { bearer: 'not-a-jwt' }),
      await client.request('GET', '/api/v1/me', { headers: { authorization: 'Basic abc' } }),
    ];
    // A well-formed token signed by someone else's key.
    const { privateKey } = await generateKeyPair('EdDSA');
    const forged = await new SignJWT({ sid: '00000000-0000-4000-8000-000000000000' })
      .setProtectedHeader({ alg: 'EdDSA', kid: 'forged' })
      .setSubject('00000000-0000-4000-8000-000000000000')
      .setIssuer(server.url)
      .setAudience(server.url)
      .setExpirationTime('5m')
      .sign(privateKey);
    cases.push(await client.request('GET', '/api/v1/me', { bearer: forged }));
    for (const response of cases) {
      expect(response.status).toBe(401);
      expect(response.body).toEqual(unauthenticated);
    }
  });

  it('does not accept the session cookie in place of the access token', async () => {
    const client = new TestClient(server.url);
    await client.signIn('leo@northwind.test', DEMO_PASSWORD);
    const response = await client.request('GET', '/api/v1/me', { bearer: null });
    expect(response.status).toBe(401);
  });

  it('keeps the call list’s columns on the profile: set, read back, reset to the default', async () => {
    const mia = new TestClient(server.url);
    await mia.signIn('mia@northwind.test', DEMO_PASSWORD);
    const leo = new TestClient(server.url);
    await leo.signIn('leo@northwind.test', DEMO_PASSWORD);
    expect((await mia.request<Me>('GET', '/api/v1/me')).body.call_list_columns).toBeNull();

    const chosen = ['caller', 'status', 'waiting', 'sentiment'];
    const saved = await mia.request<Me>('PATCH', '/api/v1/me', {
      json: { call_list_columns: chosen },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.call_list_columns).toEqual(chosen);
    expect((await mia.request<Me>('GET', '/api/v1/me')).body.call_list_columns).toEqual(chosen);
    // The name is untouched, and nobody else's choice changes.
    expect(saved.body.first_name).toBe('Mia');
    expect((await leo.request<Me>('GET', '/api/v1/me')).body.call_list_columns).toBeNull();

    const reset = await mia.request<Me>('PATCH', '/api/v1/me', {
      json: { call_list_columns: null },
    });
    expect(reset.body.call_list_columns).toBeNull();
  });

  it('refuses a bad column choice with 400 naming it, and writes nothing', async () => {
    const mia = new TestClient(server.url);
    await mia.signIn('mia@northwind.test', DEMO_PASSWORD);
    await mia.request('PATCH', '/api/v1/me', { json: { call_list_columns: ['caller', 'ended'] } });
    for (const [body, message] of [
      [{ call_list_columns: ['caller', 'mood'] }, 'must be one of ended, caller'],
      [{ call_list_columns: [] }, 'must name at least one column'],
      [{ call_list_columns: ['caller', 'caller'] }, 'must name each column once'],
      [{ call_list_columns: 'caller' }, ''],
      // A good name with a bad choice: neither is written.
      [{ first_name: 'Mina', last_name: 'Okafor', call_list_columns: ['nope'] }, 'must be one of'],
    ] as const) {
      const response = await mia.request<{
        error: { code: string; fields?: Record<string, string> };
      }>('PATCH', '/api/v1/me', { json: body });
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.error.code).toBe('VALIDATION_FAILED');
      expect(Object.keys(response.body.error.fields ?? {}).join(), JSON.stringify(body)).toContain(
        'call_list_columns',
      );
      expect(Object.values(response.body.error.fields ?? {}).join()).toContain(message);
    }
    const me = (await mia.request<Me>('GET', '/api/v1/me')).body;
    expect(me.call_list_columns).toEqual(['caller', 'ended']);
    expect(me.first_name).toBe('Mia');
  });

  it('answers 401 to a column change without a session', async () => {
    const client = new TestClient(server.url);
    const response = await client.request('PATCH', '/api/v1/me', {
      json: { call_list_columns: ['caller'] },
    });
    expect(response.status).toBe(401);
    expect(response.body).toEqual(unauthenticated);
  });
});
