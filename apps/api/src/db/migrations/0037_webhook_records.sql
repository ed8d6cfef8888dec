CREATE TABLE "webhook_records" (
	"destination_id" uuid NOT NULL,
	"subject" text NOT NULL,
	"remote_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "webhook_records_destination_id_subject_pk" PRIMARY KEY("destination_id","subject")
);
--> statement-breakpoint
ALTER TABLE "webhook_records" ADD CONSTRAINT "webhook_records_destination_id_webhook_destinations_id_fk" FOREIGN KEY ("destination_id") REFERENCES "public"."webhook_destinations"("id") ON DELETE cascade ON UPDATE no action;