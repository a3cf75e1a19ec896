-- call_log.organisation_id is derived from the agent's mapping. A new call takes its agent's
-- organisation (as the inserting role sees agent_mapping, so a tenant cannot file a call under
-- another tenant's agent: the policy's WITH CHECK refuses the row), and so does a call whose
-- agent changes. An update that names agent_id without changing it (the ingestion API's, which
-- writes every content column) keeps its organisation and skips the lookup, which costs a
-- policy check per row.
CREATE OR REPLACE FUNCTION call_log_set_organisation() RETURNS trigger
LANGUAGE plpgsql SET search_path = public, pg_temp AS $$
BEGIN
  NEW.organisation_id := (SELECT m.organisation_id FROM agent_mapping m WHERE m.agent_id = NEW.agent_id);
  RETURN NEW;
END
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION call_log_set_organisation() FROM PUBLIC, callboard_app;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER call_log_set_organisation
  BEFORE INSERT ON call_log
  FOR EACH ROW EXECUTE FUNCTION call_log_set_organisation();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER call_log_set_organisation_on_update
  BEFORE UPDATE OF agent_id ON call_log
  FOR EACH ROW WHEN (OLD.agent_id IS DISTINCT FROM NEW.agent_id)
  EXECUTE FUNCTION call_log_set_organisation();
