// Replicas on one PostgreSQL database (docs/operations.md, "Start-up and migrations" and
// "Shutdown and rolling deploys"): two server processes started at the same moment on an empty
// database both come up, with each migration applied once and the demo data loaded once; then,
// behind a real load balancer (HAProxy) and under continuous reads and writes, each is restarted
// in turn without a single request failing. The servers are the production bundle, as
// `npm start` runs it. PostgreSQL only: PGlite is one process's embedded database.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './db/seed/seed.ts';
import { startHaproxy, CHECK_FALL, CHECK_INTERVAL_MS, type LoadBalancer } from './test/haproxy.ts';
import { TestClient } from './test/http-client.ts';
import { buildServerBundle, type ServerBundle } from './test/server-bundle.ts';
import { freePort, startServerProcess, type ServerProcess } from './test/server-process.ts';

const serverUrl = process.env.TEST_DATABASE_URL;

const journal = JSON.parse(
  readFileSync(new URL('./db/migrations/meta/_journal.json', import.meta.url), 'utf8'),
) as { entries: unknown[] };

/** Longer than the load balancer takes to see a replica unready (CHECK_FALL failed checks). */
const DRAIN_MS = CHECK_INTERVAL_MS * CHECK_FALL * 3;

interface Outcome {
  at: number;
  servedBy: string | null;
  /** Empty when the request succeeded. */
  failure: string;
}

