-- Written by `npm run db:sql-migration` from the current definitions in src/db/sql/
-- (docs/decisions/0011-current-sql-definitions.md). Edit those files, not this one.
-- functions/call_timeline_rebuild.sql
-- Recomputes call_timeline and its rollups (call_hourly, call_hourly_totals, call_daily,
-- call_hourly_reasons, call_daily_reasons, call_daily_closes, call_workload) from call_log and
-- call_activity: after a load that skipped triggers, or to repair them
-- (`npm run db:rebuild-counts`). The owner's alone.
-- In batches of `batch_size` calls: the rollups' statement triggers gather a statement's new
-- timeline rows into one array, which cannot exceed 1 GB; all of 10,000,000 calls' rows did.
-- The batches follow (organisation, end of call), so that each fills its own rollup rows once
-- rather than every batch updating nearly all of them: 22–27% faster on 100,000 calls in ten
-- batches, the same rows (docs/analytics.md, "Keeping them exact").
-- (Before batches, the function took no argument.)
DROP FUNCTION IF EXISTS call_timeline_rebuild();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION call_timeline_rebuild(batch_size integer DEFAULT 100000) RETURNS void
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
DECLARE
  batch text[];
BEGIN
  TRUNCATE call_timeline, call_hourly, call_hourly_totals, call_daily, call_hourly_reasons,
    call_daily_reasons, call_daily_closes, call_workload;
  FOR batch IN
    SELECT array_agg(call_id)
    FROM (SELECT call_id,
                 (row_number() OVER (ORDER BY organisation_id, end_datetime, call_id) - 1)
                   / batch_size AS n
          FROM call_log WHERE organisation_id IS NOT NULL AND deleted_flag IS NOT TRUE) numbered
    GROUP BY n
  LOOP
    PERFORM call_timeline_refresh(batch);
  END LOOP;
