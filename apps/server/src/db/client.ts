// The database handles: embedded PGlite in DATA_DIR when DATABASE_URL is unset, else pg pools.
// Both speak PostgreSQL; the rest of the server sees one Drizzle type and never asks which.
//
// On a PostgreSQL server there are two pools. The owner pool (DATABASE_URL) runs migrations,
// seeding, better-auth's identity queries and rate-limit counters. The tenant pool logs in as
// callboard_app, an unprivileged role bound by row-level security, and carries every withTenant
// and withPlatform transaction: with nothing more privileged behind the login, RESET ROLE has
// nowhere to go (docs/decisions/0008-least-privilege-database-roles.md). PGlite is one
// in-process connection as a superuser, so there tenant transactions SET LOCAL ROLE instead.
import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { sql, type SQL } from 'drizzle-orm';
import {
  PgDialect,
  type PgDatabase,
  type PgQueryResultHKT,
  type PgSession,
} from 'drizzle-orm/pg-core';
import pg from 'pg';
import { z } from 'zod';
import { keepToBaselineCompiler } from './embedded-compiler.ts';
import * as schema from './schema.ts';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/** Drizzle over a node-postgres pool: the owner's, the tenant role's, a read replica's. */
export function dbOnPool(pool: pg.Pool): Db {
  return drizzlePg(pool, { schema });
}

/** The role tenant transactions run as (migrations 0001 and 0010). */
export const APP_ROLE = 'callboard_app';

export interface Database {
  /** The owner: migrations, seeding, identity, rate limits. Never for tenant data. */
  db: Db;
  /** Where withTenant runs: the callboard_app pool on PostgreSQL; the same handle on PGlite. */
  appDb: Db;
  kind: 'pglite' | 'postgres';
  /**
   * Listens for NOTIFY on a channel until the returned function is called: on PostgreSQL on a
   * connection of its own (LISTEN holds it), reconnecting with back-off when it drops; on PGlite
   * through the embedded client. Resolves once listening.
   */
  listen: (channel: string, handlers: ListenHandlers) => Promise<() => Promise<void>>;
  /**
   * Runs `work` while holding the PostgreSQL advisory lock `key` (session level, on an owner
   * connection kept for the purpose), so that replicas starting together take turns: see
   * STARTUP_LOCK_KEY in db/migrate.ts. The lock goes with the connection if the process dies.
   * On PGlite, one process owns the database: `work` simply runs.
   */
  withLock: <T>(key: bigint, work: () => Promise<T>, onWait?: () => void) => Promise<T>;
  /** How busy the connections are, for the metrics (docs/operations.md, "Metrics"). */
  usage: DatabaseUsage;
  /**
   * PGlite only: a consistent copy of the whole embedded database, as PGlite's gzipped tarball of
   * its data directory, taken while the server runs (docs/operations.md, "Backups and restore").
   * Null on a PostgreSQL server, which pg_dump backs up.
   */
  snapshot: (() => Promise<Blob>) | null;
  close: () => Promise<void>;
}

/**
 * One pool's connections now. On PGlite the "pool" is the one embedded connection: total 1, idle
 * unless a statement or transaction holds it, and waiting the operations queued behind it.
 */
export interface PoolUsage {
  pool: 'owner' | 'tenant' | 'embedded';
  max: number;
  total: number;
  idle: number;
  waiting: number;
}

export interface DatabaseUsage {
  pools: () => PoolUsage[];
  /**
   * Calls `listener` with the seconds each checkout waited for its connection (a pg pool's
   * connect, or PGlite's lock on its one connection) until the returned function is called.
   */
  onAcquire: (listener: (pool: PoolUsage['pool'], seconds: number) => void) => () => void;
}

export interface ListenHandlers {
  onNotification: (payload: string) => void;
  /** Listening again after the connection dropped: notifications in between were lost. */
  onReconnect: () => void;
  /** The connection failed or dropped (it is retried). */
  onError: (error: unknown) => void;
}

