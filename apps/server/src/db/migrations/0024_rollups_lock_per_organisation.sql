-- Written by `npm run db:sql-migration` from the current definitions in src/db/sql/
-- (docs/decisions/0011-current-sql-definitions.md). Edit those files, not this one.
-- functions/call_counts_after_delete.sql
DROP TRIGGER call_counts_after_delete ON call_log;
--> statement-breakpoint
-- Keeps call_counts exact when calls are deleted (see call_counts_after_insert.sql).
CREATE OR REPLACE FUNCTION call_counts_after_delete() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
BEGIN
  PERFORM call_rollups_lock(array(SELECT organisation_id FROM old_rows));
  INSERT INTO call_counts AS c (organisation_id, status, deleted, calls)
  SELECT organisation_id, status, coalesce(deleted_flag, false), -count(*)
  FROM old_rows WHERE organisation_id IS NOT NULL
  GROUP BY 1, 2, 3
  ON CONFLICT (organisation_id, status, deleted) DO UPDATE SET calls = c.calls + excluded.calls;
  RETURN NULL;
END
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION call_counts_after_delete() FROM PUBLIC, callboard_app;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER call_counts_after_delete AFTER DELETE ON call_log
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION call_counts_after_delete();
--> statement-breakpoint
-- functions/call_counts_after_insert.sql
DROP TRIGGER call_counts_after_insert ON call_log;
--> statement-breakpoint
-- call_counts holds, per organisation, status and deleted state, how many calls there are. Three
-- statement triggers on call_log (this one, call_counts_after_delete, call_counts_after_update)
-- keep it exact with transition tables: one upsert per statement and group, however many rows the
-- statement touched. SECURITY DEFINER: the counters are written on behalf of whoever changed
-- call_log, including the agent-remapping trigger, which moves calls between tenants. A bulk load
-- that bypasses triggers (the benchmark seed) calls call_counts_rebuild() after it.
CREATE OR REPLACE FUNCTION call_counts_after_insert() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
BEGIN
  PERFORM call_rollups_lock(array(SELECT organisation_id FROM new_rows));
  INSERT INTO call_counts AS c (organisation_id, status, deleted, calls)
  SELECT organisation_id, status, coalesce(deleted_flag, false), count(*)
  FROM new_rows WHERE organisation_id IS NOT NULL
  GROUP BY 1, 2, 3
  ON CONFLICT (organisation_id, status, deleted) DO UPDATE SET calls = c.calls + excluded.calls;
  RETURN NULL;
END
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION call_counts_after_insert() FROM PUBLIC, callboard_app;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER call_counts_after_insert AFTER INSERT ON call_log
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION call_counts_after_insert();
--> statement-breakpoint
-- functions/call_counts_after_update.sql
DROP TRIGGER call_counts_after_update ON call_log;
--> statement-breakpoint
-- Keeps call_counts exact when calls change (see call_counts_after_insert.sql). Every UPDATE
-- statement on call_log comes here (transition tables cannot be limited to columns); one that
-- changes no counted column, such as an assignment, nets to zero and writes nothing.
CREATE OR REPLACE FUNCTION call_counts_after_update() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
BEGIN
  -- Every organisation the statement touched, even when its counts net to zero: the timeline's
  -- rollups (call_timeline_rollup_apply.sql), which follow, need the same lock.
  PERFORM call_rollups_lock(array(SELECT organisation_id FROM old_rows
                                  UNION SELECT organisation_id FROM new_rows));
  INSERT INTO call_counts AS c (organisation_id, status, deleted, calls)
  SELECT organisation_id, status, deleted, sum(delta)
  FROM (
    SELECT organisation_id, status, coalesce(deleted_flag, false) AS deleted, -1 AS delta FROM old_rows
    UNION ALL
    SELECT organisation_id, status, coalesce(deleted_flag, false) AS deleted, 1 AS delta FROM new_rows
  ) AS changes
  WHERE organisation_id IS NOT NULL
  GROUP BY 1, 2, 3
  HAVING sum(delta) <> 0
  ON CONFLICT (organisation_id, status, deleted) DO UPDATE SET calls = c.calls + excluded.calls;
  RETURN NULL;
