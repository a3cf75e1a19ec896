-- Written by `npm run db:sql-migration` from the current definitions in src/db/sql/
-- (docs/decisions/0011-current-sql-definitions.md). Edit those files, not this one.
-- functions/call_log_bump_version.sql
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
--> statement-breakpoint
-- functions/events_call_activity.sql
-- Live updates: a call's new history entry (assigned, status changed, note), with who did it.
CREATE OR REPLACE FUNCTION events_call_activity() RETURNS trigger
LANGUAGE plpgsql SET search_path = public, pg_temp AS $$
BEGIN
  IF NEW.organisation_id IS NOT NULL THEN
    PERFORM pg_notify('callboard_events', json_build_object(
              'type', 'call.activity', 'organisationId', NEW.organisation_id,
              'callId', NEW.call_id, 'activityId', NEW.id, 'activityType', NEW.type,
              'actorId', NEW.actor_id)::text);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION events_call_activity() FROM PUBLIC, callboard_app;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER events_call_activity AFTER INSERT ON call_activity
  FOR EACH ROW EXECUTE FUNCTION events_call_activity();
--> statement-breakpoint
-- functions/events_call_changed.sql
-- Live updates: a call whose version changed (functions/call_log_bump_version.sql), to its
-- organisation, and to the one it left when its agent was remapped.
CREATE OR REPLACE FUNCTION events_call_changed() RETURNS trigger
LANGUAGE plpgsql SET search_path = public, pg_temp AS $$
BEGIN
  IF NEW.organisation_id IS NOT NULL THEN
    PERFORM pg_notify('callboard_events', json_build_object(
              'type', 'call.changed', 'organisationId', NEW.organisation_id,
              'callId', NEW.call_id, 'version', NEW.version)::text);
  END IF;
  IF OLD.organisation_id IS NOT NULL AND OLD.organisation_id IS DISTINCT FROM NEW.organisation_id THEN
    PERFORM pg_notify('callboard_events', json_build_object(
              'type', 'call.changed', 'organisationId', OLD.organisation_id,
              'callId', NEW.call_id, 'version', NEW.version)::text);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION events_call_changed() FROM PUBLIC, callboard_app;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER events_call_changed AFTER UPDATE ON call_log
  FOR EACH ROW WHEN (OLD.version IS DISTINCT FROM NEW.version)
  EXECUTE FUNCTION events_call_changed();
--> statement-breakpoint
-- functions/events_calls_created.sql
-- Live updates (docs/live-updates.md): every change a user may see is announced on the channel
-- callboard_events by a trigger, so it is sent when, and only if, its transaction commits, from
-- whichever server or path made it. Payloads carry ids, never content: each server checks who may
-- receive an event, and clients refetch what they are allowed to see.
-- This one: calls added (ingested, imported), one event per organisation and statement.
CREATE OR REPLACE FUNCTION events_calls_created() RETURNS trigger
LANGUAGE plpgsql SET search_path = public, pg_temp AS $$
BEGIN
  PERFORM pg_notify('callboard_events', json_build_object(
            'type', 'calls.created', 'organisationId', organisation_id, 'count', count(*))::text)
  FROM new_rows WHERE organisation_id IS NOT NULL
  GROUP BY organisation_id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION events_calls_created() FROM PUBLIC, callboard_app;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER events_calls_created AFTER INSERT ON call_log
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION events_calls_created();
--> statement-breakpoint
-- functions/events_member_changed.sql
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
--> statement-breakpoint
-- functions/events_notification.sql
-- Live updates: a notification, for its recipient alone.
CREATE OR REPLACE FUNCTION events_notification() RETURNS trigger
LANGUAGE plpgsql SET search_path = public, pg_temp AS $$
BEGIN
  PERFORM pg_notify('callboard_events', json_build_object(
            'type', 'notification', 'organisationId', NEW.organisation_id,
            'userId', NEW.user_id, 'notificationId', NEW.id)::text);
  RETURN NULL;
END
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION events_notification() FROM PUBLIC, callboard_app;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER events_notification AFTER INSERT ON notifications
  FOR EACH ROW EXECUTE FUNCTION events_notification();
--> statement-breakpoint
-- functions/events_presence_changed.sql
-- Live updates: who has a call open changed (a stream opened or left it, or went away).
CREATE OR REPLACE FUNCTION events_presence_changed() RETURNS trigger
LANGUAGE plpgsql SET search_path = public, pg_temp AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM pg_notify('callboard_events', json_build_object(
              'type', 'presence.changed', 'organisationId', OLD.organisation_id,
              'callId', OLD.call_id)::text);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM pg_notify('callboard_events', json_build_object(
              'type', 'presence.changed', 'organisationId', NEW.organisation_id,
              'callId', NEW.call_id)::text);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION events_presence_changed() FROM PUBLIC, callboard_app;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER events_presence_changed
  AFTER INSERT OR DELETE OR UPDATE OF call_id ON call_presence
  FOR EACH ROW EXECUTE FUNCTION events_presence_changed();
