ALTER TABLE "api_keys" ADD COLUMN "prefix" text NOT NULL;--> statement-breakpoint
ALTER TABLE "api_keys" ADD COLUMN "created_by" uuid;--> statement-breakpoint
ALTER TABLE "call_log" ADD COLUMN "external_id" text;--> statement-breakpoint
ALTER TABLE "call_log" ADD COLUMN "metadata" jsonb;--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_created_by_profiles_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "call_log_external_id_key" ON "call_log" USING btree ("organisation_id","external_id");