END
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION call_timeline_rebuild(integer) FROM PUBLIC, callboard_app;
--> statement-breakpoint
-- functions/call_timeline_rollup_apply.sql
-- Adds (sign 1) or subtracts (sign -1) call_timeline rows to the rollups: call_hourly per
-- organisation, agent and UTC hour, call_hourly_totals (its calls received over all agents),
-- call_daily (its sums per UTC day), call_hourly_reasons and call_daily_reasons per disconnection
-- reason besides, call_daily_closes (closes per UTC day and bucket of time to close, for each
-- agent and for all), and call_workload (open calls now per assignee). One upsert per group, in
-- key order so that concurrent statements lock the rollup rows in the same order, after the
-- organisation's lock (call_rollups_lock.sql), which orders whole transactions. Rows that fall to
-- zero stay (call_timeline_rebuild() drops them). Called by call_timeline_rollup() alone.
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
    INSERT INTO call_hourly_totals AS h (organisation_id, hour, new_0, new_1, new_2, new_3, in_progress_0, in_progress_1, in_progress_2, in_progress_3, closed_0, closed_1, closed_2, closed_3)
    SELECT organisation_id, hour,
           sign * count(*) FILTER (WHERE status = 'New' AND quarter = 0),
           sign * count(*) FILTER (WHERE status = 'New' AND quarter = 1),
           sign * count(*) FILTER (WHERE status = 'New' AND quarter = 2),
           sign * count(*) FILTER (WHERE status = 'New' AND quarter = 3),
           sign * count(*) FILTER (WHERE status = 'In progress' AND quarter = 0),
           sign * count(*) FILTER (WHERE status = 'In progress' AND quarter = 1),
           sign * count(*) FILTER (WHERE status = 'In progress' AND quarter = 2),
           sign * count(*) FILTER (WHERE status = 'In progress' AND quarter = 3),
           sign * count(*) FILTER (WHERE status = 'Closed' AND quarter = 0),
           sign * count(*) FILTER (WHERE status = 'Closed' AND quarter = 1),
           sign * count(*) FILTER (WHERE status = 'Closed' AND quarter = 2),
           sign * count(*) FILTER (WHERE status = 'Closed' AND quarter = 3)
    FROM (
      SELECT *, date_trunc('hour', at, 'UTC') AS hour,
             (extract(minute FROM at AT TIME ZONE 'UTC'))::int / 15 AS quarter
      FROM unnest(changed) WHERE arrival
    ) AS rows
    GROUP BY organisation_id, hour
    ORDER BY organisation_id, hour
    ON CONFLICT (organisation_id, hour) DO UPDATE SET
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
      closed_3 = h.closed_3 + excluded.closed_3;
    INSERT INTO call_daily AS d (organisation_id, agent_id, day, calls, duration_total, with_duration, positive, neutral, negative, open_delta, unassigned_delta)
    SELECT organisation_id, agent_id, date_trunc('day', at, 'UTC'),
           sign * count(*) FILTER (WHERE arrival),
           sign * coalesce(sum(duration_seconds) FILTER (WHERE arrival), 0),
           sign * count(duration_seconds) FILTER (WHERE arrival),
           sign * count(*) FILTER (WHERE arrival AND sentiment = 'positive'),
           sign * count(*) FILTER (WHERE arrival AND sentiment = 'neutral'),
           sign * count(*) FILTER (WHERE arrival AND sentiment = 'negative'),
           sign * sum(open_delta),
           sign * sum(unassigned_delta)
    FROM unnest(changed)
    GROUP BY 1, 3, 2
    ORDER BY 1, 3, 2
    ON CONFLICT (organisation_id, day, agent_id) DO UPDATE SET
      calls = d.calls + excluded.calls,
      duration_total = d.duration_total + excluded.duration_total,
      with_duration = d.with_duration + excluded.with_duration,
      positive = d.positive + excluded.positive,
      neutral = d.neutral + excluded.neutral,
      negative = d.negative + excluded.negative,
      open_delta = d.open_delta + excluded.open_delta,
      unassigned_delta = d.unassigned_delta + excluded.unassigned_delta;
    INSERT INTO call_hourly_reasons AS r (organisation_id, agent_id, hour, reason, calls)
    SELECT organisation_id, agent_id, date_trunc('hour', at, 'UTC'), disconnection_reason, sign * count(*)
    FROM unnest(changed) WHERE arrival
    GROUP BY 1, 3, 2, 4
    ORDER BY 1, 3, 2, 4
    ON CONFLICT (organisation_id, hour, agent_id, reason) DO UPDATE SET calls = r.calls + excluded.calls;
    INSERT INTO call_daily_reasons AS r (organisation_id, agent_id, day, reason, calls)
    SELECT organisation_id, agent_id, date_trunc('day', at, 'UTC'), disconnection_reason, sign * count(*)
    FROM unnest(changed) WHERE arrival
    GROUP BY 1, 3, 2, 4
    ORDER BY 1, 3, 2, 4
    ON CONFLICT (organisation_id, day, agent_id, reason) DO UPDATE SET calls = r.calls + excluded.calls;
    INSERT INTO call_daily_closes AS c (organisation_id, agent_id, day, bucket, closes)
    SELECT t.organisation_id, a.agent_id, date_trunc('day', t.at, 'UTC'),
           call_close_bucket(t.close_seconds), sign * count(*)
    FROM unnest(changed) AS t
    CROSS JOIN LATERAL (VALUES (t.agent_id), (NULL)) AS a(agent_id)
    WHERE t.close_seconds IS NOT NULL
    GROUP BY 1, 2, 3, 4
    ORDER BY 1, 2, 3, 4
    ON CONFLICT (organisation_id, agent_id, day, bucket) DO UPDATE SET closes = c.closes + excluded.closes;
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
--> statement-breakpoint
-- tables/call_hourly_totals.sql
ALTER TABLE call_hourly_totals NO FORCE ROW LEVEL SECURITY, DISABLE ROW LEVEL SECURITY;
--> statement-breakpoint
-- Read-only for members; written by the owner's triggers alone (functions/call_timeline_refresh.sql,
-- functions/call_timeline_rollup.sql). Members read their organisation's rows; platform operators
-- read all.
ALTER TABLE call_hourly_totals ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE call_hourly_totals FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY call_hourly_totals_tenant_read ON call_hourly_totals FOR SELECT
  USING (organisation_id = (SELECT app_organisation_id()));
--> statement-breakpoint
CREATE POLICY call_hourly_totals_platform_read ON call_hourly_totals FOR SELECT
  USING ((SELECT app_is_platform()));
--> statement-breakpoint
GRANT SELECT ON call_hourly_totals TO callboard_app;
