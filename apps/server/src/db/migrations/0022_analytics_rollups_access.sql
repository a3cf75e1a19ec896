-- Written by `npm run db:sql-migration` from the current definitions in src/db/sql/
-- (docs/decisions/0011-current-sql-definitions.md). Edit those files, not this one.
-- functions/call_timeline_after_activity.sql
-- Keeps call_timeline (call_timeline_refresh.sql) in step with the status and assignment history
-- in call_activity. That history is only ever added to (and deleted with its call): an UPDATE of
-- call_activity changes its organisation with the call's, which the call_log trigger follows.
CREATE OR REPLACE FUNCTION call_timeline_after_activity() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
DECLARE
  changed text[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    changed := array(SELECT DISTINCT call_id FROM new_rows WHERE type IN ('STATUS_CHANGED', 'ASSIGNED'));
  ELSE
    changed := array(SELECT DISTINCT call_id FROM old_rows WHERE type IN ('STATUS_CHANGED', 'ASSIGNED'));
  END IF;
  IF cardinality(changed) > 0 THEN
    PERFORM call_timeline_refresh(changed);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION call_timeline_after_activity() FROM PUBLIC, callboard_app;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER call_timeline_after_activity_insert AFTER INSERT ON call_activity
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION call_timeline_after_activity();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER call_timeline_after_activity_delete AFTER DELETE ON call_activity
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION call_timeline_after_activity();
--> statement-breakpoint
-- functions/call_timeline_after_call_log.sql
-- Keeps call_timeline (call_timeline_refresh.sql) in step with call_log: new and deleted calls,
-- and calls whose organisation, agent, end, status, assignee, deleted flag or received figures
-- changed. An update that touches none of those (content, version, search) refreshes nothing.
CREATE OR REPLACE FUNCTION call_timeline_after_call_log() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
DECLARE
  changed text[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    changed := array(SELECT call_id FROM new_rows);
  ELSIF TG_OP = 'DELETE' THEN
    changed := array(SELECT call_id FROM old_rows);
  ELSE
    changed := array(
      SELECT n.call_id FROM new_rows n JOIN old_rows o USING (call_id)
      WHERE (n.organisation_id, n.agent_id, n.end_datetime, n.status, n.assignee_id,
             n.deleted_flag, n.sentiment, n.duration_seconds, n.disconnection_reason)
        IS DISTINCT FROM
            (o.organisation_id, o.agent_id, o.end_datetime, o.status, o.assignee_id,
             o.deleted_flag, o.sentiment, o.duration_seconds, o.disconnection_reason));
  END IF;
  IF cardinality(changed) > 0 THEN
    PERFORM call_timeline_refresh(changed);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION call_timeline_after_call_log() FROM PUBLIC, callboard_app;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER call_timeline_after_call_insert AFTER INSERT ON call_log
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION call_timeline_after_call_log();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER call_timeline_after_call_update AFTER UPDATE ON call_log
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION call_timeline_after_call_log();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER call_timeline_after_call_delete AFTER DELETE ON call_log
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION call_timeline_after_call_log();
--> statement-breakpoint
-- functions/call_timeline_rebuild.sql
-- Recomputes call_timeline and its rollups (call_hourly, call_hourly_reasons, call_workload) from
-- call_log and call_activity: after a load that skipped triggers, or to repair them
-- (`npm run db:rebuild-counts`). The owner's alone.
CREATE OR REPLACE FUNCTION call_timeline_rebuild() RETURNS void
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
BEGIN
  TRUNCATE call_timeline, call_hourly, call_hourly_reasons, call_workload;
  PERFORM call_timeline_refresh(array(
    SELECT call_id FROM call_log WHERE organisation_id IS NOT NULL AND deleted_flag IS NOT TRUE));
END
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION call_timeline_rebuild() FROM PUBLIC, callboard_app;
--> statement-breakpoint
-- functions/call_timeline_refresh.sql
-- Rewrites the call_timeline rows of the given calls from what call_log and call_activity hold
-- now (docs/analytics.md). The triggers call it for every call whose counted columns or status
-- and assignment history changed; call_timeline_rebuild() for every call. Only rows that differ
-- are deleted and inserted, so the rollups' triggers (call_timeline_rollup.sql) see the change
-- alone.
--
-- A call counts in the open backlog at an instant T when it ended before T and its status at T
-- was not Closed; in the unassigned open calls when, besides, its assignee at T was nobody. Its
-- status (assignee) at T is the previous value recorded by its first status (assignment) change
-- after T, or its current value. As T moves forward, those two counts change only at the call's
-- end (just after it) and at its changes: each row records by how much.
-- PL/pgSQL rather than SQL so that each connection plans the statement once, not on every call.
CREATE OR REPLACE FUNCTION call_timeline_refresh(call_ids text[]) RETURNS void
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
BEGIN
  WITH calls AS (
    SELECT c.call_id, c.organisation_id, c.agent_id, c.end_datetime, c.status, c.assignee_id,
           c.sentiment, c.duration_seconds, c.disconnection_reason
    FROM call_log c
    WHERE c.call_id = ANY (call_ids) AND c.organisation_id IS NOT NULL AND c.deleted_flag IS NOT TRUE
  ),
  changes AS (
    SELECT a.call_id, a.created_at AS at,
           bool_or(a.type = 'STATUS_CHANGED' AND a.new_status = 'Closed') AS closes
    FROM call_activity a JOIN calls USING (call_id)
    WHERE a.type IN ('STATUS_CHANGED', 'ASSIGNED')
    GROUP BY a.call_id, a.created_at
  ),
  -- The instant each row stands for, and the instant its counts are read at: an arrival counts
  -- from just after the call's end; a change from its own instant.
  points AS (
    SELECT call_id, true AS arrival, end_datetime AS at,
           end_datetime + interval '1 microsecond' AS effective, false AS closes
    FROM calls
    UNION ALL
    SELECT call_id, false, at, at, closes FROM changes
  ),
  counted AS (
    SELECT p.call_id, p.arrival, p.at, p.effective, p.closes, c.organisation_id, c.agent_id,
           c.end_datetime, c.status, c.assignee_id, c.sentiment, c.duration_seconds,
           c.disconnection_reason,
           c.end_datetime < p.effective
             AND CASE WHEN s.found THEN s.previous_status ELSE c.status END <> 'Closed' AS open,
           CASE WHEN w.found THEN w.previous_assignee_id ELSE c.assignee_id END IS NULL AS unassigned
    FROM points p
    JOIN calls c USING (call_id)
    LEFT JOIN LATERAL (
      SELECT true AS found, a.previous_status FROM call_activity a
      WHERE a.call_id = p.call_id AND a.type = 'STATUS_CHANGED' AND a.created_at > p.effective
      ORDER BY a.created_at, a.id LIMIT 1
    ) s ON true
    LEFT JOIN LATERAL (
      SELECT true AS found, a.previous_assignee_id FROM call_activity a
      WHERE a.call_id = p.call_id AND a.type = 'ASSIGNED' AND a.created_at > p.effective
      ORDER BY a.created_at, a.id LIMIT 1
    ) w ON true
  ),
  fresh AS (
    SELECT call_id, arrival, at, organisation_id, agent_id,
           CASE WHEN arrival THEN status END AS status,
           CASE WHEN arrival THEN assignee_id END AS assignee_id,
           CASE WHEN arrival THEN sentiment END AS sentiment,
           CASE WHEN arrival THEN duration_seconds END AS duration_seconds,
           CASE WHEN arrival THEN disconnection_reason END AS disconnection_reason,
           open::int - coalesce(lag(open::int) OVER steps, 0) AS open_delta,
           (open AND unassigned)::int - coalesce(lag((open AND unassigned)::int) OVER steps, 0)
             AS unassigned_delta,
           CASE WHEN closes THEN extract(epoch FROM at - end_datetime)::float8 END AS close_seconds,
           CASE WHEN closes THEN max(at) FILTER (WHERE closes)
             OVER (steps ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING) END AS previous_close_at
    FROM counted
    WINDOW steps AS (PARTITION BY call_id ORDER BY effective, arrival DESC)
  ),
  gone AS (
    DELETE FROM call_timeline t
    WHERE t.call_id = ANY (call_ids) AND NOT EXISTS (
      SELECT FROM fresh f
      WHERE f.call_id = t.call_id AND f.arrival = t.arrival AND f.at = t.at
        AND (f.organisation_id, f.agent_id, f.status, f.assignee_id, f.sentiment,
             f.duration_seconds, f.disconnection_reason, f.open_delta, f.unassigned_delta,
             f.close_seconds, f.previous_close_at)
          IS NOT DISTINCT FROM
            (t.organisation_id, t.agent_id, t.status, t.assignee_id, t.sentiment,
             t.duration_seconds, t.disconnection_reason, t.open_delta, t.unassigned_delta,
             t.close_seconds, t.previous_close_at))
    RETURNING 1
  )
  -- The scalar subquery runs the DELETE first, so a changed row's new version never meets its
  -- old one; NOT EXISTS reads the table as it was before the statement.
  INSERT INTO call_timeline (call_id, arrival, at, organisation_id, agent_id, status, assignee_id,
                             sentiment, duration_seconds, disconnection_reason, open_delta,
                             unassigned_delta, close_seconds, previous_close_at)
  SELECT f.* FROM fresh f
  WHERE (SELECT count(*) FROM gone) >= 0 AND NOT EXISTS (
    SELECT FROM call_timeline t
    WHERE t.call_id = f.call_id AND t.arrival = f.arrival AND t.at = f.at
      AND (f.organisation_id, f.agent_id, f.status, f.assignee_id, f.sentiment,
           f.duration_seconds, f.disconnection_reason, f.open_delta, f.unassigned_delta,
           f.close_seconds, f.previous_close_at)
        IS NOT DISTINCT FROM
          (t.organisation_id, t.agent_id, t.status, t.assignee_id, t.sentiment,
           t.duration_seconds, t.disconnection_reason, t.open_delta, t.unassigned_delta,
           t.close_seconds, t.previous_close_at))
  ORDER BY f.call_id, f.arrival, f.at;
END
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION call_timeline_refresh(text[]) FROM PUBLIC, callboard_app;
--> statement-breakpoint
-- functions/call_timeline_rollup.sql
-- Keeps the rollups of call_timeline exact (docs/analytics.md): call_timeline rows are only
-- inserted and deleted (call_timeline_refresh.sql), so one statement trigger for each adds or
-- subtracts what the statement's rows hold (call_timeline_rollup_apply.sql).
CREATE OR REPLACE FUNCTION call_timeline_rollup() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM call_timeline_rollup_apply(1, array(SELECT r::call_timeline FROM new_rows r));
  ELSE
    PERFORM call_timeline_rollup_apply(-1, array(SELECT r::call_timeline FROM old_rows r));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION call_timeline_rollup() FROM PUBLIC, callboard_app;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER call_timeline_rollup_after_insert AFTER INSERT ON call_timeline
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION call_timeline_rollup();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER call_timeline_rollup_after_delete AFTER DELETE ON call_timeline
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION call_timeline_rollup();
--> statement-breakpoint
-- functions/call_timeline_rollup_apply.sql
-- Adds (sign 1) or subtracts (sign -1) call_timeline rows to the rollups: call_hourly per
-- organisation, agent and UTC hour, call_hourly_reasons per disconnection reason besides, and
-- call_workload (open calls now per assignee). One upsert per group, in key order so that
-- concurrent statements lock the rollup rows in the same order. Rows that fall to zero stay
-- (call_timeline_rebuild() drops them). Called by call_timeline_rollup() alone.
CREATE OR REPLACE FUNCTION call_timeline_rollup_apply(sign int, changed call_timeline[]) RETURNS void
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
BEGIN
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
--> statement-breakpoint
-- tables/call_hourly.sql
ALTER TABLE call_hourly NO FORCE ROW LEVEL SECURITY, DISABLE ROW LEVEL SECURITY;
--> statement-breakpoint
-- Read-only for members; written by the owner's triggers alone (functions/call_timeline_refresh.sql,
-- functions/call_timeline_rollup.sql). Members read their organisation's rows; platform operators
-- read all.
ALTER TABLE call_hourly ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE call_hourly FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY call_hourly_tenant_read ON call_hourly FOR SELECT
  USING (organisation_id = (SELECT app_organisation_id()));
--> statement-breakpoint
CREATE POLICY call_hourly_platform_read ON call_hourly FOR SELECT
  USING ((SELECT app_is_platform()));
--> statement-breakpoint
GRANT SELECT ON call_hourly TO callboard_app;
--> statement-breakpoint
-- tables/call_hourly_reasons.sql
ALTER TABLE call_hourly_reasons NO FORCE ROW LEVEL SECURITY, DISABLE ROW LEVEL SECURITY;
--> statement-breakpoint
-- Read-only for members; written by the owner's triggers alone (functions/call_timeline_refresh.sql,
-- functions/call_timeline_rollup.sql). Members read their organisation's rows; platform operators
-- read all.
ALTER TABLE call_hourly_reasons ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE call_hourly_reasons FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY call_hourly_reasons_tenant_read ON call_hourly_reasons FOR SELECT
  USING (organisation_id = (SELECT app_organisation_id()));
