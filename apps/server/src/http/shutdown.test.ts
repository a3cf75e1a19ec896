// Graceful shutdown of the real server process on SIGTERM (docs/operations.md, "Shutdown and
// rolling deploys"): it drains, ends event streams with a reconnect hint, closes idle keep-alive
// connections, lets a request in flight finish on its connection, and exits 0 — or, past the
// grace period, cuts what is left and exits 1. The embedded database: what is checked here is the
// HTTP side, the same on both.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../db/seed/seed.ts';
import { endedByServer, openEventStream } from '../test/event-stream.ts';
import { TestClient } from '../test/http-client.ts';
import { preparePgliteDataDir, type PgliteDataDir } from '../test/pglite-data-dir.ts';
import { openConnection, requestText, type RawConnection } from '../test/raw-http.ts';
import { startServerProcess, type ServerProcess } from '../test/server-process.ts';
import { STOP_RECONNECT_SPREAD_MS } from '../modules/events/live-hub.ts';

function exitOf(server: ServerProcess): Promise<number | null> {
  return new Promise((resolve) => server.child.once('exit', (code) => resolve(code)));
}

/** A note's POST whose body the test sends later: the server answers 100 once it has the head. */
async function noteInFlight(server: ServerProcess, token: string, callId: string, body: string) {
  const connection = await openConnection(Number(new URL(server.base).port));
  connection.send(
    requestText('POST', `/api/v1/calls/${callId}/notes`, {
      Authorization: `Bearer ${token}`,
      'Content-Type': 'application/json',
      'Content-Length': String(Buffer.byteLength(body)),
      Expect: '100-continue',
    }),
  );
  expect((await connection.response()).status).toBe(100);
  return connection;
}

/**
 * Polls /readyz on new connections until they are refused; returns the answers seen from the
 * first that is not 200 (the signal takes a moment to arrive).
 */
async function readinessUntilRefused(server: ServerProcess) {
  const seen: { status: number; connection: string | undefined }[] = [];
  for (;;) {
    let connection: RawConnection;
    try {
      connection = await openConnection(Number(new URL(server.base).port));
    } catch {
      return seen;
    }
    connection.send(requestText('GET', '/readyz'));
    try {
      const response = await connection.response();
      if (response.status !== 200 || seen.length > 0) {
        seen.push({ status: response.status, connection: response.headers.connection });
      }
    } catch {
      // closed under us as the listener closed: the next attempt is refused
    }
    connection.socket.destroy();
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

const AUTH_SECRET = randomBytes(32).toString('base64');

describe('shutdown of a server process', () => {
  let data: PgliteDataDir;
  let server: ServerProcess | undefined;
  let token: string;
  let callId: string;

  beforeAll(async () => {
    data = await preparePgliteDataDir();
  }, 120_000);

  afterAll(async () => {
    await server?.stop();
    data.remove();
  });

  async function start(env: Record<string, string>) {
    // One secret for the data folder: its signing keys are encrypted with it.
    server = await startServerProcess({ env: { DATA_DIR: data.dataDir, AUTH_SECRET, ...env } });
    const client = new TestClient(server.base);
    expect((await client.signIn('mia@northwind.test', DEMO_PASSWORD)).status).toBe(200);
    token = client.accessToken ?? '';
    const list = await client.request<{ rows: { call_id: string }[] }>(
      'GET',
      '/api/v1/calls?pageSize=1',
    );
    callId = list.body.rows[0]?.call_id ?? '';
    return server;
  }

  it('drains, ends streams with a reconnect hint, finishes the request in flight and exits 0', async () => {
    // A grace period far beyond the test: exit 1 (cut) would mean something held the process.
    const running = await start({ SHUTDOWN_DRAIN_MS: '3000', SHUTDOWN_GRACE_MS: '60000' });
    const stream = await openEventStream(running.base, token);
    const idle = await openConnection(Number(new URL(running.base).port));
    idle.send(requestText('GET', '/healthz'));
    const before = await idle.response();
    expect(before.status).toBe(200);
    expect(before.headers.connection).toBe('keep-alive');
    const note = JSON.stringify({ body: 'written while the server stops' });
    const inFlight = await noteInFlight(running, token, callId, note);
    const exited = exitOf(running);

    running.child.kill('SIGTERM');
    // Draining: not ready, and each answer closes its connection; then the listener closes.
    const readiness = await readinessUntilRefused(running);
    expect(readiness.length).toBeGreaterThan(0);
    for (const answer of readiness) expect(answer).toEqual({ status: 503, connection: 'close' });

    await endedByServer(stream);
    expect(stream.retryMs).toBeGreaterThanOrEqual(0);
    expect(stream.retryMs).toBeLessThan(STOP_RECONNECT_SPREAD_MS);
    // The idle keep-alive connection was closed, not reset, and not left to time out.
    expect(await idle.closed).toEqual({ reset: false });

    // The request in flight is still being waited for: it gets its answer, then the connection
    // closes cleanly.
    expect(inFlight.isClosed).toBe(false);
    inFlight.send(note);
    const answer = await inFlight.response();
    expect(answer.status).toBe(201);
    expect(answer.headers.connection).toBe('close');
    expect(JSON.parse(answer.body)).toMatchObject({
      activity: expect.arrayContaining([
        expect.objectContaining({ type: 'NOTE', body: 'written while the server stops' }),
      ]) as unknown,
    });
    expect(await inFlight.closed).toEqual({ reset: false });
    expect(await exited).toBe(0);
  }, 120_000);

  it('cuts a request still open when the grace period is over, and exits 1', async () => {
    const running = await start({ SHUTDOWN_DRAIN_MS: '0', SHUTDOWN_GRACE_MS: '1000' });
    const stuck = await noteInFlight(
      running,
      token,
      callId,
      JSON.stringify({ body: 'never sent' }),
    );
    const exited = exitOf(running);
    running.child.kill('SIGTERM');
    expect(await exited).toBe(1);
    await stuck.closed;
    expect(running.output).toContain('shutdown grace period over');
  }, 120_000);
});
