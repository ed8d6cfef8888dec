CREATE TABLE "device_credentials" (
	"device_id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"secret_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"rotated_at" timestamp with time zone,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "device_interface_samples" (
	"device_id" uuid NOT NULL,
	"interface" text NOT NULL,
	"time" timestamp with time zone NOT NULL,
	"up" boolean,
	"rx_bytes" bigint,
	"tx_bytes" bigint,
	"rx_errors" bigint,
	"tx_errors" bigint,
	CONSTRAINT "device_interface_samples_device_id_interface_time_pk" PRIMARY KEY("device_id","interface","time")
);
--> statement-breakpoint
CREATE TABLE "device_resource_samples" (
	"device_id" uuid NOT NULL,
	"time" timestamp with time zone NOT NULL,
	"load1" real,
	"memory_used_percent" real,
	"disk_used_percent" real,
	"uptime_seconds" bigint,
	"wireless_clients" integer,
	CONSTRAINT "device_resource_samples_device_id_time_pk" PRIMARY KEY("device_id","time")
);
--> statement-breakpoint
CREATE TABLE "device_telemetry" (
	"device_id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"sampled_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	"monitoring" jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "driver" text DEFAULT 'simulator' NOT NULL;--> statement-breakpoint
ALTER TABLE "device_credentials" ADD CONSTRAINT "device_credentials_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_credentials" ADD CONSTRAINT "device_credentials_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_interface_samples" ADD CONSTRAINT "device_interface_samples_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_resource_samples" ADD CONSTRAINT "device_resource_samples_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_telemetry" ADD CONSTRAINT "device_telemetry_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_telemetry" ADD CONSTRAINT "device_telemetry_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;