--> statement-breakpoint
-- functions/events_session_ended.sql
-- Live updates: a session signed out or removed; the servers end its streams at once.
CREATE OR REPLACE FUNCTION events_session_ended() RETURNS trigger
LANGUAGE plpgsql SET search_path = public, pg_temp AS $$
BEGIN
  PERFORM pg_notify('callboard_events', json_build_object(
            'type', 'session.ended', 'sessionId', OLD.id, 'userId', OLD.user_id)::text);
  RETURN NULL;
END
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION events_session_ended() FROM PUBLIC, callboard_app;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER events_session_ended AFTER DELETE ON sessions
  FOR EACH ROW EXECUTE FUNCTION events_session_ended();
--> statement-breakpoint
-- tables/call_presence.sql
ALTER TABLE call_presence NO FORCE ROW LEVEL SECURITY, DISABLE ROW LEVEL SECURITY;
--> statement-breakpoint
-- Members see who in their organisation has one of its calls open. Rows are written on the owner
-- connection by the server that holds the stream (modules/events), never by a tenant statement.
ALTER TABLE call_presence ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE call_presence FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY call_presence_tenant_read ON call_presence FOR SELECT
  USING (organisation_id = (SELECT app_organisation_id()));
--> statement-breakpoint
GRANT SELECT ON call_presence TO callboard_app;
--> statement-breakpoint
-- tables/notifications.sql
ALTER TABLE notifications NO FORCE ROW LEVEL SECURITY, DISABLE ROW LEVEL SECURITY;
--> statement-breakpoint
-- Each user reads and marks read their own notifications, in their current organisation (one
-- who leaves stops seeing the old one's). A member writes one only as its actor, to a colleague,
-- about a call of the organisation (modules/notifications, with the assignment or note).
ALTER TABLE notifications ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE notifications FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY notifications_own_read ON notifications FOR SELECT
  USING (user_id = (SELECT app_user_id()) AND organisation_id = (SELECT app_organisation_id()));
--> statement-breakpoint
CREATE POLICY notifications_tenant_create ON notifications FOR INSERT
  WITH CHECK (
    organisation_id = (SELECT app_organisation_id())
    AND actor_id = (SELECT app_user_id())
    AND EXISTS (SELECT 1 FROM profiles p
                WHERE p.id = notifications.user_id AND p.organisation_id = notifications.organisation_id)
    AND EXISTS (SELECT 1 FROM call_log c
                WHERE c.call_id = notifications.call_id AND c.organisation_id = notifications.organisation_id)
  );
--> statement-breakpoint
CREATE POLICY notifications_own_update ON notifications FOR UPDATE
  USING (user_id = (SELECT app_user_id()) AND organisation_id = (SELECT app_organisation_id()))
  WITH CHECK (user_id = (SELECT app_user_id()) AND organisation_id = (SELECT app_organisation_id()));
--> statement-breakpoint
GRANT SELECT ON notifications TO callboard_app;
--> statement-breakpoint
GRANT INSERT (organisation_id, user_id, kind, call_id, actor_id, activity_id)
  ON notifications TO callboard_app;
--> statement-breakpoint
GRANT UPDATE (read_at) ON notifications TO callboard_app;
--> statement-breakpoint
-- tables/profiles.sql
DROP POLICY profiles_own_update ON profiles;
--> statement-breakpoint
DROP POLICY profiles_platform_read ON profiles;
--> statement-breakpoint
DROP POLICY profiles_tenant_read ON profiles;
--> statement-breakpoint
ALTER TABLE profiles NO FORCE ROW LEVEL SECURITY, DISABLE ROW LEVEL SECURITY;
--> statement-breakpoint
REVOKE ALL ON profiles FROM callboard_app;
--> statement-breakpoint
-- Everyone sees their organisation's people and always their own profile (GET /api/v1/me with
-- no organisation). UPDATE's USING covers the organisation so an admin can lock its admins
-- (SELECT … FOR UPDATE checks UPDATE policies); the column grants allow only names and the
-- email-notification setting, and WITH CHECK only one's own row. Role and membership change through set_member_role,
-- detach_member and accept_invitation.
ALTER TABLE profiles ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE profiles FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY profiles_tenant_read ON profiles FOR SELECT
  USING (organisation_id = (SELECT app_organisation_id()) OR id = (SELECT app_user_id()));
--> statement-breakpoint
CREATE POLICY profiles_platform_read ON profiles FOR SELECT
  USING ((SELECT app_is_platform()));
--> statement-breakpoint
CREATE POLICY profiles_own_update ON profiles FOR UPDATE
  USING (organisation_id = (SELECT app_organisation_id()) OR id = (SELECT app_user_id()))
  WITH CHECK (id = (SELECT app_user_id()));
--> statement-breakpoint
GRANT SELECT ON profiles TO callboard_app;
--> statement-breakpoint
GRANT UPDATE (first_name, last_name, notify_by_email) ON profiles TO callboard_app;
