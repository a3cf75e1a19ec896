CREATE TABLE "call_counts" (
	"organisation_id" uuid NOT NULL,
	"status" text NOT NULL,
	"deleted" boolean NOT NULL,
	"calls" bigint NOT NULL,
	CONSTRAINT "call_counts_organisation_id_status_deleted_pk" PRIMARY KEY("organisation_id","status","deleted")
);
--> statement-breakpoint
ALTER TABLE "call_counts" ADD CONSTRAINT "call_counts_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;