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
