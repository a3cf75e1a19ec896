// A PostgreSQL streaming replica that takes reads off the primary (docs/operations.md, "Read
// replica"; docs/decisions/0024-read-replica-and-read-your-writes.md).
//
// withTenantRead (db/tenant.ts) asks choose() where a read may run. The replica is used only while
// the last check found it usable — reachable, a standby of this primary, logged in as
// callboard_app, and no more than DATABASE_READ_MAX_LAG_MS behind — and only once it has replayed
// the caller's own last write (the WAL position the API keeps in a cookie, http/read-consistency.ts).
// Everything else, and every read that fails there for the replica's sake, runs on the primary.
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Logger } from 'pino';
import { z } from 'zod';
import { APP_ROLE, dbOnPool, parseRow, type Database, type Db } from './client.ts';

/** A position in the write-ahead log (pg_lsn), in bytes. */
export type Lsn = bigint;

/** pg_lsn's text form, e.g. 16/B374D848; null for anything else. */
export function parseLsn(text: string | null | undefined): Lsn | null {
  const match = /^([0-9A-F]{1,8})\/([0-9A-F]{1,8})$/iu.exec(text ?? '');
  if (!match?.[1] || !match[2]) return null;
  return (BigInt(`0x${match[1]}`) << 32n) | BigInt(`0x${match[2]}`);
}

export function formatLsn(lsn: Lsn): string {
  const high = (lsn >> 32n).toString(16).toUpperCase();
  const low = (lsn & 0xffffffffn).toString(16).toUpperCase();
  return `${high}/${low}`;
}

/** The replica's address with the tenant login's user and password (or callboard_app, none). */
export function replicaAppUrl(readUrl: string, appUrl: string | undefined): string {
  const target = new URL(readUrl);
  const login = appUrl ? new URL(appUrl) : null;
  target.username = login?.username || APP_ROLE;
  target.password = login?.password ?? '';
  return target.toString();
}

export interface ReplicaStatus {
  /** Reads may go there now. */
  usable: boolean;
  /** How far its data is behind the primary's, in seconds, at the last check; null when unknown. */
  lagSeconds: number | null;
  /** Bytes of WAL the primary had written and the replica had not replayed, at the last check. */
  lagBytes: number | null;
  /** Why reads do not go there; null while they do. */
  reason: string | null;
}

export interface ReadReplica {
  /** The replica, logged in as callboard_app. */
  appDb: Db;
  maxLagMs: number;
  /**
   * Where a read whose caller last wrote at `after` may run: the replica's handle, or null for the
   * primary. Checks the replica's replay position live only when the last check had not passed it.
   */
  choose: (after: Lsn | null) => Promise<Db | null>;
  /** A read there failed; if the replica itself is the cause, reads leave it until a check passes. */
  failed: (error: unknown) => void;
  /** The primary's WAL position now: every committed write is at or before it. */
  primaryLsn: () => Promise<Lsn>;
  status: () => ReplicaStatus;
  /** Checks once, then every intervalMs; resolves after the first check. */
  start: () => Promise<void>;
  /** Stops checking and closes the replica's pool. */
  stop: () => Promise<void>;
}

export interface ReadReplicaOptions {
  /** The primary: its owner handle is where positions are read. */
  database: Database;
  /** The replica, as the tenant login (replicaAppUrl). */
  url: string;
  maxLagMs: number;
  logger: Logger;
  /** How often the replica is checked; 1 s. */
  intervalMs?: number;
  poolSize?: number;
}

const replicas = new WeakMap<Db, ReadReplica>();
/** The replica this process last started, for replicaLagSeconds(). */
let started: ReadReplica | null = null;

/** The replica registered for a primary's owner handle, if DATABASE_READ_URL is set. */
export function readReplicaFor(db: Db): ReadReplica | undefined {
  return replicas.get(db);
}

/**
 * How far the read replica is behind the primary, in seconds, at its last check (at most a check
 * interval ago); null when no replica is configured, it is not running, or it cannot be measured
 * (unreachable, not a standby). For the gauge callboard_db_replica_lag_seconds
 * (docs/operations.md, "Read replica").
 */
export function replicaLagSeconds(): number | null {
  return started?.status().lagSeconds ?? null;
}