/**
 * Waits before each reconnect of a dropped listener; the last repeats, so live updates resume
 * within about 5 s of PostgreSQL's return.
 */
export const LISTEN_RETRY_MS = [500, 1_000, 2_000, 5_000] as const;

/**
 * How long a PostgreSQL server may take before a request gives up on it (config.ts;
 * docs/operations.md, "Database outages").
 */
export interface DatabaseTimeouts {
  /** Opening a connection, or waiting for a free one in a full pool. */
  connectMs: number;
  /**
   * One statement of a request's (tenant) transaction, enforced by PostgreSQL itself; 0: none.
   * The owner pool has none: migrations and the seed run long statements on it.
   */
  statementMs: number;
}

export const DEFAULT_DATABASE_TIMEOUTS: DatabaseTimeouts = {
  connectMs: 5_000,
  statementMs: 30_000,
};

export type DatabaseTarget =
  // appUrl: the callboard_app login; unset: url with that user and no password.
  | {
      kind: 'postgres';
      url: string;
      appUrl?: string | undefined;
      poolSize?: number;
      timeouts?: DatabaseTimeouts;
    }
  // dataDir undefined: in memory (tests).
  | { kind: 'pglite'; dataDir?: string };

/**
 * How withTenant reaches tenant data from the owner handle the services are given: the handle
 * to run on, and whether the transaction must SET LOCAL ROLE itself (PGlite) or already logs in
 * as callboard_app (PostgreSQL).
 */
export interface TenantRoute {
  db: Db;
  setRole: boolean;
}

const tenantRoutes = new WeakMap<Db, TenantRoute>();

/** The tenant route registered for an owner handle by openDatabase. */
export function tenantRouteFor(db: Db): TenantRoute {
  const route = tenantRoutes.get(db);
  if (!route) throw new Error('withTenant needs a database handle made by openDatabase');
  return route;
}

/** The callboard_app login for a server: the owner's URL with that user and no password. */
export function defaultAppUrl(url: string): string {
  const target = new URL(url);
  target.username = APP_ROLE;
  target.password = '';
  return target.toString();
}

