-- Whether a call id exists at all, for the product's two answers when the caller cannot see it:
-- 'Call not found' (no such call) or 'Call not accessible to this user' (another organisation's,
-- or an unmapped agent's). SECURITY DEFINER: RLS hides exactly the rows this must find. It reveals
-- only existence, for an id the caller already holds.
CREATE FUNCTION call_exists(p_call_id text) RETURNS boolean
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp AS $$
  SELECT EXISTS (SELECT 1 FROM call_log WHERE call_id = p_call_id)
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION call_exists(text) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION call_exists(text) TO callboard_app;
