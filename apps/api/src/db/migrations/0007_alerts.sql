CREATE TABLE "alert_notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"alert_id" uuid NOT NULL,
	"author_id" uuid NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "alert_seen" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"alert_id" uuid,
	"seq" bigint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "alerts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigserial NOT NULL,
	"organization_id" uuid NOT NULL,
	"site_id" uuid,
	"device_id" uuid,
	"region" text,
	"code" text NOT NULL,
	"severity" text NOT NULL,
	"state" text DEFAULT 'active' NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"raised_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL,
	"cleared_at" timestamp with time zone,
	"occurrences" integer DEFAULT 1 NOT NULL,
	"root_alert_id" uuid,
	"acknowledged_at" timestamp with time zone,
	"acknowledged_by" uuid,
	"assignee_id" uuid,
	"in_maintenance" boolean DEFAULT false NOT NULL,
	"clear_notified" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "maintenance_window_sites" (
	"window_id" uuid NOT NULL,
	"site_id" uuid NOT NULL,
	CONSTRAINT "maintenance_window_sites_window_id_site_id_pk" PRIMARY KEY("window_id","site_id")
);
--> statement-breakpoint
CREATE TABLE "maintenance_windows" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"group_id" uuid,
	"reason" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"created_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notification_profiles" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"profile" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"alert_id" uuid,
	"kind" text NOT NULL,
	"channel" text NOT NULL,
	"destination" text NOT NULL,
	"subject" text,
	"body" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"not_before" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "alert_notes" ADD CONSTRAINT "alert_notes_alert_id_alerts_id_fk" FOREIGN KEY ("alert_id") REFERENCES "public"."alerts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_notes" ADD CONSTRAINT "alert_notes_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_seen" ADD CONSTRAINT "alert_seen_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_seen" ADD CONSTRAINT "alert_seen_alert_id_alerts_id_fk" FOREIGN KEY ("alert_id") REFERENCES "public"."alerts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_acknowledged_by_users_id_fk" FOREIGN KEY ("acknowledged_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_assignee_id_users_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_window_sites" ADD CONSTRAINT "maintenance_window_sites_window_id_maintenance_windows_id_fk" FOREIGN KEY ("window_id") REFERENCES "public"."maintenance_windows"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_window_sites" ADD CONSTRAINT "maintenance_window_sites_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_windows" ADD CONSTRAINT "maintenance_windows_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_windows" ADD CONSTRAINT "maintenance_windows_group_id_site_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."site_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_windows" ADD CONSTRAINT "maintenance_windows_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_profiles" ADD CONSTRAINT "notification_profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_alert_id_alerts_id_fk" FOREIGN KEY ("alert_id") REFERENCES "public"."alerts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "alert_notes_alert_idx" ON "alert_notes" USING btree ("alert_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "alerts_seq_key" ON "alerts" USING btree ("seq");--> statement-breakpoint
CREATE UNIQUE INDEX "alerts_active_device_code_key" ON "alerts" USING btree ("device_id","code") WHERE "alerts"."state" = 'active' and "alerts"."device_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "alerts_active_region_code_key" ON "alerts" USING btree ("organization_id","region","code") WHERE "alerts"."state" = 'active' and "alerts"."device_id" is null;--> statement-breakpoint
CREATE INDEX "alerts_org_state_raised_idx" ON "alerts" USING btree ("organization_id","state","raised_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "alerts_org_state_cleared_idx" ON "alerts" USING btree ("organization_id","state","cleared_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "alerts_root_idx" ON "alerts" USING btree ("root_alert_id") WHERE "alerts"."root_alert_id" is not null;--> statement-breakpoint
CREATE INDEX "alerts_site_state_idx" ON "alerts" USING btree ("site_id","state");--> statement-breakpoint
CREATE INDEX "alerts_device_state_idx" ON "alerts" USING btree ("device_id","state","raised_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "alerts_cleared_unnotified_idx" ON "alerts" USING btree ("cleared_at") WHERE "alerts"."state" = 'cleared' and not "alerts"."clear_notified";--> statement-breakpoint
CREATE INDEX "maintenance_window_sites_site_idx" ON "maintenance_window_sites" USING btree ("site_id");--> statement-breakpoint
CREATE INDEX "maintenance_windows_org_ends_idx" ON "maintenance_windows" USING btree ("organization_id","ends_at");--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_idempotency_key" ON "notifications" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "notifications_due_idx" ON "notifications" USING btree ("not_before") WHERE "notifications"."state" = 'pending';--> statement-breakpoint
CREATE INDEX "notifications_user_created_idx" ON "notifications" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_root_alert_id_alerts_id_fk" FOREIGN KEY ("root_alert_id") REFERENCES "public"."alerts"("id") ON DELETE set null ON UPDATE no action;