function acquireListeners() {
  const listeners = new Set<(pool: PoolUsage['pool'], seconds: number) => void>();
  return {
    emit: (pool: PoolUsage['pool'], startedMs: number) => {
      const seconds = (performance.now() - startedMs) / 1000;
      for (const listener of listeners) listener(pool, seconds);
    },
    onAcquire: (listener: (pool: PoolUsage['pool'], seconds: number) => void) => {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}

type ConnectCallback = (
  error: Error | undefined,
  client: pg.PoolClient | undefined,
  done: (release?: unknown) => void,
) => void;

/**
 * Times every checkout of a pg pool. pool.query checks out through this.connect too, so both
 * plain queries and Drizzle's transactions are counted.
 */
function timeCheckouts(pool: pg.Pool, done: (startedMs: number) => void) {
  const connect = pool.connect.bind(pool) as (callback: ConnectCallback) => void;
  const timed = (callback?: ConnectCallback) => {
    const started = performance.now();
    if (callback) {
      connect((error, client, release) => {
        done(started);
        callback(error, client, release);
      });
      return;
    }
    return new Promise<pg.PoolClient>((resolve, reject) => {
      connect((error, client) => {
        done(started);
        if (error || !client) reject(error ?? new Error('the pool gave no connection'));
        else resolve(client);
      });
    });
  };
  pool.connect = timed as typeof pool.connect;
}

/**
 * The embedded database's settings beyond PGlite's own, as its `-c` start-up options. PGlite keeps
 * the memory of its WebAssembly instance for good once it has been touched, so its peaks are what
 * the process holds (docs/operations.md, "Sizing"):
 * - `shared_buffers`: PostgreSQL's default of 128 MB fills as pages are read and stays filled. The
 *   data files are ordinary files, so the operating system's cache still holds what is read often.
 * - `default_statistics_target`: ANALYZE samples 300 rows per unit. At the default of 100, the
 *   30,000 rows it held of `call_log` (transcripts and all) grew the instance by 83 MB; at 10
 *   it samples 3,000, with which the list and its searches measured as fast on 100,000 calls
 *   (docs/decisions/0037-memory-limits.md).
 */
const EMBEDDED_SETTINGS = [
  '-c',
  'shared_buffers=32MB',
  '-c',
  'default_statistics_target=10',
] as const;

export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  const acquired = acquireListeners();
  if (target.kind === 'postgres') {
    const timeouts = target.timeouts ?? DEFAULT_DATABASE_TIMEOUTS;
    const pool = (
      connectionString: string,
      name: PoolUsage['pool'],
      options: pg.PoolConfig = {},
    ) => {
      const created = new pg.Pool({
        connectionString,
        max: target.poolSize ?? 10,
        application_name: name === 'owner' ? 'callboard' : 'callboard-tenant',
        connectionTimeoutMillis: timeouts.connectMs,
        keepAlive: true,
        ...options,
      });
      // A dropped idle connection must not crash the process; the pool replaces it.
      created.on('error', () => undefined);
      // Nor one that drops while checked out: pg-pool takes its own listener off a connection it
      // hands out, and between two statements of a transaction nothing else listens. The
      // statement that was running, or the next one, fails with the error instead.
      created.on('connect', (client) => {
        client.on('error', () => undefined);
        abandonAfterReadTimeout(client);
      });
      timeCheckouts(created, (started) => acquired.emit(name, started));
      return created;
    };
    const ownerPool = pool(target.url, 'owner');
    // Connects lazily: the role may only log in once the migrations have run.
    const appPool = pool(
      target.appUrl ?? defaultAppUrl(target.url),
      'tenant',
      timeouts.statementMs > 0
        ? {
            statement_timeout: timeouts.statementMs,
            // Only for a server that stopped answering altogether (a host gone without closing
            // its connections): PostgreSQL ends a slow statement itself, well before this.
            query_timeout: timeouts.statementMs + timeouts.connectMs,
          }
        : {},
    );
    const usageOf = (name: PoolUsage['pool'], of: pg.Pool): PoolUsage => ({
      pool: name,
      max: of.options.max,
      total: of.totalCount,
      idle: of.idleCount,
      waiting: of.waitingCount,
    });
    const db = dbOnPool(ownerPool);
    const appDb = dbOnPool(appPool);
    tenantRoutes.set(db, { db: appDb, setRole: false });
    return {
      db,
      appDb,
      kind: 'postgres',
      listen: (channel, handlers) => listenOnServer(target.url, channel, handlers, timeouts),
      withLock: (key, work, onWait) => withAdvisoryLock(ownerPool, key, work, onWait),
      usage: {
        pools: () => [usageOf('owner', ownerPool), usageOf('tenant', appPool)],
        onAcquire: acquired.onAcquire,
      },
      snapshot: null,
      close: async () => {
        await Promise.all([appPool.end(), ownerPool.end()]);
      },
    };
  }
  if (target.dataDir) mkdirSync(target.dataDir, { recursive: true });
  keepToBaselineCompiler();
  // Loaded only when used: the module alone costs a server on PostgreSQL about 45 MB.
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle: drizzlePglite } = await import('drizzle-orm/pglite');
  const client = await PGlite.create(target.dataDir, {
    startParams: [...PGlite.defaultStartParams, ...EMBEDDED_SETTINGS],
  });
  // Every query, exec and transaction of PGlite's takes this lock on its one connection first
  // (its published, underscored API): the time to take it is the wait for a connection.
  let waiting = 0;
  let busy = false;
  const runExclusive = client._runExclusiveTransaction.bind(client);
  client._runExclusiveTransaction = <T>(work: () => Promise<T>) => {
    const started = performance.now();
    waiting += 1;
    return runExclusive(async () => {
      waiting -= 1;
      busy = true;
      acquired.emit('embedded', started);
      try {
        return await work();
      } finally {
        busy = false;
      }
    });
  };
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  tenantRoutes.set(db, { db, setRole: true });
  return {
    db,
    appDb: db,
    kind: 'pglite',
    usage: {
      pools: () => [{ pool: 'embedded', max: 1, total: 1, idle: busy ? 0 : 1, waiting }],
      onAcquire: acquired.onAcquire,
    },
    snapshot: async () => {
      // A checkpoint first, so that opening the copy has little WAL to replay. Then the copy,
      // holding the lock that every statement and transaction takes: no transaction is half done
      // in it, and nothing writes while the files are read.
      await client.exec('checkpoint');
      return client._runExclusiveTransaction(() => client.dumpDataDir('gzip'));
    },
    listen: async (channel, handlers) => {
      const unlisten = await client.listen(channel, handlers.onNotification);
      return async () => {
        if (!client.closed) await unlisten();
      };
    },
    withLock: (_key, work) => work(),
    close: () => client.close(),
  };
}

