CREATE TABLE "call_daily_closes" (
	"organisation_id" uuid NOT NULL,
	"agent_id" text,
	"day" timestamp with time zone NOT NULL,
	"bucket" integer NOT NULL,
	"closes" integer NOT NULL,
	CONSTRAINT "call_daily_closes_key" UNIQUE NULLS NOT DISTINCT("organisation_id","agent_id","day","bucket")
);
--> statement-breakpoint
CREATE TABLE "call_daily_reasons" (
	"organisation_id" uuid NOT NULL,
	"agent_id" text NOT NULL,
	"day" timestamp with time zone NOT NULL,
	"reason" text,
	"calls" integer NOT NULL,
	CONSTRAINT "call_daily_reasons_key" UNIQUE NULLS NOT DISTINCT("organisation_id","day","agent_id","reason")
);
