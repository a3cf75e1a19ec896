// Two server processes on one PostgreSQL, as replicas behind a load balancer run
// (docs/live-updates.md, "Replicas"): a change made through one reaches the streams held by the
// other, through LISTEN/NOTIFY, and the other organisation's stream stays silent. PostgreSQL only:
// PGlite is one process's embedded database.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../db/seed/seed.ts';
import { endedByServer, openEventStream, type EventStream } from '../../test/event-stream.ts';
import { TestClient } from '../../test/http-client.ts';
import { startServerProcess, type ServerProcess } from '../../test/server-process.ts';

const serverUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!serverUrl)('live updates across two server processes [PostgreSQL]', () => {
  const name = `callboard_test_${randomBytes(6).toString('hex')}`;
  let owner: pg.Client;
  let a: ServerProcess;
  let b: ServerProcess;
  const streams: EventStream[] = [];

  async function signedIn(server: ServerProcess, email: string, password = DEMO_PASSWORD) {
    const client = new TestClient(server.base);
    expect((await client.signIn(email, password)).status).toBe(200);
    return client;
  }
  async function streamOn(server: ServerProcess, client: TestClient) {
    const opened = await openEventStream(server.base, client.accessToken);
    expect(opened.status).toBe(200);
    streams.push(opened);
    return opened;
  }

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(serverUrl ?? '');
    url.pathname = `/${name}`;
    // The first migrates and loads the demo data; the second finds them there. Both share the
    // signing keys in the database, so a token from one is good on the other.
    const env = {
      DATABASE_URL: url.toString(),
      NODE_ENV: 'development',
      SEED_DEMO_DATA: 'true',
      AUTH_SECRET: randomBytes(32).toString('base64'),
    };
    a = await startServerProcess({ env });
    b = await startServerProcess({ env });
    owner = new pg.Client({ connectionString: url.toString() });
    await owner.connect();
  }, 300_000);

  afterAll(async () => {
    for (const opened of streams) opened.close();
    await Promise.all([a.stop(), b.stop()]);
    await owner.end();
    const dropper = new pg.Client({ connectionString: serverUrl });
    await dropper.connect();
    await dropper.query(`drop database if exists ${name} with (force)`);
    await dropper.end();
  });

  it("a change through A reaches B's stream of the organisation, and B's Globex stream gets nothing", async () => {
    const miaOnA = await signedIn(a, 'mia@northwind.test');
    const leoOnB = await streamOn(b, await signedIn(b, 'leo@northwind.test'));
    const giaOnB = await streamOn(b, await signedIn(b, 'gia@globex.test'));
    const { rows } = await owner.query<{ call_id: string; status: string; org: string }>(
      `select c.call_id, c.status, o.name as org from call_log c
       join organisations o on o.id = c.organisation_id
       where o.name like 'Northwind%' or o.name like 'Globex%' order by c.call_id`,
    );
    const northwind = rows.find((row) => row.org.startsWith('Northwind'));
    const globex = rows.find((row) => row.org.startsWith('Globex'));
    const flip = (status: string | undefined) => (status === 'Closed' ? 'In progress' : 'Closed');

    const changed = await miaOnA.request(
      'PUT',
      `/api/v1/calls/${northwind?.call_id ?? ''}/status`,
      {
        json: { status: flip(northwind?.status) },
      },
    );
    expect(changed.status).toBe(200);
    await leoOnB.waitFor(
      (event) => event.type === 'call.changed' && event.callId === northwind?.call_id,
      "A's change on B",
    );
    // Globex's own later change, also through A, reaches Globex's stream on B: an earlier
    // Northwind event would have come before it, and did not.
    const gusOnA = await signedIn(a, 'gus.admin@globex.test');
    const own = await gusOnA.request('PUT', `/api/v1/calls/${globex?.call_id ?? ''}/status`, {
      json: { status: flip(globex?.status) },
    });
    expect(own.status).toBe(200);
    await giaOnB.waitFor(
      (event) => event.type === 'call.changed' && event.callId === globex?.call_id,
      "Globex's own change",
    );
    expect(giaOnB.raw).not.toContain(northwind?.call_id ?? '-');
  });

  it("ends a member's stream on B when an admin on A detaches them", async () => {
    const avaOnA = await signedIn(a, 'ava.admin@northwind.test');
    const leoOnB = await signedIn(b, 'leo@northwind.test');
    const leoStream = await streamOn(b, leoOnB);
    const { rows } = await owner.query<{ id: string }>(
      `select id from profiles where email = 'leo@northwind.test'`,
    );
    const removed = await avaOnA.request('DELETE', `/api/v1/admin/members/${rows[0]?.id ?? ''}`);
    expect(removed.status).toBe(204);
    await endedByServer(leoStream);
    const again = await openEventStream(b.base, leoOnB.accessToken);
    streams.push(again);
    expect(again.status).toBe(403);
  });
});