async function withAdvisoryLock<T>(
  pool: pg.Pool,
  key: bigint,
  work: () => Promise<T>,
  onWait?: () => void,
): Promise<T> {
  const client = await pool.connect();
  const id = key.toString();
  let reusable = false;
  try {
    const { rows } = await client.query<{ locked: boolean }>(
      'select pg_try_advisory_lock($1) as locked',
      [id],
    );
    if (!rows[0]?.locked) {
      onWait?.();
      await client.query('select pg_advisory_lock($1)', [id]);
    }
    try {
      return await work();
    } finally {
      // A connection that cannot unlock has died, and its lock with it: it is not handed back.
      await client.query('select pg_advisory_unlock($1)', [id]).then(
        () => (reusable = true),
        () => undefined,
      );
    }
  } finally {
    client.release(!reusable);
  }
}

/**
 * LISTEN on a dedicated connection as the owner (not from a pool: a pooled connection would be
 * handed to other work, and LISTEN belongs to a session). A dropped connection is replaced after
 * LISTEN_RETRY_MS, and onReconnect says so once it listens again.
 */
async function listenOnServer(
  url: string,
  channel: string,
  handlers: ListenHandlers,
  timeouts: DatabaseTimeouts,
): Promise<() => Promise<void>> {
  let current: pg.Client | null = null;
  let stopped = false;
  let failures = 0;
  let retry: NodeJS.Timeout | null = null;

  const dropped = (client: pg.Client) => {
    if (client !== current || stopped) return;
    current = null;
    client.end().catch(() => undefined);
    schedule();
  };

  async function connect(): Promise<void> {
    const client = new pg.Client({
      connectionString: url,
      application_name: 'callboard-listen',
      keepAlive: true,
      connectionTimeoutMillis: timeouts.connectMs,
    });
    client.on('notification', (message) => {
      if (message.channel === channel && message.payload !== undefined) {
        handlers.onNotification(message.payload);
      }
    });
    client.on('error', (error) => {
      handlers.onError(error);
      dropped(client);
    });
    client.on('end', () => dropped(client));
    try {
      await client.connect();
      await client.query(`listen "${channel.replaceAll('"', '""')}"`);
    } catch (error) {
      client.end().catch(() => undefined);
      throw error;
    }
    if (stopped) {
      await client.end();
      return;
    }
    current = client;
  }

  function schedule() {
    const delay = LISTEN_RETRY_MS[Math.min(failures, LISTEN_RETRY_MS.length - 1)];
    failures += 1;
    retry = setTimeout(() => {
      retry = null;
      connect().then(
        () => {
          if (stopped) return;
          failures = 0;
          handlers.onReconnect();
        },
        (error: unknown) => {
          handlers.onError(error);
          if (!stopped) schedule();
        },
      );
    }, delay);
  }

  await connect();
  return async () => {
    stopped = true;
    if (retry) clearTimeout(retry);
    const client = current;
    current = null;
    await client?.end();
  };
}

