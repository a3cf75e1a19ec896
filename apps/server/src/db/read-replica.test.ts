// The read replica (docs/operations.md, "Read replica"), on a throwaway primary and a streaming
// replica of it made here (test/postgres-cluster.ts), never the shared server: the call list,
// details, analytics, saved-view counts and export are read on the replica; a user's own writes
// show in their next reads however far the replica lags; a replica that falls behind, or stops,
// loses the reads to the primary without a single error, and gets them back when it recovers.
//
// Replay is paused on the replica (pg_wal_replay_pause) to make it lag on demand: what it serves
// then differs from the primary, which proves where each read ran.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from './seed/seed.ts';
import { openDatabase } from './client.ts';
import { migrateDatabase } from './migrate.ts';
import {
  formatLsn,
  parseLsn,
  readReplicaFor,
  replicaAppUrl,
  replicaLagSeconds,
  type ReadReplica,
} from './read-replica.ts';
import { TestClient, type JsonResponse } from '../test/http-client.ts';
import {
  createReplicatedClusters,
  postgresBinDir,
  type ReplicatedClusters,
} from '../test/postgres-cluster.ts';
import { startTestServer, type TestServer } from '../test/test-server.ts';

// CI installs PostgreSQL, so there this never skips; elsewhere it needs the server binaries.
const runnable = Boolean(postgresBinDir()) || process.env.CI === 'true';
const MAX_LAG_MS = 4_000;

interface CallDetailBody {
  call_id: string;
  status: string;
  summary: string | null;
  activity: { type: string; body: string | null }[];
}

/** Which database answered a request's reads, from its Server-Timing header. */
function servedBy(response: JsonResponse): string | null {
  return /db;desc="(\w+)"/u.exec(response.headers.get('server-timing') ?? '')?.[1] ?? null;
}

