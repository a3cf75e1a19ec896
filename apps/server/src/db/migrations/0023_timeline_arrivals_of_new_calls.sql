-- Written by `npm run db:sql-migration` from the current definitions in src/db/sql/
-- (docs/decisions/0011-current-sql-definitions.md). Edit those files, not this one.
-- functions/call_timeline_after_call_log.sql
DROP TRIGGER call_timeline_after_call_delete ON call_log;
--> statement-breakpoint
DROP TRIGGER call_timeline_after_call_insert ON call_log;
--> statement-breakpoint
DROP TRIGGER call_timeline_after_call_update ON call_log;
--> statement-breakpoint
-- Keeps call_timeline (call_timeline_refresh.sql) in step with call_log: new and deleted calls,
-- and calls whose organisation, agent, end, status, assignee, deleted flag or received figures
-- changed. An update that touches none of those (content, version, search) refreshes nothing.
--
-- A new call has no history yet (call_activity rows need their call first) and no timeline rows
-- (deleting a call deletes them), so its timeline is its arrival alone, written straight from the
-- inserted rows: what call_timeline_refresh would write, without its per-call history probes,
-- which made a batch of ingested calls several times slower.
CREATE OR REPLACE FUNCTION call_timeline_after_call_log() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
DECLARE
  changed text[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    -- Open from just after its end, unless it arrived closed; unassigned if nobody has it.
    INSERT INTO call_timeline (call_id, arrival, at, organisation_id, agent_id, status, assignee_id,
                               sentiment, duration_seconds, disconnection_reason, open_delta,
                               unassigned_delta)
    SELECT call_id, true, end_datetime, organisation_id, agent_id, status, assignee_id, sentiment,
           duration_seconds, disconnection_reason, (status <> 'Closed')::int,
           (status <> 'Closed' AND assignee_id IS NULL)::int
    FROM new_rows
    WHERE organisation_id IS NOT NULL AND deleted_flag IS NOT TRUE
    ORDER BY call_id;
    RETURN NULL;
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
