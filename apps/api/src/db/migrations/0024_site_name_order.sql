DROP INDEX "sites_organization_idx";--> statement-breakpoint
CREATE INDEX "sites_organization_idx" ON "sites" USING btree ("organization_id","name","id");