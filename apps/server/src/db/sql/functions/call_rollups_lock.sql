-- Serialises the writers of an organisation's counters (call_counts, and the rollups that
-- call_timeline's changes feed: call_daily, call_daily_closes, call_daily_reasons, call_hourly,
-- call_hourly_reasons, call_hourly_totals and call_workload) for the rest of their transactions,
-- by a transaction-level advisory lock per organisation, taken in one order (by key) before any
-- counter row. Each statement's upserts already lock rows in key order, but a transaction's
-- statements add rows one statement at a time: an assignment's update of call_log, then its
-- history row, lock different rollup rows, and two of them could each hold what the other's next
-- statement needs (a deadlock, seen under load). With this lock taken first, they queue instead.
-- Status changes already queued per organisation on their call_counts row.
CREATE OR REPLACE FUNCTION call_rollups_lock(organisation_ids uuid[]) RETURNS void
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
DECLARE
  lock_key bigint;
BEGIN
  FOR lock_key IN
    SELECT DISTINCT hashtextextended('call_rollups:' || id::text, 0)
    FROM unnest(organisation_ids) AS id WHERE id IS NOT NULL
    ORDER BY 1
  LOOP
    PERFORM pg_advisory_xact_lock(lock_key);
  END LOOP;
END
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION call_rollups_lock(uuid[]) FROM PUBLIC, callboard_app;
