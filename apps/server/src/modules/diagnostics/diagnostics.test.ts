// Error reporting end to end: with SENTRY_DSN pointing at a receiver on loopback, a server error
// arrives as a Sentry envelope holding the error and the user identity.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../db/seed/seed.ts';
import { testDatabaseKinds } from '../../test/databases.ts';
import { TestClient } from '../../test/http-client.ts';
import { startTestServer, type TestServer } from '../../test/test-server.ts';

const pglite = testDatabaseKinds[0];
if (!pglite) throw new Error('PGlite is always a test database');

/** A stand-in for Sentry's ingest: keeps every envelope body it is sent. */
function startEnvelopeReceiver() {
  const envelopes: string[] = [];
  const waiters: (() => void)[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const raw = Buffer.concat(chunks);
      envelopes.push(
        request.headers['content-encoding'] === 'gzip'
          ? gunzipSync(raw).toString()
          : raw.toString(),
      );
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      for (const wake of waiters.splice(0)) wake();
    });
  });
  return {
    envelopes,
    server,
    /** Resolves when an envelope containing text has arrived. */
    async waitFor(text: string) {
      while (!envelopes.some((envelope) => envelope.includes(text))) {
        await new Promise<void>((resolve) => waiters.push(resolve));
      }
      return envelopes.find((envelope) => envelope.includes(text)) ?? '';
    },
  };
}

describe('POST /api/v1/test-sentry with SENTRY_DSN set', () => {
  let server: TestServer;
  let receiver: ReturnType<typeof startEnvelopeReceiver>;

  beforeAll(async () => {
    receiver = startEnvelopeReceiver();
    await new Promise<void>((resolve) => receiver.server.listen(0, '127.0.0.1', resolve));
    const { port } = receiver.server.address() as AddressInfo;
    server = await startTestServer(await pglite.create(), {
      env: { SENTRY_DSN: `http://publickey@127.0.0.1:${port}/42` },
    });
  });
  afterAll(async () => {
    await server.close();
    // Sentry's transport can still hold a connection to the receiver (an envelope sent late, or
    // a socket kept alive), and close() waits for every connection: end them once it has run.
    const closed = new Promise((resolve) => receiver.server.close(resolve));
    receiver.server.closeAllConnections();
    await closed;
  });

  it('reports the server test error with the operator identity', async () => {
    const root = new TestClient(server.url);
    await root.signIn('root@callboard.test', DEMO_PASSWORD);
    const response = await root.request<{ error: { code: string } }>('POST', '/api/v1/test-sentry');
    expect(response.status).toBe(500);
    expect(response.body.error.code).toBe('INTERNAL');
    const envelope = await receiver.waitFor('CallboardTestError');
    expect(envelope).toContain('"type":"event"');
    expect(envelope).toContain('Test error raised on the server from /test-sentry');
    expect(envelope).toContain('"email":"root@callboard.test"');
    expect(envelope).toContain('"isSuperAdmin":true');
    expect(envelope).toContain('"environment":"production"');
    expect(envelope).toContain('"release":"1.0.0"');
  });

  it('refuses anyone but a platform operator, and reports nothing for it', async () => {
    const before = receiver.envelopes.length;
    const mia = new TestClient(server.url);
    await mia.signIn('mia@northwind.test', DEMO_PASSWORD);
    const response = await mia.request('POST', '/api/v1/test-sentry');
    expect(response.status).toBe(403);
    const anonymous = await new TestClient(server.url).request('POST', '/api/v1/test-sentry');
    expect(anonymous.status).toBe(401);
    // Other envelopes (the SDK's session updates) may still arrive from the first test: only an
    // error event, or anything about mia, would be a report of these refusals.
    const reports = receiver.envelopes
      .slice(before)
      .filter((envelope) => envelope.includes('"type":"event"') || envelope.includes('mia@'));
    expect(reports).toEqual([]);
  });

  it('sends Sentry nothing a request carried: no password, session cookie or query', async () => {
    const mia = new TestClient(server.url);
    await mia.signIn('mia@northwind.test', DEMO_PASSWORD);
    const search = await mia.request('GET', '/api/v1/calls?q=%2B441632960123');
    expect(search.status).toBe(200);
    const root = new TestClient(server.url);
    await root.signIn('root@callboard.test', DEMO_PASSWORD);
    expect((await root.request('POST', '/api/v1/test-sentry')).status).toBe(500);
    await receiver.waitFor('CallboardTestError');
    // The spans of those requests, which once carried the sign-in's body, come in their own time.
    await receiver.waitFor('"url.path":{"value":"/api/v1/calls"');
    const sent = receiver.envelopes.join('\n');
    expect(sent).toContain('/api/auth/sign-in/email');
    expect(sent).not.toContain(DEMO_PASSWORD);
    expect(sent).not.toContain('441632960123');
    expect(sent).not.toMatch(/session_token=[^[]/u);
    expect(sent).not.toContain('callboard.device=');
  });
});
