-- Written by `npm run db:sql-migration` from the current definitions in src/db/sql/
-- (docs/decisions/0011-current-sql-definitions.md). Edit those files, not this one.
-- functions/app_search_call_ids.sql
-- The calls of the session's organisation that a list search matches (docs/search.md, "Search"),
-- as call ids: source 'call' where the call's words (call_log.search_vector) match the query or
-- its id is exactly the search, source 'note' where one of its notes matches. At most p_limit of
-- each; the caller takes p_limit + 1 to learn that there were more.
--
-- Why SECURITY DEFINER: under row-level security PostgreSQL uses an index only for conditions
-- whose functions are LEAKPROOF, and the text-search match (@@) is not, so as callboard_app a
-- search could never use call_log_search_idx or call_activity_note_search_idx. The owner bypasses
-- row-level security (docs/decisions/0003-tenant-isolation-rls-and-live-sessions.md), so here the
-- GIN indexes serve. The scope is the session's organisation (app_organisation_id), exactly what
-- the tenant read policies allow; the list query that uses these ids still runs under them.
-- EXECUTE plans each search with its own query, so the planner weighs how common its words are.
CREATE OR REPLACE FUNCTION app_search_call_ids(p_query tsquery, p_id text, p_limit integer)
RETURNS TABLE (source text, call_id text)
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = public, pg_temp AS $$
DECLARE
  v_organisation uuid := app_organisation_id();
BEGIN
  IF v_organisation IS NULL OR p_limit IS NULL OR p_limit < 1 THEN
    RETURN;
  END IF;
  RETURN QUERY EXECUTE
    'SELECT ''call''::text, c.call_id FROM call_log c
      WHERE c.organisation_id = $1 AND (c.call_id = $2 OR c.search_vector @@ $3)
      LIMIT $4'
    USING v_organisation, p_id, p_query, p_limit;
  IF p_query IS NOT NULL THEN
    RETURN QUERY EXECUTE
      'SELECT ''note''::text, n.call_id FROM call_activity n
        WHERE n.organisation_id = $1 AND n.type = ''NOTE''
          AND to_tsvector(''simple''::regconfig, coalesce(n.body, '''')) @@ $2
        GROUP BY n.call_id
        LIMIT $3'
      USING v_organisation, p_query, p_limit;
  END IF;
END
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION app_search_call_ids(tsquery, text, integer) FROM PUBLIC, callboard_app;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION app_search_call_ids(tsquery, text, integer) TO callboard_app;
