-- Which of p_agent_ids the transaction's API key may not file calls under: agents mapped to
-- another organisation or to none, and agent ids that already have calls but no mapping (taking
-- one would move those calls into the key's organisation: agent_mapping_move_calls.sql). All of
-- them when the transaction has no live key. The ingestion service refuses a batch naming any of
-- them with 409, and registers the rest for the key's organisation. SECURITY DEFINER: row-level
-- security hides exactly the rows this must find. It reveals only that an agent id the caller
-- already names is taken.
CREATE OR REPLACE FUNCTION ingest_refused_agents(p_agent_ids text[])
RETURNS TABLE (refused_agent_id text)
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = public, pg_temp AS $$
DECLARE
  key_organisation uuid := app_api_key_organisation_id();
BEGIN
  RETURN QUERY
    SELECT DISTINCT wanted.id
    FROM unnest(p_agent_ids) AS wanted(id)
    LEFT JOIN agent_mapping m ON m.agent_id = wanted.id
    WHERE key_organisation IS NULL
       OR (m.agent_id IS NOT NULL AND m.organisation_id IS DISTINCT FROM key_organisation)
       OR (m.agent_id IS NULL AND EXISTS (SELECT 1 FROM call_log c WHERE c.agent_id = wanted.id));
END
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION ingest_refused_agents(text[]) FROM PUBLIC, callboard_app;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION ingest_refused_agents(text[]) TO callboard_app;
