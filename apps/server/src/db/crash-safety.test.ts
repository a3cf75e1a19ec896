// The embedded database survives its process being killed (docs/operations.md, "Crash safety
// (embedded database)"): a server on PGlite takes bursts of writes (notes) and is SIGKILLed at a
// random moment in each, 20 times. After every restart the database opens and every note the
// server acknowledged (201) is there. The server is the production bundle, as `npm start` runs it.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from '../test/http-client.ts';
import { preparePgliteDataDir, type PgliteDataDir } from '../test/pglite-data-dir.ts';
import { buildServerBundle, type ServerBundle } from '../test/server-bundle.ts';
import { freePort, startServerProcess } from '../test/server-process.ts';
import { DEMO_PASSWORD } from './seed/seed.ts';

const KILLS = 20;
/** Notes written at once in a burst. */
const WRITERS = 4;
/** After the burst's first acknowledged note, the kill comes within this. */
const KILL_WITHIN_MS = 150;

describe('the embedded database killed in the middle of writes', () => {
  let data: PgliteDataDir;
  let bundle: ServerBundle;

  beforeAll(async () => {
    [data, bundle] = await Promise.all([preparePgliteDataDir(), buildServerBundle()]);
  }, 120_000);

  afterAll(() => {
    data.remove();
    bundle.remove();
  });

  it(`keeps every acknowledged write through ${KILLS} SIGKILLs`, async () => {
    // One secret for the data folder (its signing keys are encrypted with it), and one address
    // (APP_URL is the access token's audience).
    const env = { DATA_DIR: data.dataDir, AUTH_SECRET: randomBytes(32).toString('base64') };
    const port = await freePort();
    const acknowledged: string[] = [];
    const unexpected: string[] = [];
    let token = '';
    let callId = '';

    for (let round = 0; ; round += 1) {
      // Resolves once /readyz answers: the database opened.
      const server = await startServerProcess({ entry: bundle.main, env, port });
      if (round === 0) {
        const client = new TestClient(server.base);
        expect((await client.signIn('mia@northwind.test', DEMO_PASSWORD)).status).toBe(200);
        // An access token is checked without the database, and stays good across restarts.
        token = client.accessToken ?? '';
        const list = await client.request<{ rows: { call_id: string }[] }>(
          'GET',
          '/api/v1/calls?pageSize=1',
        );
        callId = list.body.rows[0]?.call_id ?? '';
      }
      const call = await fetch(`${server.base}/api/v1/calls/${callId}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(call.status).toBe(200);
      const { activity } = (await call.json()) as { activity: { body: string | null }[] };
      const present = new Set(activity.map((entry) => entry.body));
      expect(acknowledged.filter((body) => !present.has(body))).toEqual([]);
      if (round === KILLS) {
        expect(await server.stop()).toBe(0);
        break;
      }

      let writing = true;
      let firstAcknowledged: () => void = () => undefined;
      const started = new Promise<void>((resolve) => (firstAcknowledged = resolve));
      const writers = Array.from({ length: WRITERS }, async (_, writer) => {
        for (let note = 0; writing; note += 1) {
          const body = `round ${round}, writer ${writer}, note ${note}`;
          let status: number;
          try {
            const response = await fetch(`${server.base}/api/v1/calls/${callId}/notes`, {
              method: 'POST',
              headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
              body: JSON.stringify({ body }),
            });
            status = response.status;
            await response.arrayBuffer();
          } catch {
            return; // killed: no answer, so nothing was promised
          }
          if (status === 201) {
            acknowledged.push(body);
            firstAcknowledged();
          } else {
            unexpected.push(`${body}: ${status}`);
          }
        }
      });
      await started;
      await new Promise((resolve) => setTimeout(resolve, Math.random() * KILL_WITHIN_MS));
      const exited = new Promise((resolve) => server.child.once('exit', resolve));
      server.child.kill('SIGKILL');
      await exited;
      writing = false;
      await Promise.all(writers);
    }
    expect(unexpected).toEqual([]);
    expect(acknowledged.length).toBeGreaterThanOrEqual(KILLS);
  }, 600_000);
});
