// Fixed-window counters kept in PostgreSQL, so every replica of the API shares them. Used for
// better-auth's per-address rules and for our sign-in failure rules (modules/auth/sign-in-throttle.ts).
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../db/client.ts';

export interface RateRule {
  /** Seconds. */
  window: number;
  max: number;
}

export interface RateDecision {
  allowed: boolean;
  /** Seconds until the window frees up, when not allowed. */
  retryAfter: number | null;
}

interface CounterRow {
  count: number | string;
  retry_after: number | string;
}

function decide(row: CounterRow | undefined, max: number): RateDecision {
  if (!row) return { allowed: true, retryAfter: null };
  const count = Number(row.count);
  return count <= max
    ? { allowed: true, retryAfter: null }
    : { allowed: false, retryAfter: Math.max(1, Math.ceil(Number(row.retry_after))) };
}

/** Counts one event against key and says whether it is within the rule (atomic). */
export async function consumeRate(db: Db, key: string, rule: RateRule): Promise<RateDecision> {
  const [row] = await queryRows<CounterRow>(
    db,
    sql`
    insert into rate_limits as r (key, count, window_start) values (${key}, 1, now())
    on conflict (key) do update set
      count = case when r.window_start <= now() - make_interval(secs => ${rule.window}) then 1
                   else r.count + 1 end,
      window_start = case when r.window_start <= now() - make_interval(secs => ${rule.window})
                          then now() else r.window_start end
    returning count,
      extract(epoch from (window_start + make_interval(secs => ${rule.window}) - now())) as retry_after`,
  );
  return decide(row, rule.max);
}

/** Whether one more event would still be within the rule, without counting it. */
export async function peekRate(db: Db, key: string, rule: RateRule): Promise<RateDecision> {
  const [row] = await queryRows<CounterRow>(
    db,
    sql`
    select count + 1 as count,
      extract(epoch from (window_start + make_interval(secs => ${rule.window}) - now())) as retry_after
    from rate_limits
    where key = ${key} and window_start > now() - make_interval(secs => ${rule.window})`,
  );
  return decide(row, rule.max);
}

/**
 * Gives back one event counted by consumeRate (one that turned out not to count, e.g. a request
 * refused before it did anything). Only within the current window; never below zero.
 */
export async function refundRate(db: Db, key: string, rule: RateRule): Promise<void> {
  await db.execute(sql`
    update rate_limits set count = count - 1
    where key = ${key} and count > 0
      and window_start > now() - make_interval(secs => ${rule.window})`);
}

export async function clearRate(db: Db, key: string): Promise<void> {
  await db.execute(sql`delete from rate_limits where key = ${key}`);
}

/** Drops every counter whose key starts with prefix (taken literally: no wildcards). */
export async function clearRatesWithPrefix(db: Db, prefix: string): Promise<void> {
  await db.execute(sql`delete from rate_limits where starts_with(key, ${prefix})`);
}

/** Drops counters whose window ended more than a day ago. */
export async function pruneRates(db: Db): Promise<void> {
  await db.execute(sql`delete from rate_limits where window_start < now() - interval '1 day'`);
}