const probeRow = z.object({
  standby: z.boolean(),
  replayed: z.string().nullable(),
  since_last_replay: z.number().nullable(),
  system_identifier: z.string(),
  login: z.string(),
  app: z.boolean(),
  privileged: z.boolean(),
});

/** SQLSTATE classes that mean the server, not the query: connection, resources, shutdown, system. */
const UNAVAILABLE_CLASSES = new Set(['08', '53', '57', '58']);

/**
 * Whether a failed read says the replica is unavailable: no SQLSTATE (refused, reset, timed out,
 * terminated) or one of the classes above. A query error (a conflict with recovery, bad input)
 * sends that one read to the primary, not every read.
 */
export function isReplicaUnavailable(error: unknown): boolean {
  for (let cause: unknown = error; cause instanceof Error; cause = cause.cause) {
    const code = (cause as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/u.test(code)) {
      return UNAVAILABLE_CLASSES.has(code.slice(0, 2));
    }
  }
  return true;
}

function messageOf(error: unknown): string {
  let deepest: unknown = error;
  while (deepest instanceof Error && deepest.cause instanceof Error) deepest = deepest.cause;
  return (deepest instanceof Error ? deepest.message : String(deepest)).replace(/\s+/gu, ' ');
}

interface Sample {
  at: number;
  lsn: Lsn;
}

