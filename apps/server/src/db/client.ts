// The database handles: embedded PGlite in DATA_DIR when DATABASE_URL is unset, else pg pools.
// Both speak PostgreSQL; the rest of the server sees one Drizzle type and never asks which.
//
// On a PostgreSQL server there are two pools. The owner pool (DATABASE_URL) runs migrations,
// seeding, better-auth's identity queries and rate-limit counters. The tenant pool logs in as
// callboard_app, an unprivileged role bound by row-level security, and carries every withTenant
// and withPlatform transaction: with nothing more privileged behind the login, RESET ROLE has
// nowhere to go (docs/decisions/0008-least-privilege-database-roles.md). PGlite is one
// in-process connection as a superuser, so there tenant transactions SET LOCAL ROLE instead.
import { mkdirSync } from 'node:fs';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { sql, type SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { z } from 'zod';
import * as schema from './schema.ts';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

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
  close: () => Promise<void>;
}

export interface ListenHandlers {
  onNotification: (payload: string) => void;
  /** Listening again after the connection dropped: notifications in between were lost. */
  onReconnect: () => void;
  /** The connection failed or dropped (it is retried). */
  onError: (error: unknown) => void;
}

/** Waits before each reconnect of a dropped listener; the last repeats. */
export const LISTEN_RETRY_MS = [1_000, 2_000, 5_000, 10_000] as const;

export type DatabaseTarget =
  // appUrl: the callboard_app login; unset: url with that user and no password.
  | { kind: 'postgres'; url: string; appUrl?: string | undefined; poolSize?: number }
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

export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  if (target.kind === 'postgres') {
    const pool = (connectionString: string, name: string) => {
      const created = new pg.Pool({
        connectionString,
        max: target.poolSize ?? 10,
        application_name: name,
      });
      // A dropped idle connection must not crash the process; the pool replaces it.
      created.on('error', () => undefined);
      return created;
    };
    const ownerPool = pool(target.url, 'callboard');
    // Connects lazily: the role may only log in once the migrations have run.
    const appPool = pool(target.appUrl ?? defaultAppUrl(target.url), 'callboard-tenant');
    const db = drizzlePg(ownerPool, { schema }) as unknown as Db;
    const appDb = drizzlePg(appPool, { schema }) as unknown as Db;
    tenantRoutes.set(db, { db: appDb, setRole: false });
    return {
      db,
      appDb,
      kind: 'postgres',
      listen: (channel, handlers) => listenOnServer(target.url, channel, handlers),
      close: async () => {
        await Promise.all([appPool.end(), ownerPool.end()]);
      },
    };
  }
  if (target.dataDir) mkdirSync(target.dataDir, { recursive: true });
  // Loaded only when used: the module alone costs a server on PostgreSQL about 45 MB.
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle: drizzlePglite } = await import('drizzle-orm/pglite');
  const client = await PGlite.create(target.dataDir);
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  tenantRoutes.set(db, { db, setRole: true });
  return {
    db,
    appDb: db,
    kind: 'pglite',
    listen: async (channel, handlers) => {
      const unlisten = await client.listen(channel, handlers.onNotification);
      return async () => {
        if (!client.closed) await unlisten();
      };
    },
    close: () => client.close(),
  };
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
}) {
  return config.DATABASE_URL
    ? ({ kind: 'postgres', url: config.DATABASE_URL, appUrl: config.DATABASE_APP_URL } as const)
    : ({ kind: 'pglite', dataDir: `${config.DATA_DIR}/pglite` } as const);
}

/**
 * Runs raw SQL and returns its rows. Both drivers return `{ rows }`; Drizzle's shared type does
 * not say so. Note that PGlite returns count(*) as a number where pg returns a string.
 */
export async function queryRows<T>(db: Pick<Db, 'execute'>, query: SQL): Promise<T[]> {
  const result: unknown = await db.execute(query);
  return (result as { rows: T[] }).rows;
}

/**
 * A number the drivers return in two forms: count(*) and other bigint and numeric results are
 * strings from pg and numbers from PGlite.
 */
export const sqlNumber = z.union([z.number(), z.string()]).transform(Number);
export const sqlNumberOrNull = z
  .union([z.number(), z.string(), z.null()])
  .transform((value) => (value === null ? null : Number(value)));

/** Runs raw SQL and checks each row against `row`: a renamed or retyped column fails loudly. */
export async function parseRows<Row extends z.ZodType>(
  db: Pick<Db, 'execute'>,
  row: Row,
  query: SQL,
): Promise<z.output<Row>[]> {
  return z.array(row).parse(await queryRows<unknown>(db, query));
}

/** parseRows for a query that returns exactly one row, such as an aggregate without GROUP BY. */
export async function parseRow<Row extends z.ZodType>(
  db: Pick<Db, 'execute'>,
  row: Row,
  query: SQL,
): Promise<z.output<Row>> {
  const rows = await parseRows(db, row, query);
  const [only] = rows;
  if (rows.length !== 1 || only === undefined) {
    throw new Error(`expected one row, got ${String(rows.length)}`);
  }
  return only;
}