type QueryMethod = (...args: unknown[]) => unknown;

/**
 * When a query outlives the pool's query_timeout, node-postgres stops waiting but keeps the
 * statement as the connection's running one: the ROLLBACK that follows would queue behind it
 * (for another timeout) and the pool would hand the stuck connection out again. Destroying the
 * socket fails both at once, and the pool drops the connection when it comes back.
 */
function abandonAfterReadTimeout(client: pg.PoolClient): void {
  const query = client.query.bind(client) as QueryMethod;
  const guarded: QueryMethod = (...args) => {
    const result = query(...args);
    if (result instanceof Promise) {
      result.catch((error: unknown) => {
        if (error instanceof Error && error.message === 'Query read timeout') {
          client.connection.stream.destroy();
        }
      });
    }
    return result;
  };
  Object.assign(client, { query: guarded });
}

/** The tenant pool cannot be used: the message says what to set. */
export class TenantConnectionError extends Error {}

/**
 * Checks, after the migrations, that the tenant pool logs in as callboard_app (or a role that
 * inherits it) and as nothing more: no superuser, no BYPASSRLS. Throws a TenantConnectionError
 * with one line saying what to set otherwise. Nothing to check on PGlite.
 */
export async function checkTenantConnection(database: Database): Promise<void> {
  if (database.kind !== 'postgres') return;
  let row: { login: string; app: boolean; privileged: boolean } | undefined;
  try {
    [row] = await queryRows<{ login: string; app: boolean; privileged: boolean }>(
      database.appDb,
      sql`select current_user as login, pg_has_role(current_user, ${APP_ROLE}::name, 'USAGE') as app,
                 r.rolsuper or r.rolbypassrls as privileged
          from pg_roles r where r.rolname = current_user`,
    );
  } catch (error) {
    // Drizzle wraps the driver's error; its cause says why (e.g. no such role, bad password).
    const cause: unknown = (error as { cause?: unknown }).cause ?? error;
    const reason = (cause instanceof Error ? cause.message : String(cause)).replace(/\s+/gu, ' ');
    throw new TenantConnectionError(
      `Cannot open the tenant connection to PostgreSQL (${reason}): set DATABASE_APP_URL to a URL that logs in as ${APP_ROLE}, e.g. postgres://${APP_ROLE}:PASSWORD@host:5432/database (README, "Running against a PostgreSQL server").`,
    );
  }
  if (!row?.app || row.privileged) {
    throw new TenantConnectionError(
      `The tenant connection logs in as ${row?.login ?? 'an unknown role'}, which ${row?.privileged ? 'is a superuser or has BYPASSRLS' : `is not ${APP_ROLE}`}: set DATABASE_APP_URL to a URL that logs in as ${APP_ROLE}.`,
    );
  }
}

export function databaseTarget(config: {
  DATABASE_URL?: string | undefined;
  DATABASE_APP_URL?: string | undefined;
  DATA_DIR: string;
  DATABASE_CONNECT_TIMEOUT_MS?: number;
  DATABASE_STATEMENT_TIMEOUT_MS?: number;
}) {
  return config.DATABASE_URL
    ? ({
        kind: 'postgres',
        url: config.DATABASE_URL,
        appUrl: config.DATABASE_APP_URL,
        timeouts: {
          connectMs: config.DATABASE_CONNECT_TIMEOUT_MS ?? DEFAULT_DATABASE_TIMEOUTS.connectMs,
          statementMs:
            config.DATABASE_STATEMENT_TIMEOUT_MS ?? DEFAULT_DATABASE_TIMEOUTS.statementMs,
        },
      } as const)
    : ({ kind: 'pglite', dataDir: `${config.DATA_DIR}/pglite` } as const);
}

