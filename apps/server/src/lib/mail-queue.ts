// Mail leaves through an outbox (docs/decisions/0010-mail-outbox.md). A service writes the message
// into mail_outbox inside the transaction that causes it (`enqueueMail`), and asks for delivery
// once that transaction has committed (`deliverSoon`). So a rolled-back transaction sends nothing,
// and a slow or failing mail server holds no transaction open and fails no request: the message
// waits in the table and is retried with growing delays. Any replica may deliver; a claim leases
// the rows it takes, so two replicas do not send the same message at once, and each result is
// written only while its claim still holds. Sent and abandoned rows are deleted after 30 days.
import { and, asc, eq, isNull, lte, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import { z } from 'zod';
import { parseRow, sqlNumber, type Db } from '../db/client.ts';
import { mailOutbox } from '../db/schema.ts';
import type { Tx } from '../db/tenant.ts';
import type { Mailer, MailMessage } from './mailer.ts';

/** Minutes to wait after the 1st, 2nd, … failed attempt; after the last, the message is dropped. */
export const MAIL_RETRY_DELAYS_MINUTES = [1, 5, 15, 60, 240] as const;
/**
 * How long a claimed message is left to its sender before another pass may take it again: longer
 * than a batch takes when every send runs into the mailer's timeouts (`lib/mailer.ts`).
 */
const LEASE_SECONDS = 300;
/** Messages claimed at once, and sent one after another. */
const BATCH = 5;
/** Sent and abandoned messages are kept this long (recipient and subject only), then deleted. */
const KEEP_DAYS = 30;
const PRUNE_INTERVAL_MS = 60 * 60_000;
/** How often each server looks for messages that are due again. */
const SWEEP_INTERVAL_MS = 30_000;

/** Writes a message into the outbox, in the caller's transaction: nothing leaves until it commits. */
export async function enqueueMail(tx: Pick<Tx, 'execute'>, message: MailMessage): Promise<void> {
  // Only the columns callboard_app may write (a Drizzle insert would name every column).
  await tx.execute(sql`
    insert into mail_outbox (recipient, subject, body_text, body_html)
    values (${message.to}, ${message.subject}, ${message.text}, ${message.html ?? null})`);
}

/**
 * Messages not yet sent nor given up, and the age of the oldest, for the metrics
 * (docs/operations.md, "Metrics"). The partial index on pending messages answers it.
 */
export async function outboxBacklog(
  db: Pick<Db, 'execute'>,
): Promise<{ pending: number; oldestAgeSeconds: number }> {
  const row = await parseRow(
    db,
    z.object({ pending: sqlNumber, oldest_age_seconds: sqlNumber }),
    sql`select count(*) as pending,
               coalesce(extract(epoch from now() - min(created_at)), 0) as oldest_age_seconds
        from mail_outbox
        where sent_at is null and failed_at is null`,
  );
  return { pending: row.pending, oldestAgeSeconds: row.oldest_age_seconds };
}

export interface MailQueue {
  /** Writes a message for delivery after the caller's transaction commits. */
  enqueue: (tx: Pick<Tx, 'execute'>, message: MailMessage) => Promise<void>;
  /** Starts a delivery pass in the background (call after the transaction commits). */
  deliverSoon: () => void;
  /** Delivers every message that is due now; resolves when no pass is running. Never rejects. */
  deliverDue: () => Promise<void>;
  /** Looks for due messages every 30 s until `stop`. */
  start: () => void;
  /** Stops the sweep and waits for a running pass to end. */
  stop: () => Promise<void>;
}

interface Claimed {
  id: string;
  recipient: string;
  subject: string;
  body_text: string;
  body_html: string | null;
  attempts: number;
}

export function createMailQueue(deps: { db: Db; mailer: Mailer; logger: Logger }): MailQueue {
  const { db, mailer, logger } = deps;
  let running: Promise<void> | null = null;
  /** Delivery requests so far; a pass that ends behind the count runs again. */
  let requests = 0;
  let timer: NodeJS.Timeout | null = null;
  let prunedAt = Number.NEGATIVE_INFINITY;

  /** Takes up to BATCH due messages and pushes them ahead by the lease, in one statement. */
  async function claim(): Promise<Claimed[]> {
    const due = db
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(
        and(
          isNull(mailOutbox.sent_at),
          isNull(mailOutbox.failed_at),
          lte(mailOutbox.next_attempt_at, sql`now()`),
        ),
      )
      .orderBy(asc(mailOutbox.next_attempt_at))
      .limit(BATCH)
      .for('update', { skipLocked: true });
    return db
      .update(mailOutbox)
      .set({
        attempts: sql`${mailOutbox.attempts} + 1`,
        next_attempt_at: sql`now() + make_interval(secs => ${LEASE_SECONDS})`,
      })
      .where(sql`${mailOutbox.id} in (${due})`)
      .returning({
        id: mailOutbox.id,
        recipient: mailOutbox.recipient,
        subject: mailOutbox.subject,
        body_text: mailOutbox.body_text,
        body_html: mailOutbox.body_html,
        attempts: mailOutbox.attempts,
      });
  }

  /** The row as this claim left it: untouched by a later claim, sent or given up meanwhile. */
  const stillClaimed = (message: Claimed) =>
    and(
      eq(mailOutbox.id, message.id),
      eq(mailOutbox.attempts, message.attempts),
      isNull(mailOutbox.sent_at),
      isNull(mailOutbox.failed_at),
    );

  async function deliver(message: Claimed): Promise<void> {
    try {
      await mailer.send({
        to: message.recipient,
        subject: message.subject,
        text: message.body_text,
        ...(message.body_html === null ? {} : { html: message.body_html }),
      });
    } catch (error) {
      const delay = MAIL_RETRY_DELAYS_MINUTES[message.attempts - 1];
      const reason = error instanceof Error ? error.message : String(error);
      // The recipient and subject only: the text holds a live link.
      logger.warn(
        { to: message.recipient, subject: message.subject, attempt: message.attempts, reason },
        delay === undefined ? 'mail not delivered; giving up' : 'mail not delivered; will retry',
      );
      await db
        .update(mailOutbox)
        .set(
          delay === undefined
            ? { failed_at: sql`now()`, last_error: reason, body_text: '', body_html: null }
            : {
                next_attempt_at: sql`now() + make_interval(mins => ${delay})`,
                last_error: reason,
              },
        )
        .where(stillClaimed(message));
      return;
    }
    // Sent: the link it carried is no longer kept.
    await db
      .update(mailOutbox)
      .set({ sent_at: sql`now()`, body_text: '', body_html: null, last_error: null })
      .where(stillClaimed(message));
  }

  async function prune(): Promise<void> {
    if (Date.now() - prunedAt < PRUNE_INTERVAL_MS) return;
    prunedAt = Date.now();
    await db
      .delete(mailOutbox)
      .where(
        sql`coalesce(${mailOutbox.sent_at}, ${mailOutbox.failed_at}) < now() - make_interval(days => ${KEEP_DAYS})`,
      );
  }

  async function pass(): Promise<void> {
    await prune();
    for (;;) {
      const batch = await claim();
      for (const message of batch) await deliver(message);
      if (batch.length < BATCH) return;
    }
  }

  function deliverDue(): Promise<void> {
    requests += 1;
    // A message committed while a pass was already reading: that pass runs once more for it.
    if (running) return running;
    running = (async () => {
      try {
        for (let handled = -1; handled !== requests;) {
          handled = requests;
          try {
            await pass();
          } catch (error) {
            // The database is unreachable or similar: the next sweep tries again.
            logger.error({ err: error }, 'mail delivery pass failed');
          }
        }
      } finally {
        // In the same step as the last look at `requests`: a request after it starts a new pass.
        running = null;
      }
    })();
    return running;
  }

  return {
    enqueue: enqueueMail,
    deliverSoon: () => void deliverDue(),
    deliverDue,
    start: () => {
      if (timer) return;
      timer = setInterval(() => void deliverDue(), SWEEP_INTERVAL_MS);
      timer.unref();
      void deliverDue();
    },
    stop: async () => {
      if (timer) clearInterval(timer);
      timer = null;
      await running;
    },
  };
}
