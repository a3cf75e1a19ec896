// Backups (docs/operations.md, "Backups and restore"). The embedded database: backed up with the
// real CLI from a real server process while a member keeps adding notes, restored with the CLI into
// a fresh DATA_DIR, and served again: every call and activity is there, every note acknowledged
// before the backup began, none begun after it ended, the derived counts agree, and the restored
// auth secret still opens the signing keys. A PostgreSQL server: pg_dump and pg_restore, round trip.
import { execFile, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { serve } from '@hono/node-server';
import type { CallDetail, CallListResponse } from '@callboard/contract';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { buildServer } from '../server.ts';
import { testDatabaseKinds } from '../test/databases.ts';
import { TestClient } from '../test/http-client.ts';
import { startServerProcess } from '../test/server-process.ts';
import { BACKUP_ENDPOINT_FILE, restoreBackup } from './backup.ts';
import {
  checkTenantConnection,
  openDatabase,
  queryRows,
  type Database,
  type Db,
} from './client.ts';
import { migrateDatabase } from './migrate.ts';
import { DEMO_PASSWORD, seedDemoData } from './seed/seed.ts';

const CLI = fileURLToPath(new URL('./backup-cli.ts', import.meta.url));
const SERVER_DIR = fileURLToPath(new URL('../..', import.meta.url));
/** How long a condition may take to come true on a busy machine. */
const DEADLINE_MS = 60_000;

async function until(condition: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + DEADLINE_MS;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Runs `npm run db:backup`/`db:restore`'s script with DATA_DIR, as an operator would. */
function runCli(args: string[], dataDir: string): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', CLI, ...args], {
      cwd: SERVER_DIR,
      env: { PATH: process.env.PATH ?? '', DATA_DIR: dataDir },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code) => resolve({ code, output }));
  });
}

const ids = async (db: Pick<Db, 'execute'>, query: ReturnType<typeof sql>) =>
  (await queryRows<{ id: string }>(db, query)).map((row) => row.id).sort();

/** Migrates a new database and loads the demo data into it; the ids of what it holds; closed. */
async function seedAndClose(database: Database, callsPerOrganisation: number) {
  try {
    await migrateDatabase(database);
    await seedDemoData(database.db, { callsPerOrganisation });
    return {
      calls: await ids(database.db, sql`select call_id as id from call_log`),
      activities: await ids(database.db, sql`select id::text as id from call_activity`),
      users: await ids(database.db, sql`select id::text as id from users`),
    };
  } finally {
    await database.close();
  }
}

/** What the triggers keep in call_counts, against a count of call_log itself. */
async function countsAgree(db: Pick<Db, 'execute'>): Promise<boolean> {
  const rows = await queryRows<{ mismatches: number | string }>(
    db,
    sql`select count(*) as mismatches from (
          select organisation_id, status, coalesce(deleted_flag, false) as deleted, count(*) as calls
          from call_log where organisation_id is not null group by 1, 2, 3
        ) actual full join call_counts kept using (organisation_id, status, deleted)
        where actual.calls is distinct from kept.calls and coalesce(kept.calls, 0) <> 0`,
  );
  return Number(rows[0]?.mismatches) === 0;
}