/** Polls until `condition` holds; fails after a generous deadline (the machine is shared). */
async function waitFor(what: string, condition: () => Promise<boolean> | boolean) {
  const deadline = Date.now() + 90_000;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('WAL positions and the replica login', () => {
  it('reads and writes pg_lsn text, and nothing else', () => {
    expect(parseLsn('16/B374D848')).toBe(0x16b374d848n);
    expect(formatLsn(0x16b374d848n)).toBe('16/B374D848');
    expect(formatLsn(parseLsn('0/0') ?? -1n)).toBe('0/0');
    for (const bad of ['', '16', '16/', '/1', 'G/1', '1/123456789', '1/2;x', null, undefined]) {
      expect(parseLsn(bad)).toBeNull();
    }
  });

  it("logs in on the replica's address as the tenant login", () => {
    expect(
      replicaAppUrl('postgres://owner:secret@replica:5433/cb?sslmode=require', undefined),
    ).toBe('postgres://callboard_app@replica:5433/cb?sslmode=require');
    expect(
      replicaAppUrl('postgres://replica:5433/cb', 'postgres://callboard_app:pw@primary:5432/cb'),
    ).toBe('postgres://callboard_app:pw@replica:5433/cb');
  });
});

describe.skipIf(!runnable)('read replica [PostgreSQL primary + streaming replica]', () => {
  let clusters: ReplicatedClusters | undefined;
  let server: TestServer | undefined;
  let replica: ReadReplica;
  let primarySql: pg.Client;
  let replicaSql: pg.Client;
  /** Every client opened here, for afterAll. */
  const sqlClients = new Set<pg.Client>();
  async function connect(url: string) {
    const client = new pg.Client({ connectionString: url });
    // The replica is stopped under its client below: the connection errors once and is gone, and
    // ending it afterwards could wait for an end that never comes.
    client.on('error', () => sqlClients.delete(client));
    sqlClients.add(client);
    await client.connect();
    return client;
  }
  let mia: TestClient;
  let leo: TestClient;
  let callId: string;
  const analytics = () => {
    const to = new Date();
    const from = new Date(to.getTime() - 30 * 86_400_000);
    return `/api/v1/analytics?from=${from.toISOString()}&to=${to.toISOString()}&tz=UTC`;
  };

  async function signedIn(email: string) {
    const client = new TestClient(server?.url ?? '');
    expect((await client.signIn(email, DEMO_PASSWORD)).status).toBe(200);
    return client;
  }

  /** The replica has replayed all the primary has written. */
  async function caughtUp() {
    const primary = await primarySql.query<{ lsn: string }>(
      'select pg_current_wal_lsn()::text as lsn',
    );
    const { rows } = await replicaSql.query<{ done: boolean }>(
      'select pg_last_wal_replay_lsn() >= $1::pg_lsn as done',
      [primary.rows[0]?.lsn],
    );
    return rows[0]?.done === true;
  }

  /** callboard_db_replica_lag_seconds as a Prometheus scrape reads it; undefined when absent. */
  async function scrapedLag(): Promise<number | undefined> {
    const text = (await server?.metrics.scrape())?.text ?? '';
    const line = /^callboard_db_replica_lag_seconds (\S+)$/mu.exec(text)?.[1];
    return line === undefined ? undefined : Number(line);
  }

  async function usableAndCaughtUp() {
    await waitFor('the replica is in use and has caught up', async () => {
      return replica.status().usable && (await caughtUp());
    });
  }

  async function pauseReplay() {
    await replicaSql.query('select pg_wal_replay_pause()');
  }
  async function resumeReplay() {
    await replicaSql.query('select pg_wal_replay_resume()');
  }

  beforeAll(async () => {
    clusters = await createReplicatedClusters();
    const primaryUrl = clusters.primary.url();
    const database = await openDatabase({ kind: 'postgres', url: primaryUrl, poolSize: 5 });
    await migrateDatabase(database);
    server = await startTestServer(database, {
      env: {
        DATABASE_URL: primaryUrl,
        DATABASE_READ_URL: clusters.replica.url(),
        DATABASE_READ_MAX_LAG_MS: String(MAX_LAG_MS),
      },
    });
    const found = readReplicaFor(database.db);
    if (!found) throw new Error('the server made no read replica');
    replica = found;
    primarySql = await connect(primaryUrl);
    replicaSql = await connect(clusters.replica.url());
    const { rows } = await primarySql.query<{ call_id: string }>(
      `select c.call_id from call_log c join organisations o on o.id = c.organisation_id
       where o.name like 'Northwind%' and not coalesce(c.deleted_flag, false)
       order by c.end_datetime desc limit 1`,
    );
    callId = rows[0]?.call_id ?? '';
    mia = await signedIn('mia@northwind.test');
    leo = await signedIn('leo@northwind.test');
  }, 300_000);

  afterAll(async () => {
    for (const client of sqlClients) await client.end().catch(() => undefined);
    await server?.close().catch(() => undefined);
    await clusters?.remove();
  }, 120_000);

  it('serves the call list, a call, analytics, saved-view counts and export from the replica', async () => {
    await usableAndCaughtUp();
    expect(replicaLagSeconds()).not.toBeNull();
    for (const path of [
      '/api/v1/calls',
      `/api/v1/calls/${callId}`,
      analytics(),
      '/api/v1/views?tz=UTC',
      '/api/v1/calls/export.csv',
    ]) {
      const response = await mia.request('GET', path);
      expect(response.status, path).toBe(200);
      expect(servedBy(response), path).toBe('replica');
    }
    // The replica's own view: the reads logged in there as the tenant role.
    const { rows } = await replicaSql.query<{ usename: string }>(
      "select usename from pg_stat_activity where application_name = 'callboard-read'",
    );
    expect(rows.length).toBeGreaterThan(0);
    expect(new Set(rows.map((row) => row.usename))).toEqual(new Set(['callboard_app']));

    // What the replica serves is the replica's data: a change it has not replayed is not there.
    await pauseReplay();
    try {
      await primarySql.query(
        `update call_log set summary = 'Only on the primary' where call_id = $1`,
        [callId],
      );
      const stale = await leo.request<CallDetailBody>('GET', `/api/v1/calls/${callId}`);
      expect(stale.status).toBe(200);
      expect(servedBy(stale)).toBe('replica');
      expect(stale.body.summary).not.toBe('Only on the primary');
    } finally {
      await resumeReplay();
    }
    await waitFor('the replica shows the change', async () => {
      const fresh = await leo.request<CallDetailBody>('GET', `/api/v1/calls/${callId}`);
      return servedBy(fresh) === 'replica' && fresh.body.summary === 'Only on the primary';
    });
  });

  it("shows a user's own writes in their next reads while the replica lags, and only theirs", async () => {
    await usableAndCaughtUp();
    await pauseReplay();
    let newStatus: string;
    try {
      const before = await mia.request<CallDetailBody>('GET', `/api/v1/calls/${callId}`);
      newStatus = before.body.status === 'Closed' ? 'In progress' : 'Closed';
      const changed = await mia.request('PUT', `/api/v1/calls/${callId}/status`, {
        json: { status: newStatus },
      });
      expect(changed.status).toBe(200);
      expect(changed.headers.getSetCookie().join('\n')).toContain('callboard_read_after=');
      // A colleague who wrote nothing reads on the replica, which has not replayed it yet.
      const colleague = await leo.request<CallDetailBody>('GET', `/api/v1/calls/${callId}`);
      expect(servedBy(colleague)).toBe('replica');
      expect(colleague.body.status).not.toBe(newStatus);

      const noted = await mia.request('POST', `/api/v1/calls/${callId}/notes`, {
        json: { body: 'Called back, sorted.' },
      });
      expect(noted.status).toBe(201);

      const detail = await mia.request<CallDetailBody>('GET', `/api/v1/calls/${callId}`);
      expect(detail.status).toBe(200);
      expect(servedBy(detail)).toBe('primary');
      expect(detail.body.status).toBe(newStatus);
      expect(detail.body.activity.some((entry) => entry.body === 'Called back, sorted.')).toBe(
        true,
      );
      const status = newStatus === 'Closed' ? 'closed' : 'open';
      const list = await mia.request<{ rows: { call_id: string; status: string }[] }>(
        'GET',
        `/api/v1/calls?status=${status}&pageSize=500`,
      );
      expect(servedBy(list)).toBe('primary');
      expect(list.body.rows.find((row) => row.call_id === callId)?.status).toBe(newStatus);
    } finally {
      await resumeReplay();
    }
    // Once the replica has replayed the writes, the writer's reads go back to it.
    await waitFor("the writer's reads return to the replica", async () => {
      const detail = await mia.request<CallDetailBody>('GET', `/api/v1/calls/${callId}`);
      return servedBy(detail) === 'replica';
    });
    const detail = await mia.request<CallDetailBody>('GET', `/api/v1/calls/${callId}`);
    expect(detail.body.status).toBe(newStatus);
    expect(detail.body.activity.some((entry) => entry.body === 'Called back, sorted.')).toBe(true);
  });

  it('checks a session the replica has not replayed yet on the primary', async () => {
    await usableAndCaughtUp();
    await pauseReplay();
    try {
      const gia = new TestClient(server?.url ?? '');
      const signIn = await gia.signIn('gia@globex.test', DEMO_PASSWORD);
      expect(signIn.status).toBe(200);
      expect(signIn.headers.getSetCookie().join('\n')).toContain('callboard_read_after=');
      // The bearer token alone, without the cookie that carries the sign-in's position.
      const response = await fetch(`${server?.url ?? ''}/api/v1/calls`, {
        headers: { authorization: `Bearer ${gia.accessToken ?? ''}` },
      });
      expect(response.status).toBe(200);
      expect(response.headers.get('server-timing')).toContain('db;desc="primary"');
    } finally {
      await resumeReplay();
    }
  });

  it('leaves a replica that lags more than DATABASE_READ_MAX_LAG_MS and returns when it catches up', async () => {
    await usableAndCaughtUp();
    await pauseReplay();
    try {
      await primarySql.query(
        `update call_log set summary = 'Written while it lagged' where call_id = $1`,
        [callId],
      );
      await waitFor('the replica is measured too far behind', () => {
        const lag = replicaLagSeconds();
        return lag !== null && lag * 1000 > MAX_LAG_MS && !replica.status().usable;
      });
      expect(await scrapedLag()).toBeGreaterThan(MAX_LAG_MS / 1000);
      const fresh = await leo.request<CallDetailBody>('GET', `/api/v1/calls/${callId}`);
      expect(fresh.status).toBe(200);
      expect(servedBy(fresh)).toBe('primary');
      expect(fresh.body.summary).toBe('Written while it lagged');
    } finally {
      await resumeReplay();
    }
    await usableAndCaughtUp();
    const back = await leo.request<CallDetailBody>('GET', `/api/v1/calls/${callId}`);
    expect(servedBy(back)).toBe('replica');
    expect(back.body.summary).toBe('Written while it lagged');
  });

  it('reads on the primary without an error while the replica is down, and on the replica again once it is back', async () => {
    await usableAndCaughtUp();
    const reads = [
      '/api/v1/calls',
      `/api/v1/calls/${callId}`,
      analytics(),
      '/api/v1/views?tz=UTC',
      '/api/v1/calls/export.csv',
    ];
    await replicaSql.end();
    await clusters?.replica.stop('immediate');
    // At once, before any check notices: the replica's pooled connections are dead.
    for (const path of reads) {
      const response = await leo.request('GET', path);
      expect(response.status, path).toBe(200);
      expect(servedBy(response), path).toBe('primary');
    }
    await waitFor('the replica is found down', () => !replica.status().usable);
    expect(replicaLagSeconds()).toBeNull();
    // Unmeasurable: the gauge reads NaN, which the documented alert catches.
    expect(await scrapedLag()).toBeNaN();
    expect(replica.status().reason).not.toBeNull();
    for (const path of reads) {
      const response = await mia.request('GET', path);
      expect(response.status, path).toBe(200);
      expect(servedBy(response), path).toBe('primary');
    }

    await clusters?.replica.start();
    replicaSql = await connect(clusters?.replica.url() ?? '');
    await usableAndCaughtUp();
    for (const path of reads) {
      const response = await leo.request('GET', path);
      expect(response.status, path).toBe(200);
      expect(servedBy(response), path).toBe('replica');
    }
  });
});