END
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION call_counts_after_update() FROM PUBLIC, callboard_app;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER call_counts_after_update AFTER UPDATE ON call_log
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION call_counts_after_update();
--> statement-breakpoint
-- functions/call_rollups_lock.sql
-- Serialises the writers of an organisation's counters (call_counts, and call_timeline's rollups:
-- call_hourly, call_hourly_reasons, call_workload) for the rest of their transactions, by a
-- transaction-level advisory lock per organisation, taken in one order (by key) before any
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
--> statement-breakpoint
-- functions/call_timeline_rollup_apply.sql
-- Adds (sign 1) or subtracts (sign -1) call_timeline rows to the rollups: call_hourly per
-- organisation, agent and UTC hour, call_hourly_reasons per disconnection reason besides, and
-- call_workload (open calls now per assignee). One upsert per group, in key order so that
-- concurrent statements lock the rollup rows in the same order, after the organisation's lock
-- (call_rollups_lock.sql), which orders whole transactions. Rows that fall to zero stay
-- (call_timeline_rebuild() drops them). Called by call_timeline_rollup() alone.
CREATE OR REPLACE FUNCTION call_timeline_rollup_apply(sign int, changed call_timeline[]) RETURNS void
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
BEGIN
    PERFORM call_rollups_lock(array(SELECT organisation_id FROM unnest(changed)));
    INSERT INTO call_hourly AS h (organisation_id, agent_id, hour, new_0, new_1, new_2, new_3, in_progress_0, in_progress_1, in_progress_2, in_progress_3, closed_0, closed_1, closed_2, closed_3, duration_total, with_duration, positive, neutral, negative, open_delta, unassigned_delta)
    SELECT organisation_id, agent_id, hour,
           sign * count(*) FILTER (WHERE arrival AND status = 'New' AND quarter = 0),
           sign * count(*) FILTER (WHERE arrival AND status = 'New' AND quarter = 1),
           sign * count(*) FILTER (WHERE arrival AND status = 'New' AND quarter = 2),
           sign * count(*) FILTER (WHERE arrival AND status = 'New' AND quarter = 3),
           sign * count(*) FILTER (WHERE arrival AND status = 'In progress' AND quarter = 0),
           sign * count(*) FILTER (WHERE arrival AND status = 'In progress' AND quarter = 1),
           sign * count(*) FILTER (WHERE arrival AND status = 'In progress' AND quarter = 2),
           sign * count(*) FILTER (WHERE arrival AND status = 'In progress' AND quarter = 3),
           sign * count(*) FILTER (WHERE arrival AND status = 'Closed' AND quarter = 0),
           sign * count(*) FILTER (WHERE arrival AND status = 'Closed' AND quarter = 1),
           sign * count(*) FILTER (WHERE arrival AND status = 'Closed' AND quarter = 2),
           sign * count(*) FILTER (WHERE arrival AND status = 'Closed' AND quarter = 3),
           sign * coalesce(sum(duration_seconds) FILTER (WHERE arrival), 0),
           sign * count(duration_seconds) FILTER (WHERE arrival),
           sign * count(*) FILTER (WHERE arrival AND sentiment = 'positive'),
           sign * count(*) FILTER (WHERE arrival AND sentiment = 'neutral'),
           sign * count(*) FILTER (WHERE arrival AND sentiment = 'negative'),
           sign * sum(open_delta),
           sign * sum(unassigned_delta)
    FROM (
      SELECT *, date_trunc('hour', at, 'UTC') AS hour,
             (extract(minute FROM at AT TIME ZONE 'UTC'))::int / 15 AS quarter
      FROM unnest(changed)
    ) AS rows
    GROUP BY organisation_id, hour, agent_id
    ORDER BY organisation_id, hour, agent_id
    ON CONFLICT (organisation_id, hour, agent_id) DO UPDATE SET
      new_0 = h.new_0 + excluded.new_0,
      new_1 = h.new_1 + excluded.new_1,
      new_2 = h.new_2 + excluded.new_2,
      new_3 = h.new_3 + excluded.new_3,
      in_progress_0 = h.in_progress_0 + excluded.in_progress_0,
      in_progress_1 = h.in_progress_1 + excluded.in_progress_1,
      in_progress_2 = h.in_progress_2 + excluded.in_progress_2,
      in_progress_3 = h.in_progress_3 + excluded.in_progress_3,
      closed_0 = h.closed_0 + excluded.closed_0,
      closed_1 = h.closed_1 + excluded.closed_1,
      closed_2 = h.closed_2 + excluded.closed_2,
      closed_3 = h.closed_3 + excluded.closed_3,
      duration_total = h.duration_total + excluded.duration_total,
      with_duration = h.with_duration + excluded.with_duration,
      positive = h.positive + excluded.positive,
      neutral = h.neutral + excluded.neutral,
      negative = h.negative + excluded.negative,
      open_delta = h.open_delta + excluded.open_delta,
      unassigned_delta = h.unassigned_delta + excluded.unassigned_delta;
    INSERT INTO call_hourly_reasons AS r (organisation_id, agent_id, hour, reason, calls)
    SELECT organisation_id, agent_id, date_trunc('hour', at, 'UTC'), disconnection_reason, sign * count(*)
    FROM unnest(changed) WHERE arrival
    GROUP BY 1, 3, 2, 4
    ORDER BY 1, 3, 2, 4
    ON CONFLICT (organisation_id, hour, agent_id, reason) DO UPDATE SET calls = r.calls + excluded.calls;
    INSERT INTO call_workload AS w (organisation_id, agent_id, assignee_id, calls)
    SELECT organisation_id, agent_id, assignee_id, sign * count(*)
    FROM unnest(changed) WHERE arrival AND status <> 'Closed'
    GROUP BY 1, 2, 3
    ORDER BY 1, 2, 3
    ON CONFLICT (organisation_id, agent_id, assignee_id) DO UPDATE SET calls = w.calls + excluded.calls;
END
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION call_timeline_rollup_apply(int, call_timeline[]) FROM PUBLIC, callboard_app;
