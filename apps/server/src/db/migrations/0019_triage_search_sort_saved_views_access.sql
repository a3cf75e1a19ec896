-- Written by `npm run db:sql-migration` from the current definitions in src/db/sql/
-- (docs/decisions/0011-current-sql-definitions.md). Edit those files, not this one.
-- functions/call_log_phone_tokens.sql
REVOKE ALL ON FUNCTION call_log_phone_tokens(text) FROM PUBLIC;
--> statement-breakpoint
-- A phone number as the words the call search can match (docs/search.md): its digits in full
-- (447700499194), and for an international number also the national number (7700499194) and
-- its trunk form (07700499194), so each form people type finds it. The country calling code's
-- length follows the ITU's prefix-free plan: 1 and 7 are one digit, the list below two, every
-- other code three. IMMUTABLE: call_log.search_vector, a generated column, is built with it.
CREATE OR REPLACE FUNCTION call_log_phone_tokens(p_number text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE SET search_path = public, pg_temp AS $$
  SELECT CASE
    WHEN digits = '' THEN ''
    WHEN left(btrim(p_number), 1) <> '+' THEN digits
    ELSE concat_ws(' ', digits, substr(digits, code_length + 1), '0' || substr(digits, code_length + 1))
  END
  FROM (SELECT digits,
               CASE
                 WHEN left(digits, 1) IN ('1', '7') THEN 1
                 WHEN left(digits, 2) IN ('20', '27', '30', '31', '32', '33', '34', '36', '39',
                                          '40', '41', '43', '44', '45', '46', '47', '48', '49',
                                          '51', '52', '53', '54', '55', '56', '57', '58', '60',
                                          '61', '62', '63', '64', '65', '66', '81', '82', '84',
                                          '86', '90', '91', '92', '93', '94', '95', '98') THEN 2
                 ELSE 3
               END AS code_length
        FROM (SELECT regexp_replace(coalesce(p_number, ''), '[^0-9]', '', 'g') AS digits) AS d) AS n
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION call_log_phone_tokens(text) FROM PUBLIC, callboard_app;
--> statement-breakpoint
-- Writing a call computes the generated column as the writer.
GRANT EXECUTE ON FUNCTION call_log_phone_tokens(text) TO callboard_app;
--> statement-breakpoint
-- tables/organisations.sql
DROP POLICY organisations_platform_create ON organisations;
--> statement-breakpoint
DROP POLICY organisations_platform_read ON organisations;
--> statement-breakpoint
DROP POLICY organisations_tenant_read ON organisations;
--> statement-breakpoint
ALTER TABLE organisations NO FORCE ROW LEVEL SECURITY, DISABLE ROW LEVEL SECURITY;
--> statement-breakpoint
REVOKE ALL ON organisations FROM callboard_app;
--> statement-breakpoint
-- Members read their own organisation; platform operators read all and create. Its admins set
-- its settings (the phone country the call search reads local numbers with).
ALTER TABLE organisations ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE organisations FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY organisations_tenant_read ON organisations FOR SELECT
  USING (id = (SELECT app_organisation_id()));
--> statement-breakpoint
CREATE POLICY organisations_platform_read ON organisations FOR SELECT
  USING ((SELECT app_is_platform()));
--> statement-breakpoint
CREATE POLICY organisations_platform_create ON organisations FOR INSERT
  WITH CHECK ((SELECT app_is_platform()));
--> statement-breakpoint
CREATE POLICY organisations_admin_update ON organisations FOR UPDATE
  USING (id = (SELECT app_admin_organisation_id()))
  WITH CHECK (id = (SELECT app_admin_organisation_id()));
--> statement-breakpoint
GRANT SELECT, INSERT ON organisations TO callboard_app;
--> statement-breakpoint
GRANT UPDATE (phone_country) ON organisations TO callboard_app;
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
-- (SELECT … FOR UPDATE checks UPDATE policies); the column grants allow only names, the
-- email-notification setting and the call list's columns, and WITH CHECK only one's own row. Role
-- and membership change through set_member_role, detach_member and accept_invitation.
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
GRANT UPDATE (first_name, last_name, notify_by_email, call_list_columns) ON profiles TO callboard_app;
--> statement-breakpoint
-- tables/saved_views.sql
ALTER TABLE saved_views NO FORCE ROW LEVEL SECURITY, DISABLE ROW LEVEL SECURITY;
--> statement-breakpoint
-- Saved views of the call list (docs/search.md, "Saved views"). A member reads their own views
-- and the organisation's shared ones, and creates views as themselves. A view is changed or
-- deleted by its owner; a shared one also by the organisation's admins.
ALTER TABLE saved_views ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE saved_views FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY saved_views_tenant_read ON saved_views FOR SELECT
  USING (organisation_id = (SELECT app_organisation_id())
         AND (shared OR owner_id = (SELECT app_user_id())));
--> statement-breakpoint
CREATE POLICY saved_views_own_create ON saved_views FOR INSERT
  WITH CHECK (organisation_id = (SELECT app_organisation_id())
              AND owner_id = (SELECT app_user_id()));
--> statement-breakpoint
CREATE POLICY saved_views_keeper_update ON saved_views FOR UPDATE
  USING (organisation_id = (SELECT app_organisation_id())
         AND (owner_id = (SELECT app_user_id())
              OR (shared AND organisation_id = (SELECT app_admin_organisation_id()))))
  WITH CHECK (organisation_id = (SELECT app_organisation_id()));
--> statement-breakpoint
CREATE POLICY saved_views_keeper_delete ON saved_views FOR DELETE
  USING (organisation_id = (SELECT app_organisation_id())
         AND (owner_id = (SELECT app_user_id())
              OR (shared AND organisation_id = (SELECT app_admin_organisation_id()))));
--> statement-breakpoint
GRANT SELECT, DELETE ON saved_views TO callboard_app;
--> statement-breakpoint
GRANT INSERT (organisation_id, owner_id, shared, name, query, columns) ON saved_views TO callboard_app;
--> statement-breakpoint
GRANT UPDATE (shared, name, query, columns, updated_at) ON saved_views TO callboard_app;
