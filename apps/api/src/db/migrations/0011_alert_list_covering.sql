-- The Alerts list's sorts over root alerts, with its tie-breaker (seq desc nulls last) and INCLUDE (id), so a
-- page's ids are read from the index alone (index-only scan) before their rows are loaded. Generated from
-- schema.ts, then INCLUDE (id) added by hand (drizzle cannot express it). Dependents are listed only on
-- request (`dependents=true`), so the indexes are partial on roots.
DROP INDEX "alerts_org_state_raised_idx";--> statement-breakpoint
DROP INDEX "alerts_org_state_cleared_idx";--> statement-breakpoint
DROP INDEX "alerts_org_state_severity_idx";--> statement-breakpoint
CREATE INDEX "alerts_org_state_raised_idx" ON "alerts" USING btree ("organization_id","state","raised_at" DESC NULLS LAST,"seq" DESC NULLS LAST) INCLUDE ("id") WHERE "alerts"."root_alert_id" is null;--> statement-breakpoint
CREATE INDEX "alerts_org_state_cleared_idx" ON "alerts" USING btree ("organization_id","state","cleared_at" DESC NULLS LAST,"seq" DESC NULLS LAST) INCLUDE ("id") WHERE "alerts"."root_alert_id" is null;--> statement-breakpoint
CREATE INDEX "alerts_org_state_severity_idx" ON "alerts" USING btree ("organization_id","state",(case "severity" when 'critical' then 0 when 'major' then 1 when 'minor' then 2 else 3 end),"seq" DESC NULLS LAST) INCLUDE ("id") WHERE "alerts"."root_alert_id" is null;