/** Opens the replica's pool and registers it for the primary's handle; nothing connects yet. */
export function createReadReplica(options: ReadReplicaOptions): ReadReplica {
  const { database, maxLagMs, logger } = options;
  const intervalMs = options.intervalMs ?? 1_000;
  const pool = new pg.Pool({
    connectionString: options.url,
    max: options.poolSize ?? 10,
    application_name: 'callboard-read',
    // A replica that does not answer must not hold a read for long: it falls back to the primary.
    connectionTimeoutMillis: 2_000,
    keepAlive: true,
  });
  pool.on('error', () => undefined);
  const appDb = dbOnPool(pool);

  // The primary's position at each check, oldest first, over a window longer than the allowed lag.
  const samples: Sample[] = [];
  const windowMs = Math.max(maxLagMs + 3 * intervalMs, 10_000);
  let primarySystem: string | null = null;
  let replayed: Lsn | null = null;
  let status: ReplicaStatus = {
    usable: false,
    lagSeconds: null,
    lagBytes: null,
    reason: 'not checked yet',
  };
  // A read's failure wins over a check that began before it.
  let failedAt = -Infinity;
  let timer: NodeJS.Timeout | null = null;
  let checking: Promise<void> | null = null;
  let stopped = false;

  function update(next: ReplicaStatus) {
    if (next.usable && !status.usable) {
      logger.info({ lagSeconds: next.lagSeconds }, 'read replica in use');
    } else if (!next.usable && (status.usable || next.reason !== status.reason)) {
      logger.warn({ reason: next.reason }, 'read replica not in use: reads go to the primary');
    }
    status = next;
  }

  async function primaryLsn(): Promise<Lsn> {
    const row = await parseRow(
      database.db,
      z.object({ lsn: z.string() }),
      sql`select pg_current_wal_lsn()::text as lsn`,
    );
    const lsn = parseLsn(row.lsn);
    if (lsn === null) throw new Error(`unexpected WAL position ${row.lsn}`);
    return lsn;
  }

  /**
   * How stale the replica's data is, in seconds. The primary's positions at past checks bound it:
   * the replica has everything the primary had at the last sample it has passed (so it is at most
   * that old) and lacks something the primary had at the next one (so it is at least that old).
   * The age of the last transaction it replayed (on two servers' clocks) narrows that interval.
   */
  function lagOf(position: Lsn, at: number, sinceLastReplay: number | null): number | null {
    const latest = samples.at(-1);
    if (!latest) return sinceLastReplay === null ? null : Math.max(0, sinceLastReplay);
    if (position >= latest.lsn) return 0;
    const passed = samples.findLast((sample) => sample.lsn <= position);
    const missing = samples.find((sample) => sample.lsn > position) ?? latest;
    const atLeast = (at - missing.at) / 1000;
    const atMost = passed ? (at - passed.at) / 1000 : Infinity;
    if (sinceLastReplay === null && atMost === Infinity) {
      // Behind every position in the window: at least that far; unknown before a second check.
      return samples.length > 1 ? atLeast : null;
    }
    return Math.min(Math.max(sinceLastReplay ?? atMost, atLeast), atMost);
  }

  async function check(): Promise<void> {
    const began = performance.now();
    try {
      const lsn = await primaryLsn();
      samples.push({ at: performance.now(), lsn });
      while (samples.length > 1 && (samples[1]?.at ?? 0) < performance.now() - windowMs) {
        samples.shift();
      }
      primarySystem ??= (
        await parseRow(
          database.db,
          z.object({ id: z.string() }),
          sql`select system_identifier::text as id from pg_control_system()`,
        )
      ).id;
    } catch {
      // The primary's own trouble is reported elsewhere; the replica is judged on what is known.
    }
    let row: z.output<typeof probeRow>;
    try {
      row = await parseRow(
        appDb,
        probeRow,
        sql`select pg_is_in_recovery() as standby,
                   pg_last_wal_replay_lsn()::text as replayed,
                   extract(epoch from now() - pg_last_xact_replay_timestamp())::float8 as since_last_replay,
                   (select system_identifier::text from pg_control_system()) as system_identifier,
                   current_user as login,
                   pg_has_role(current_user, ${APP_ROLE}::name, 'USAGE') as app,
                   (select r.rolsuper or r.rolbypassrls from pg_roles r where r.rolname = current_user) as privileged`,
      );
    } catch (error) {
      update({ usable: false, lagSeconds: null, lagBytes: null, reason: messageOf(error) });
      return;
    }
    const at = performance.now();
    const position = parseLsn(row.replayed);
    const refuse = (reason: string) =>
      update({ usable: false, lagSeconds: null, lagBytes: null, reason });
    if (!row.standby) return refuse('it is not a standby (pg_is_in_recovery() is false)');
    if (primarySystem && row.system_identifier !== primarySystem) {
      return refuse('it replicates another PostgreSQL cluster than DATABASE_URL');
    }
    if (!row.app || row.privileged) {
      return refuse(
        `it logs in as ${row.login}, which ${row.privileged ? 'is a superuser or has BYPASSRLS' : `is not ${APP_ROLE}`}`,
      );
    }
    if (position === null) return refuse('it has replayed nothing yet');
    replayed = replayed === null || position > replayed ? position : replayed;
    const lagSeconds = lagOf(position, at, row.since_last_replay);
    const latest = samples.at(-1);
    const lagBytes = latest && latest.lsn > position ? Number(latest.lsn - position) : 0;
    if (began < failedAt) return;
    if (lagSeconds === null) return refuse('its lag cannot be measured');
    update({
      usable: lagSeconds * 1000 <= maxLagMs,
      lagSeconds,
      lagBytes,
      reason:
        lagSeconds * 1000 <= maxLagMs
          ? null
          : `it is more than DATABASE_READ_MAX_LAG_MS (${maxLagMs} ms) behind`,
    });
  }

  function schedule() {
    if (stopped) return;
    timer = setTimeout(() => {
      timer = null;
      checking = check().finally(() => {
        checking = null;
        schedule();
      });
    }, intervalMs);
  }

  const replica: ReadReplica = {
    appDb,
    maxLagMs,
    primaryLsn,
    status: () => status,
    choose: async (after) => {
      if (!status.usable) return null;
      if (after === null || (replayed !== null && replayed >= after)) return appDb;
      try {
        const row = await parseRow(
          appDb,
          z.object({ replayed: z.string().nullable() }),
          sql`select pg_last_wal_replay_lsn()::text as replayed`,
        );
        const position = parseLsn(row.replayed);
        if (position !== null && (replayed === null || position > replayed)) replayed = position;
      } catch (error) {
        replica.failed(error);
        return null;
      }
      return replayed !== null && replayed >= after ? appDb : null;
    },
    failed: (error) => {
      if (!isReplicaUnavailable(error)) return;
      failedAt = performance.now();
      if (status.usable) {
        const reason = `a read failed: ${messageOf(error)}`;
        update({ usable: false, lagSeconds: null, lagBytes: null, reason });
      }
    },
    start: async () => {
      stopped = false;
      started = replica;
      checking = check().finally(() => {
        checking = null;
      });
      await checking;
      schedule();
    },
    stop: async () => {
      stopped = true;
      if (started === replica) started = null;
      if (timer) clearTimeout(timer);
      await checking;
      await pool.end();
    },
  };
  replicas.set(database.db, replica);
  return replica;
}