async function until(condition: () => boolean, what: string, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe.skipIf(!serverUrl)('replicas on one PostgreSQL database [PostgreSQL]', () => {
  const name = `callboard_test_${randomBytes(6).toString('hex')}`;
  let owner: pg.Client;
  let bundle: ServerBundle;
  let balancer: LoadBalancer | undefined;
  const ports = { balancer: 0, a: 0, b: 0 };
  const replicas: Record<'a' | 'b', ServerProcess | undefined> = { a: undefined, b: undefined };
  let env: Record<string, string>;

  const start = (replica: 'a' | 'b') =>
    startServerProcess({ entry: bundle.main, env, port: ports[replica] });

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(serverUrl ?? '');
    url.pathname = `/${name}`;
    owner = new pg.Client({ connectionString: url.toString() });
    await owner.connect();
    bundle = await buildServerBundle();
    ports.balancer = await freePort();
    ports.a = await freePort();
    ports.b = await freePort();
    env = {
      DATABASE_URL: url.toString(),
      SEED_DEMO_DATA: 'true',
      // Both replicas are one site behind the balancer: its address is the token audience, and
      // they share the secret that encrypts the signing keys in the database.
      APP_URL: `http://127.0.0.1:${ports.balancer}`,
      AUTH_SECRET: randomBytes(32).toString('base64'),
      SHUTDOWN_DRAIN_MS: String(DRAIN_MS),
    };
  }, 120_000);

  afterAll(async () => {
    await balancer?.stop();
    await Promise.all([replicas.a?.stop(), replicas.b?.stop()]);
    await owner.end();
    bundle.remove();
    const dropper = new pg.Client({ connectionString: serverUrl });
    await dropper.connect();
    await dropper.query(`drop database if exists ${name} with (force)`);
    await dropper.end();
  });

  it('start together on an empty database: both come up, migrations and demo data applied once', async () => {
    // startServerProcess resolves once /readyz answers 200.
    [replicas.a, replicas.b] = await Promise.all([start('a'), start('b')]);
    const migrations = await owner.query<{ runs: string; distinct: string }>(
      'select count(*) as runs, count(distinct hash) as distinct from drizzle.__drizzle_migrations',
    );
    expect(migrations.rows[0]).toEqual({
      runs: String(journal.entries.length),
      distinct: String(journal.entries.length),
    });
    const organisations = await owner.query<{ name: string }>(
      'select name from organisations order by name',
    );
    expect(organisations.rows.map((row) => row.name)).toEqual([
      'Globex Insurance',
      'Northwind Clinics',
    ]);
    const users = await owner.query<{ count: string }>('select count(*) from users');
    expect(Number(users.rows[0]?.count)).toBe(DEMO_ACCOUNTS.length);
  }, 180_000);

  it('restart one after the other behind HAProxy under reads and writes: no request fails', async () => {
    const { a, b } = replicas;
    if (!a || !b) throw new Error('the replicas did not start');
    balancer = await startHaproxy(ports.balancer, [
      { name: 'a', port: ports.a },
      { name: 'b', port: ports.b },
    ]);
    const base = balancer.base;
    const client = new TestClient(base);
    expect((await client.signIn('mia@northwind.test', DEMO_PASSWORD)).status).toBe(200);
    const authorization = `Bearer ${client.accessToken ?? ''}`;
    const list = await client.request<{ rows: { call_id: string }[] }>(
      'GET',
      '/api/v1/calls?pageSize=5',
    );
    const callIds = list.body.rows.map((row) => row.call_id);
    expect(callIds.length).toBe(5);

    const outcomes: Outcome[] = [];
    const notes: string[] = [];
    let loading = true;
    const request = async (path: string, init: RequestInit, expected: number) => {
      let outcome: Outcome;
      try {
        const response = await fetch(`${base}${path}`, init);
        await response.arrayBuffer();
        outcome = {
          at: Date.now(),
          servedBy: response.headers.get('x-served-by'),
          failure:
            response.status === expected
              ? ''
              : `${init.method ?? 'GET'} ${path}: ${response.status} from ${response.headers.get('x-served-by') ?? 'the balancer'}`,
        };
      } catch (error) {
        outcome = { at: Date.now(), servedBy: null, failure: `${path}: ${String(error)}` };
      }
      outcomes.push(outcome);
      return outcome;
    };
    const reader = async (worker: number) => {
      for (let index = 0; loading; index += 1) {
        const page = (index % 3) + 1;
        await request(
          `/api/v1/calls?pageSize=20&page=${page}`,
          { headers: { authorization } },
          200,
        );
        if (worker === 0) {
          await request(
            `/api/v1/calls/${callIds[index % callIds.length] ?? ''}`,
            {
              headers: { authorization },
            },
            200,
          );
        }
      }
    };
    const writer = async (worker: number) => {
      for (let index = 0; loading; index += 1) {
        const body = `rolling deploy, writer ${worker}, note ${index}`;
        const outcome = await request(
          `/api/v1/calls/${callIds[index % callIds.length] ?? ''}/notes`,
          {
            method: 'POST',
            headers: { authorization, 'content-type': 'application/json' },
            body: JSON.stringify({ body }),
          },
          201,
        );
        if (!outcome.failure) notes.push(body);
      }
    };
    const load = Promise.all([reader(0), reader(1), reader(2), writer(0), writer(1)]);

    /** Both replicas answer through the balancer after `since`. */
    const bothServing = (since: number) =>
      until(
        () =>
          ['a', 'b'].every((server) =>
            outcomes.some((outcome) => outcome.at > since && outcome.servedBy === server),
          ),
        'both replicas to answer through the balancer',
      );
    await bothServing(0);

    for (const replica of ['a', 'b'] as const) {
      const running = replicas[replica];
      if (!running) throw new Error(`replica ${replica} is not running`);
      expect(await running.stop()).toBe(0);
      replicas[replica] = await start(replica);
      await bothServing(Date.now());
    }
    loading = false;
    await load;

    const failures = outcomes
      .filter((outcome) => outcome.failure)
      .map((outcome) => outcome.failure);
    expect(failures).toEqual([]);
    expect(outcomes.length).toBeGreaterThan(100);
    // Every acknowledged note was written once.
    const written = await owner.query<{ body: string }>(
      "select body from call_activity where type = 'NOTE' and body like 'rolling deploy,%'",
    );
    expect(written.rows.map((row) => row.body).sort()).toEqual([...notes].sort());
  }, 300_000);
});
