-- Live updates: a person joined, left or moved between organisations, or their role or name
-- changed. Servers end that user's streams (they reconnect with what they may now see) and tell
-- both organisations, whose lists of colleagues changed.
CREATE OR REPLACE FUNCTION events_member_changed() RETURNS trigger
LANGUAGE plpgsql SET search_path = public, pg_temp AS $$
DECLARE
  previous_organisation uuid := CASE WHEN TG_OP = 'INSERT' THEN NULL ELSE OLD.organisation_id END;
  next_organisation uuid := CASE WHEN TG_OP = 'DELETE' THEN NULL ELSE NEW.organisation_id END;
  member uuid := CASE WHEN TG_OP = 'DELETE' THEN OLD.id ELSE NEW.id END;
BEGIN
  PERFORM pg_notify('callboard_events', json_build_object(
            'type', 'member.changed', 'userId', member, 'organisationId', next_organisation,
            'previousOrganisationId', previous_organisation)::text);
  RETURN NULL;
END
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION events_member_changed() FROM PUBLIC, callboard_app;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER events_member_changed
  AFTER INSERT OR DELETE OR UPDATE OF organisation_id, role, first_name, last_name, is_super_admin
  ON profiles
  FOR EACH ROW EXECUTE FUNCTION events_member_changed();
