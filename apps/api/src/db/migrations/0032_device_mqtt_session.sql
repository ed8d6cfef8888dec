ALTER TABLE "device_credentials" ADD COLUMN "mqtt_session" bigint;--> statement-breakpoint
ALTER TABLE "device_credentials" ADD COLUMN "mqtt_session_gone" boolean DEFAULT false NOT NULL;