describe('backup of the embedded database', () => {
  const root = mkdtempSync(join(tmpdir(), 'callboard-backup-test-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('copies a running, writing server consistently, and restores it into a fresh DATA_DIR', async () => {
    const source = join(root, 'source');
    const restored = join(root, 'restored');
    const file = join(root, 'backup.tar');
    // Kept in DATA_DIR, as a server without AUTH_SECRET keeps it; the backup must carry it.
    const authSecret = randomBytes(32).toString('base64url');

    // The demo data, loaded before the server starts (a smaller set than the first start loads).
    const seeded = await seedAndClose(
      await openDatabase({ kind: 'pglite', dataDir: join(source, 'pglite') }),
      40,
    );
    const { calls: seededCalls, activities: seededActivities } = seeded;
    writeFileSync(join(source, 'auth-secret'), `${authSecret}\n`, { mode: 0o600 });

    const server = await startServerProcess({
      env: { DATA_DIR: source, AUTH_SECRET: authSecret, SEED_DEMO_DATA: 'false' },
    });
    const notes: { body: string; callId: string; startedAt: number; ackedAt: number }[] = [];
    let backupStarted = Number.POSITIVE_INFINITY;
    let backupEnded = Number.POSITIVE_INFINITY;
    try {
      await until(() => existsSync(join(source, BACKUP_ENDPOINT_FILE)), 'the backup endpoint');
      const mia = new TestClient(server.base);
      expect((await mia.signIn('mia@northwind.test', DEMO_PASSWORD)).status).toBe(200);
      const list = await mia.request<CallListResponse>('GET', '/api/v1/calls?pageSize=4');
      const callIds = list.body.rows.map((row) => row.call_id);
      expect(callIds).toHaveLength(4);

      // A member keeps adding notes, one after another, before, during and after the backup.
      const stopWriting = new AbortController();
      const writer = (async () => {
        for (let n = 0; !stopWriting.signal.aborted; n += 1) {
          const body = `backup-note-${n}`;
          const callId = callIds[n % callIds.length] ?? '';
          const startedAt = performance.now();
          const added = await mia.request('POST', `/api/v1/calls/${callId}/notes`, {
            json: { body },
          });
          if (added.status !== 201) throw new Error(`note ${n}: HTTP ${added.status}`);
          notes.push({ body, callId, startedAt, ackedAt: performance.now() });
        }
      })();
      try {
        await until(() => notes.length >= 3, 'the first notes');
        backupStarted = performance.now();
        const backup = await runCli(['backup', '--out', file], source);
        backupEnded = performance.now();
        expect(backup.code, backup.output).toBe(0);
        expect(backup.output).toMatch(/from the running server \(pid \d+\)/u);
        expect(backup.output).toContain('with its auth secret');
        await until(() => notes.some((note) => note.startedAt > backupEnded), 'a later note');
      } finally {
        stopWriting.abort();
        await writer;
      }
    } finally {
      await server.stop();
    }
    // The server said where it could be reached while it ran, and no longer.
    expect(existsSync(join(source, BACKUP_ENDPOINT_FILE))).toBe(false);
    expect(
      notes.some((note) => note.startedAt > backupStarted && note.startedAt < backupEnded),
    ).toBe(true);

    // A non-empty DATA_DIR is not overwritten without --force.
    await expect(restoreBackup({ file, dataDir: source, force: false })).rejects.toThrow(
      /is not empty \(.*pglite.*\): restore into an empty DATA_DIR, or add --force/u,
    );

    const restore = await runCli(['restore', file], restored);
    expect(restore.code, restore.output).toBe(0);
    expect(restore.output).toContain(`${seededCalls.length} calls in 2 organisations`);

    // A server on the restored folder, with the auth secret the backup brought back.
    const database = await openDatabase({ kind: 'pglite', dataDir: join(restored, 'pglite') });
    let app: Awaited<ReturnType<typeof buildServer>>['app'] | null = null;
    const listener = serve({
      port: 0,
      hostname: '127.0.0.1',
      fetch: (request, env) =>
        app ? app.fetch(request, env) : new Response('starting', { status: 503 }),
    });
    await new Promise<void>((resolve) => listener.once('listening', resolve));
    const url = `http://127.0.0.1:${(listener.address() as AddressInfo).port}`;
    try {
      const built = await buildServer({
        config: loadConfig({
          NODE_ENV: 'test',
          DATA_DIR: restored,
          APP_URL: url,
          SEED_DEMO_DATA: 'false',
          LOG_LEVEL: 'silent',
        }),
        logger: pino({ level: 'silent' }),
        database,
        webRoot: null,
      });
      app = built.app;
      const db = database.db;

      expect(await ids(db, sql`select call_id as id from call_log`)).toEqual(seededCalls);
      const activities = await ids(db, sql`select id::text as id from call_activity`);
      expect(activities).toEqual(expect.arrayContaining(seededActivities));
      const restoredNotes = new Set(
        (
          await queryRows<{ body: string }>(
            db,
            sql`select body from call_activity where type = 'NOTE' and body like 'backup-note-%'`,
          )
        ).map((row) => row.body),
      );
      // Nothing but the seed and the notes taken in, nothing lost or doubled.
      expect(activities).toHaveLength(seededActivities.length + restoredNotes.size);
      for (const note of notes) {
        if (note.ackedAt < backupStarted) expect(restoredNotes, note.body).toContain(note.body);
        if (note.startedAt > backupEnded) expect(restoredNotes, note.body).not.toContain(note.body);
      }
      expect(await countsAgree(db)).toBe(true);

      // Sign-in, a token signed with the restored keys, and the notes through the API.
      const mia = new TestClient(url);
      expect((await mia.signIn('mia@northwind.test', DEMO_PASSWORD)).status).toBe(200);
      const [first] = notes;
      if (!first) throw new Error('no notes were written');
      const detail = await mia.request<CallDetail>('GET', `/api/v1/calls/${first.callId}`);
      expect(detail.status).toBe(200);
      expect(detail.body.activity.map((entry) => entry.body)).toContain(first.body);
    } finally {
      await new Promise<void>((resolve) => listener.close(() => resolve()));
      await database.close();
    }
    // Three databases opened, two processes and two CLI runs: generous on a busy machine.
  }, 300_000);
});

