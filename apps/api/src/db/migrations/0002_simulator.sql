CREATE TABLE "device_daily_stats" (
	"device_id" uuid NOT NULL,
	"day" date NOT NULL,
	"organization_id" uuid NOT NULL,
	"seconds_online" integer NOT NULL,
	"seconds_offline" integer NOT NULL,
	"seconds_on_backup" integer NOT NULL,
	"seconds_on_primary" integer NOT NULL,
	"offline_events" integer NOT NULL,
	"backup_events" integer NOT NULL,
	"percent_online" double precision NOT NULL,
	"percent_offline" double precision NOT NULL,
	"percent_on_backup" double precision NOT NULL,
	"percent_on_primary" double precision NOT NULL,
	CONSTRAINT "device_daily_stats_device_id_day_pk" PRIMARY KEY("device_id","day")
);
--> statement-breakpoint
ALTER TABLE "device_daily_stats" ADD CONSTRAINT "device_daily_stats_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_daily_stats" ADD CONSTRAINT "device_daily_stats_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "device_daily_stats_org_day_idx" ON "device_daily_stats" USING btree ("organization_id","day");--> statement-breakpoint
CREATE UNIQUE INDEX "device_status_intervals_open_key" ON "device_status_intervals" USING btree ("device_id") WHERE "device_status_intervals"."ended_at" is null;