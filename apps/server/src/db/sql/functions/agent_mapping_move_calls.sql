-- Mapping, remapping or unmapping an agent moves its calls, and their history, at once.
-- SECURITY DEFINER: the calls being moved belong to another tenant (or none) until they move.
CREATE OR REPLACE FUNCTION agent_mapping_move_calls() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
DECLARE
  target uuid := CASE WHEN TG_OP = 'DELETE' THEN NULL ELSE NEW.organisation_id END;
  agent text := CASE WHEN TG_OP = 'DELETE' THEN OLD.agent_id ELSE NEW.agent_id END;
BEGIN
  UPDATE call_log SET organisation_id = target
    WHERE agent_id = agent AND organisation_id IS DISTINCT FROM target;
  UPDATE call_activity a SET organisation_id = target
    FROM call_log c
    WHERE c.call_id = a.call_id AND c.agent_id = agent AND a.organisation_id IS DISTINCT FROM target;
  RETURN NULL;
END
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION agent_mapping_move_calls() FROM PUBLIC, callboard_app;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER agent_mapping_move_calls
  AFTER INSERT OR DELETE OR UPDATE OF organisation_id ON agent_mapping
  FOR EACH ROW EXECUTE FUNCTION agent_mapping_move_calls();
