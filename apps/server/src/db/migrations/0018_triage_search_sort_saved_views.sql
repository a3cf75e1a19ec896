-- call_log.search_vector (below) is built with call_log_phone_tokens, so the function comes first;
-- its source is db/sql/functions/call_log_phone_tokens.sql.
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
CREATE TABLE "saved_views" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"owner_id" uuid NOT NULL,
	"shared" boolean DEFAULT false NOT NULL,
	"name" text NOT NULL,
	"query" text NOT NULL,
	"columns" text[],
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "saved_views_name_check" CHECK (length("saved_views"."name") between 1 and 60),
	CONSTRAINT "saved_views_query_check" CHECK (length("saved_views"."query") <= 2000)
);
--> statement-breakpoint
ALTER TABLE "call_log" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple'::regconfig,
    coalesce(caller_name, '') || ' ' || call_id || ' '
    || call_log_phone_tokens(from_number) || ' ' || call_log_phone_tokens(to_number) || ' '
    || coalesce(summary, ''))
  || jsonb_to_tsvector('simple'::regconfig,
    coalesce(jsonb_path_query_array(transcript, '$[*].text'), '[]'::jsonb), '["string"]'::jsonb)) STORED;--> statement-breakpoint
ALTER TABLE "organisations" ADD COLUMN "phone_country" text DEFAULT 'GB' NOT NULL;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "call_list_columns" text[];--> statement-breakpoint
ALTER TABLE "saved_views" ADD CONSTRAINT "saved_views_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_views" ADD CONSTRAINT "saved_views_owner_id_profiles_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "saved_views_organisation_idx" ON "saved_views" USING btree ("organisation_id","owner_id");--> statement-breakpoint
CREATE UNIQUE INDEX "saved_views_personal_name_key" ON "saved_views" USING btree ("owner_id",lower("name")) WHERE not "saved_views"."shared";--> statement-breakpoint
CREATE UNIQUE INDEX "saved_views_shared_name_key" ON "saved_views" USING btree ("organisation_id",lower("name")) WHERE "saved_views"."shared";--> statement-breakpoint
CREATE INDEX "call_activity_note_search_idx" ON "call_activity" USING gin (to_tsvector('simple'::regconfig, coalesce("body", ''))) WHERE "call_activity"."type" = 'NOTE';--> statement-breakpoint
CREATE INDEX "call_log_search_idx" ON "call_log" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "call_log_sort_duration_idx" ON "call_log" USING btree ("organisation_id","duration_seconds" DESC NULLS LAST,"end_datetime" DESC NULLS FIRST,"call_id" DESC NULLS FIRST) WHERE "call_log"."deleted_flag" is not true;--> statement-breakpoint
CREATE INDEX "call_log_sort_caller_idx" ON "call_log" USING btree ("organisation_id",lower("caller_name") asc nulls last,"end_datetime" DESC NULLS FIRST,"call_id" DESC NULLS FIRST) WHERE "call_log"."deleted_flag" is not true;--> statement-breakpoint
CREATE INDEX "call_log_sort_status_idx" ON "call_log" USING btree ("organisation_id",(CASE status WHEN 'New' THEN 0 WHEN 'In progress' THEN 1 ELSE 2 END),"end_datetime" DESC NULLS FIRST,"call_id" DESC NULLS FIRST) WHERE "call_log"."deleted_flag" is not true;--> statement-breakpoint
CREATE INDEX "call_log_agent_list_idx" ON "call_log" USING btree ("organisation_id","agent_id","end_datetime" DESC NULLS FIRST,"call_id" DESC NULLS FIRST) WHERE "call_log"."deleted_flag" is not true;--> statement-breakpoint
CREATE INDEX "call_log_assignee_list_idx" ON "call_log" USING btree ("organisation_id","assignee_id","end_datetime" DESC NULLS FIRST,"call_id" DESC NULLS FIRST) WHERE "call_log"."deleted_flag" is not true;--> statement-breakpoint
ALTER TABLE "organisations" ADD CONSTRAINT "organisations_phone_country_check" CHECK ("organisations"."phone_country" ~ '^[A-Z]{2}$');