CREATE TABLE "device_status_intervals" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"device_id" uuid NOT NULL,
	"organization_id" uuid NOT NULL,
	"status" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "site_favorites" (
	"user_id" uuid NOT NULL,
	"site_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "site_favorites_user_id_site_id_pk" PRIMARY KEY("user_id","site_id")
);
--> statement-breakpoint
CREATE TABLE "site_visits" (
	"user_id" uuid NOT NULL,
	"site_id" uuid NOT NULL,
	"last_visited" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "site_visits_user_id_site_id_pk" PRIMARY KEY("user_id","site_id")
);
--> statement-breakpoint
CREATE TABLE "wan_samples" (
	"device_id" uuid NOT NULL,
	"time" timestamp with time zone NOT NULL,
	"source_interface" text NOT NULL,
	"ip_address" text NOT NULL,
	"ping" real,
	"jitter" real,
	CONSTRAINT "wan_samples_device_id_time_pk" PRIMARY KEY("device_id","time")
);
--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "verified_address" jsonb;--> statement-breakpoint
ALTER TABLE "device_status_intervals" ADD CONSTRAINT "device_status_intervals_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_status_intervals" ADD CONSTRAINT "device_status_intervals_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_favorites" ADD CONSTRAINT "site_favorites_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_favorites" ADD CONSTRAINT "site_favorites_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_visits" ADD CONSTRAINT "site_visits_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_visits" ADD CONSTRAINT "site_visits_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wan_samples" ADD CONSTRAINT "wan_samples_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "device_status_intervals_device_started_idx" ON "device_status_intervals" USING btree ("device_id","started_at");--> statement-breakpoint
CREATE INDEX "device_status_intervals_org_started_idx" ON "device_status_intervals" USING btree ("organization_id","started_at");--> statement-breakpoint
CREATE INDEX "site_favorites_site_idx" ON "site_favorites" USING btree ("site_id");--> statement-breakpoint
CREATE INDEX "site_visits_user_last_visited_idx" ON "site_visits" USING btree ("user_id","last_visited");--> statement-breakpoint
CREATE INDEX "site_visits_site_idx" ON "site_visits" USING btree ("site_id");--> statement-breakpoint
CREATE INDEX "devices_organization_kind_idx" ON "devices" USING btree ("organization_id","kind");--> statement-breakpoint
CREATE INDEX "devices_organization_model_idx" ON "devices" USING btree ("organization_id","model");--> statement-breakpoint
CREATE INDEX "sites_organization_account_idx" ON "sites" USING btree ("organization_id","back_office_account_id");