ALTER TABLE "organizations" ADD COLUMN "sso_jwks_uri" text;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "sso_userinfo_endpoint" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "sso_issuer" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "sso_subject" text;--> statement-breakpoint
CREATE UNIQUE INDEX "users_sso_identity_key" ON "users" USING btree ("sso_issuer","sso_subject");