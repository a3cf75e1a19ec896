-- A call's content (what its sender reported: agent, times, numbers, summary, transcript …) is
-- changed only by the ingestion API, with a live key of the call's organisation. callboard_app
-- holds UPDATE on those columns for that path alone, and a grant cannot tell who holds the role,
-- so this trigger refuses the change to anyone else using it — a member's injected statement, for
-- one. The owner (seeding, migrations) is not callboard_app and passes. Triage (assignee, status,
-- deleted flag) names none of these columns and never fires it.
CREATE OR REPLACE FUNCTION call_log_content_guard() RETURNS trigger
LANGUAGE plpgsql SET search_path = public, pg_temp AS $$
BEGIN
  IF current_user = 'callboard_app'
     AND NOT coalesce(OLD.organisation_id = app_api_key_organisation_id(), false) THEN
    RAISE EXCEPTION 'permission denied: only the ingestion API changes a call''s content'
      USING ERRCODE = 'insufficient_privilege';
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION call_log_content_guard() FROM PUBLIC, callboard_app;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER call_log_content_guard
  BEFORE UPDATE OF agent_id, start_datetime, end_datetime, duration_seconds, direction,
    from_number, to_number, caller_name, summary, transcript, recording_url, sentiment,
    disconnection_reason, external_id, metadata ON call_log
  FOR EACH ROW EXECUTE FUNCTION call_log_content_guard();
