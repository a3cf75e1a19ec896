-- A call's version goes up by one on every change a reader can see: its triage (assignee, status,
-- deleted), its content (a re-sent call that differs) or its organisation (an agent remapped).
-- A write that carries the version its author read is refused when they differ
-- (modules/calls, docs/live-updates.md). An update that changes nothing visible (a re-sent call
-- as it was) keeps the version, so it cannot make anyone's edit look stale.
CREATE OR REPLACE FUNCTION call_log_bump_version() RETURNS trigger
LANGUAGE plpgsql SET search_path = public, pg_temp AS $$
BEGIN
  NEW.version := OLD.version + 1;
  RETURN NEW;
END
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION call_log_bump_version() FROM PUBLIC, callboard_app;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER call_log_bump_version BEFORE UPDATE ON call_log
  FOR EACH ROW
  WHEN ((OLD.assignee_id, OLD.status, OLD.deleted_flag, OLD.organisation_id, OLD.agent_id,
          OLD.start_datetime, OLD.end_datetime, OLD.duration_seconds, OLD.direction,
          OLD.from_number, OLD.to_number, OLD.caller_name, OLD.summary, OLD.transcript,
          OLD.recording_url, OLD.sentiment, OLD.disconnection_reason, OLD.metadata)
        IS DISTINCT FROM
        (NEW.assignee_id, NEW.status, NEW.deleted_flag, NEW.organisation_id, NEW.agent_id,
          NEW.start_datetime, NEW.end_datetime, NEW.duration_seconds, NEW.direction,
          NEW.from_number, NEW.to_number, NEW.caller_name, NEW.summary, NEW.transcript,
          NEW.recording_url, NEW.sentiment, NEW.disconnection_reason, NEW.metadata))
  EXECUTE FUNCTION call_log_bump_version();
