-- Issue 34: an email-domain claim counts (single sign-on tile, username routing, self-registration, the
-- "another organization lists this domain" rule) only once proven by a code emailed to a mailbox at the domain.
-- Existing claims become pending (no verified_domains row): they were accepted first come, first served
-- without proof, so any of them may be another company's domain taken over, and verifying them here would make
-- such a takeover permanent and block the real owner. What pending costs is small: people with an account
-- still sign in as before (their organization is found by their account, not their domain); only the
-- domain-wide tile and self-registration wait until an administrator sends one verification email. The demo
-- seed marks its own domains verified when it seeds.
CREATE TABLE "domain_verifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"domain" text NOT NULL,
	"mailbox" text NOT NULL,
	"code_hash" text NOT NULL,
	"requested_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "verified_domains" (
	"domain" text PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"mailbox" text,
	"verified_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "domain_verifications" ADD CONSTRAINT "domain_verifications_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verified_domains" ADD CONSTRAINT "verified_domains_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "domain_verifications_organization_idx" ON "domain_verifications" USING btree ("organization_id","domain");