--> statement-breakpoint
CREATE POLICY call_hourly_reasons_platform_read ON call_hourly_reasons FOR SELECT
  USING ((SELECT app_is_platform()));
--> statement-breakpoint
GRANT SELECT ON call_hourly_reasons TO callboard_app;
--> statement-breakpoint
-- tables/call_timeline.sql
ALTER TABLE call_timeline NO FORCE ROW LEVEL SECURITY, DISABLE ROW LEVEL SECURITY;
--> statement-breakpoint
-- Read-only for members; written by the owner's triggers alone (functions/call_timeline_refresh.sql,
-- functions/call_timeline_rollup.sql). Members read their organisation's rows; platform operators
-- read all.
ALTER TABLE call_timeline ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE call_timeline FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY call_timeline_tenant_read ON call_timeline FOR SELECT
  USING (organisation_id = (SELECT app_organisation_id()));
--> statement-breakpoint
CREATE POLICY call_timeline_platform_read ON call_timeline FOR SELECT
  USING ((SELECT app_is_platform()));
--> statement-breakpoint
GRANT SELECT ON call_timeline TO callboard_app;
--> statement-breakpoint
-- tables/call_workload.sql
ALTER TABLE call_workload NO FORCE ROW LEVEL SECURITY, DISABLE ROW LEVEL SECURITY;
--> statement-breakpoint
-- Read-only for members; written by the owner's triggers alone (functions/call_timeline_refresh.sql,
-- functions/call_timeline_rollup.sql). Members read their organisation's rows; platform operators
-- read all.
ALTER TABLE call_workload ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE call_workload FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY call_workload_tenant_read ON call_workload FOR SELECT
  USING (organisation_id = (SELECT app_organisation_id()));
--> statement-breakpoint
CREATE POLICY call_workload_platform_read ON call_workload FOR SELECT
  USING ((SELECT app_is_platform()));
--> statement-breakpoint
GRANT SELECT ON call_workload TO callboard_app;
--> statement-breakpoint
-- The calls already stored.
SELECT call_timeline_rebuild();
