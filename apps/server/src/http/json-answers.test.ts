// How an API answer leaves the server over real HTTP: compressed when the client asks, and
// otherwise as the JSON text it was made from, in one piece.
import http from 'node:http';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEMO_PASSWORD } from '../db/seed/seed.ts';
import { testDatabaseKinds } from '../test/databases.ts';
import { rawRequest, TestClient } from '../test/http-client.ts';
import { startTestServer, type TestServer } from '../test/test-server.ts';

describe.each(testDatabaseKinds)('JSON answers over HTTP [$name]', ({ create }) => {
  let server: TestServer;
  let member: TestClient;
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

  /** A GET that asks for no encoding unless told to (fetch asks for gzip). */
  const get = (path: string, headers: Record<string, string> = {}) =>
    rawRequest(`${server.url}${path}`, {
      agent,
      headers: { authorization: `Bearer ${member.accessToken ?? ''}`, ...headers },
    });

  beforeAll(async () => {
    server = await startTestServer(await create(), { callsPerOrganisation: 20 });
    member = new TestClient(server.url);
    expect((await member.signIn('mia@northwind.test', DEMO_PASSWORD)).status).toBe(200);
  });
  afterAll(async () => {
    agent.destroy();
    await server.close();
  });

  it('sends the JSON text as made, with its length, and says that it varies by Accept-Encoding', async () => {
    const list = await get('/api/v1/calls');
    expect(list.status).toBe(200);
    const { rows } = JSON.parse(list.body.toString('utf8')) as { rows: { call_id: string }[] };
    const paths = [
      '/api/v1/calls',
      `/api/v1/calls/${rows[0]?.call_id ?? ''}`,
      '/api/v1/me',
      '/api/v1/organisation/members',
    ];
    // A JSON answer is a string until it is written. When a middleware sets a header on it with
    // c.header() after it is made (compress() does, for Vary), the Node adapter reads it back
    // through a stream instead, and the copy encodes the text with TextEncoder
    // (docs/architecture.md, "API"). The list above has verified the token, which encodes too.
    const encode = vi.spyOn(TextEncoder.prototype, 'encode');
    try {
      for (const path of paths) {
        encode.mockClear();
        const answer = await get(path);
        const text = answer.body.toString('utf8');
        expect(answer.status, path).toBe(200);
        expect(
          encode.mock.calls.some(([input]) => input === text),
          path,
        ).toBe(false);
        expect(answer.headers['content-encoding'], path).toBeUndefined();
        expect(answer.headers.vary, path).toBe('Accept-Encoding');
        expect(Number(answer.headers['content-length']), path).toBe(answer.body.length);
        expect(JSON.parse(text), path).toBeTypeOf('object');
      }
    } finally {
      encode.mockRestore();
    }
  });

  it('compresses the same answer for a client that accepts gzip, saying Vary once', async () => {
    const plain = await get('/api/v1/calls');
    const gzipped = await get('/api/v1/calls', { 'accept-encoding': 'gzip' });
    expect(gzipped.status).toBe(200);
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gzipped.headers.vary).toBe('Accept-Encoding');
    expect(gzipped.body.length).toBeLessThan(plain.body.length);
    expect(JSON.parse(gunzipSync(gzipped.body).toString('utf8'))).toEqual(
      JSON.parse(plain.body.toString('utf8')),
    );
  });

  it('says Vary on a refusal too', async () => {
    const answer = await get('/api/v1/calls?page=0');
    expect(answer.status).toBe(400);
    expect(answer.headers.vary).toBe('Accept-Encoding');
    expect(
      (JSON.parse(answer.body.toString('utf8')) as { error: { code: string } }).error.code,
    ).toBe('VALIDATION_FAILED');
  });
});
