CREATE TABLE "call_hourly" (
	"organisation_id" uuid NOT NULL,
	"agent_id" text NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"new_0" integer NOT NULL,
	"new_1" integer NOT NULL,
	"new_2" integer NOT NULL,
	"new_3" integer NOT NULL,
	"in_progress_0" integer NOT NULL,
	"in_progress_1" integer NOT NULL,
	"in_progress_2" integer NOT NULL,
	"in_progress_3" integer NOT NULL,
	"closed_0" integer NOT NULL,
	"closed_1" integer NOT NULL,
	"closed_2" integer NOT NULL,
	"closed_3" integer NOT NULL,
	"duration_total" bigint NOT NULL,
	"with_duration" integer NOT NULL,
	"positive" integer NOT NULL,
	"neutral" integer NOT NULL,
	"negative" integer NOT NULL,
	"open_delta" integer NOT NULL,
	"unassigned_delta" integer NOT NULL,
	CONSTRAINT "call_hourly_organisation_id_hour_agent_id_pk" PRIMARY KEY("organisation_id","hour","agent_id")
);
--> statement-breakpoint
CREATE TABLE "call_hourly_reasons" (
	"organisation_id" uuid NOT NULL,
	"agent_id" text NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"reason" text,
	"calls" integer NOT NULL,
	CONSTRAINT "call_hourly_reasons_key" UNIQUE NULLS NOT DISTINCT("organisation_id","hour","agent_id","reason")
);
--> statement-breakpoint
CREATE TABLE "call_timeline" (
	"call_id" text NOT NULL,
	"arrival" boolean NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"organisation_id" uuid NOT NULL,
	"agent_id" text NOT NULL,
	"status" text,
	"assignee_id" uuid,
	"sentiment" text,
	"duration_seconds" integer,
	"disconnection_reason" text,
	"open_delta" integer NOT NULL,
	"unassigned_delta" integer NOT NULL,
	"close_seconds" double precision,
	"previous_close_at" timestamp with time zone,
	CONSTRAINT "call_timeline_call_id_arrival_at_pk" PRIMARY KEY("call_id","arrival","at")
);
--> statement-breakpoint
CREATE TABLE "call_workload" (
	"organisation_id" uuid NOT NULL,
	"agent_id" text NOT NULL,
	"assignee_id" uuid,
	"calls" integer NOT NULL,
	CONSTRAINT "call_workload_key" UNIQUE NULLS NOT DISTINCT("organisation_id","agent_id","assignee_id")
);
--> statement-breakpoint
CREATE INDEX "call_timeline_organisation_at_idx" ON "call_timeline" USING btree ("organisation_id","at");--> statement-breakpoint
-- Closes for analytics' calls closed and median time to close, read index-only (docs/analytics.md).
CREATE INDEX "call_timeline_closes_idx" ON "call_timeline" USING btree ("organisation_id","at")
  INCLUDE ("agent_id","previous_close_at","close_seconds") WHERE "close_seconds" IS NOT NULL;