const postgres = testDatabaseKinds.filter((kind) => kind.name === 'PostgreSQL');
const serverUrl = process.env.TEST_DATABASE_URL;
const run = promisify(execFile);

describe.each(postgres)('backup of a PostgreSQL server [$name]', () => {
  it('round-trips through pg_dump and pg_restore into a fresh database, as docs/operations.md says', async () => {
    if (!serverUrl) throw new Error('TEST_DATABASE_URL is set when this runs');
    const suffix = randomBytes(6).toString('hex');
    const from = `callboard_dump_${suffix}`;
    const to = `callboard_restore_${suffix}`;
    // The restoring owner: not a superuser, BYPASSRLS as the README's owner has.
    const owner = `callboard_owner_${suffix}`;
    const urlOf = (name: string, user?: string) => {
      const url = new URL(serverUrl);
      url.pathname = `/${name}`;
      if (user) {
        url.username = user;
        url.password = '';
      }
      return url.toString();
    };
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    const folder = mkdtempSync(join(tmpdir(), 'callboard-pg-dump-'));
    const dump = join(folder, 'callboard.dump');
    try {
      await admin.query(`create database ${from}`);
      await admin.query(`create role ${owner} login bypassrls`);
      await admin.query(`create database ${to} owner ${owner}`);

      const { calls, activities, users } = await seedAndClose(
        await openDatabase({ kind: 'postgres', url: urlOf(from), poolSize: 2 }),
        30,
      );
      expect(activities.length).toBeGreaterThan(0);

      await run('pg_dump', ['--format=custom', `--file=${dump}`, urlOf(from)]);
      await run('pg_restore', [
        '--exit-on-error',
        '--no-owner',
        `--dbname=${urlOf(to, owner)}`,
        dump,
      ]);

      const copy = await openDatabase({ kind: 'postgres', url: urlOf(to, owner), poolSize: 2 });
      try {
        // Nothing left to migrate, and the unprivileged login works as before.
        await migrateDatabase(copy);
        await checkTenantConnection(copy);
        expect(await ids(copy.db, sql`select call_id as id from call_log`)).toEqual(calls);
        expect(await ids(copy.db, sql`select id::text as id from call_activity`)).toEqual(
          activities,
        );
        expect(await ids(copy.db, sql`select id::text as id from users`)).toEqual(users);
        expect(await countsAgree(copy.db)).toBe(true);
        // Row-level security came along: the tenant login sees no calls outside a tenant.
        const [visible] = await queryRows<{ calls: number | string }>(
          copy.appDb,
          sql`select count(*) as calls from call_log`,
        );
        expect(Number(visible?.calls)).toBe(0);
      } finally {
        await copy.close();
      }
    } finally {
      for (const name of [from, to]) {
        await admin.query(`drop database if exists ${name} with (force)`);
      }
      await admin.query(`drop role if exists ${owner}`);
      await admin.end();
      rmSync(folder, { recursive: true, force: true });
    }
  }, 120_000);
});