/**
 * Runs raw SQL and returns its rows. Both drivers return `{ rows }`; Drizzle's shared type does
 * not say so. Note that PGlite returns count(*) as a number where pg returns a string.
 */
export async function queryRows<T>(
  db: QueryRunner,
  query: SQL,
  options: QueryOptions = {},
): Promise<T[]> {
  const session = db._?.session;
  if (options.prepared && session) {
    const built = preparedDialect.sqlToQuery(query);
    // A name unique to the text, which is all a named statement may not vary by.
    const name = `cb_${createHash('sha256').update(built.sql).digest('base64url').slice(0, 24)}`;
    const prepared = session.prepareQuery<{
      execute: { rows: T[] };
      all: unknown;
      values: unknown;
    }>(built, undefined, name, false);
    return (await prepared.execute()).rows;
  }
  const result: unknown = await db.execute(query);
  return (result as { rows: T[] }).rows;
}

/** A database handle or transaction; the session (Drizzle's own) runs named statements. */
export type QueryRunner = Pick<Db, 'execute'> & {
  readonly _?: { readonly session: Pick<PgSession, 'prepareQuery'> };
};

export interface QueryOptions {
  /**
   * Run it as a named prepared statement: on PostgreSQL it is parsed once per connection, and
   * planned as plan_cache_mode says (by default, with each run's values until PostgreSQL finds a
   * generic plan no dearer). For the statements of a hot path whose parsing is a measurable share
   * of their cost (docs/analytics.md, "Planning"). PGlite runs it as any other statement.
   */
  prepared?: boolean;
}

/** Renders SQL as db.execute does; the handles set no options (such as casing) it would miss. */
const preparedDialect = new PgDialect();

/** A text[] of `values`, as one parameter whatever their number (a JSON array unpacked). */
export const textArray = (values: readonly string[]): SQL =>
  sql`array(select jsonb_array_elements_text(${JSON.stringify(values)}::jsonb))`;

/**
 * A number the drivers return in two forms: count(*) and other bigint and numeric results are
 * strings from pg and numbers from PGlite.
 */
export const sqlNumber = z.union([z.number(), z.string()]).transform(Number);
export const sqlNumberOrNull = z
  .union([z.number(), z.string(), z.null()])
  .transform((value) => (value === null ? null : Number(value)));

/**
 * A timestamp from raw SQL as the API writes it: the drivers give a Date, which becomes ISO 8601;
 * a string is passed on as it is.
 */
export function isoTimestamp(value: Date | string): string;
export function isoTimestamp(value: Date | string | null): string | null;
export function isoTimestamp(value: Date | string | null): string | null {
  return value instanceof Date ? value.toISOString() : value;
}

/**
 * The array schema of each row schema, made once: building a zod schema, and compiling its
 * parser on first use, cost more than parsing a few rows with it (docs/analytics.md, "Cost").
 */
const rowArrays = new WeakMap<z.ZodType, z.ZodArray<z.ZodType>>();

/** Runs raw SQL and checks each row against `row`: a renamed or retyped column fails loudly. */
export async function parseRows<Row extends z.ZodType>(
  db: QueryRunner,
  row: Row,
  query: SQL,
  options?: QueryOptions,
): Promise<z.output<Row>[]> {
  let rows = rowArrays.get(row) as z.ZodArray<Row> | undefined;
  if (!rows) {
    rows = z.array(row);
    rowArrays.set(row, rows);
  }
  return rows.parse(await queryRows<unknown>(db, query, options));
}

/** parseRows for a query that returns exactly one row, such as an aggregate without GROUP BY. */
export async function parseRow<Row extends z.ZodType>(
  db: QueryRunner,
  row: Row,
  query: SQL,
  options?: QueryOptions,
): Promise<z.output<Row>> {
  const rows = await parseRows(db, row, query, options);
  const [only] = rows;
  if (rows.length !== 1 || only === undefined) {
    throw new Error(`expected one row, got ${String(rows.length)}`);
  }
  return only;
}
