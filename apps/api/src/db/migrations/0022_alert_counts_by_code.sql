-- Alert counts by code too, and the list's sort indexes covering code and severity (ARCHITECTURE "Alerts",
-- its list). A list filtered by code and/or severity (the Alerts screen's chips) then takes its total from
-- org_alert_counts instead of counting up to 10 000 rows, and picks its page's ids from the sort index alone,
-- testing code and severity on the index entries instead of on each row; a free-text total counts the matched
-- sites' roots from an index alone. The counts are rebuilt from what is
-- stored; the table's key gains the code. Generated from schema.ts, reordered by hand (drizzle set the new key
-- before adding its column); the rest is hand-written.
DELETE FROM "org_alert_counts";--> statement-breakpoint
ALTER TABLE "org_alert_counts" DROP CONSTRAINT "org_alert_counts_organization_id_state_severity_pk";--> statement-breakpoint
ALTER TABLE "org_alert_counts" ADD COLUMN "code" text NOT NULL;--> statement-breakpoint
ALTER TABLE "org_alert_counts" ADD CONSTRAINT "org_alert_counts_organization_id_state_severity_code_pk" PRIMARY KEY("organization_id","state","severity","code");--> statement-breakpoint
CREATE OR REPLACE FUNCTION vnoc_alerts_inserted() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO org_alert_counts AS c (organization_id, state, severity, code, n)
    SELECT organization_id, state, severity, code, count(*) FROM new_rows WHERE root_alert_id IS NULL
    GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
    ON CONFLICT (organization_id, state, severity, code) DO UPDATE SET n = c.n + excluded.n;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION vnoc_alerts_deleted() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO org_alert_counts AS c (organization_id, state, severity, code, n)
    SELECT organization_id, state, severity, code, -count(*) FROM old_rows WHERE root_alert_id IS NULL
    GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
    ON CONFLICT (organization_id, state, severity, code) DO UPDATE SET n = c.n + excluded.n;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION vnoc_alerts_updated() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO org_alert_counts AS c (organization_id, state, severity, code, n)
    SELECT organization_id, state, severity, code, sum(n) FROM (
      SELECT organization_id, state, severity, code, 1 AS n FROM new_rows WHERE root_alert_id IS NULL
      UNION ALL
      SELECT organization_id, state, severity, code, -1 FROM old_rows WHERE root_alert_id IS NULL) u
    GROUP BY 1, 2, 3, 4 HAVING sum(n) <> 0 ORDER BY 1, 2, 3, 4
    ON CONFLICT (organization_id, state, severity, code) DO UPDATE SET n = c.n + excluded.n;
  RETURN NULL;
END
$$;--> statement-breakpoint
INSERT INTO org_alert_counts (organization_id, state, severity, code, n)
  SELECT organization_id, state, severity, code, count(*) FROM alerts WHERE root_alert_id IS NULL GROUP BY 1, 2, 3, 4;--> statement-breakpoint
DROP INDEX "alerts_org_state_raised_idx";--> statement-breakpoint
DROP INDEX "alerts_org_state_cleared_idx";--> statement-breakpoint
DROP INDEX "alerts_org_state_severity_idx";--> statement-breakpoint
CREATE INDEX "alerts_org_state_raised_idx" ON "alerts" USING btree ("organization_id","state","raised_at" DESC NULLS LAST,"seq" DESC NULLS LAST) INCLUDE ("id","code","severity") WHERE "alerts"."root_alert_id" is null;--> statement-breakpoint
CREATE INDEX "alerts_org_state_cleared_idx" ON "alerts" USING btree ("organization_id","state","cleared_at" DESC NULLS LAST,"seq" DESC NULLS LAST) INCLUDE ("id","code","severity") WHERE "alerts"."root_alert_id" is null;--> statement-breakpoint
CREATE INDEX "alerts_org_state_severity_idx" ON "alerts" USING btree ("organization_id","state",(case "severity" when 'critical' then 0 when 'major' then 1 when 'minor' then 2 else 3 end),"seq" DESC NULLS LAST) INCLUDE ("id","code","severity") WHERE "alerts"."root_alert_id" is null;;--> statement-breakpoint
CREATE INDEX "alerts_root_site_state_idx" ON "alerts" USING btree ("site_id","state") INCLUDE ("organization_id") WHERE "alerts"."root_alert_id" is null;
