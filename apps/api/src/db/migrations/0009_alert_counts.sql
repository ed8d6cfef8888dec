CREATE TABLE "org_alert_counts" (
	"organization_id" uuid NOT NULL,
	"state" text NOT NULL,
	"severity" text NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "org_alert_counts_organization_id_state_severity_pk" PRIMARY KEY("organization_id","state","severity")
);
--> statement-breakpoint
ALTER TABLE "org_alert_counts" ADD CONSTRAINT "org_alert_counts_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Hand-written from here (ARCHITECTURE "Alert counts"): statement-level triggers keep org_alert_counts, so
-- every writer (the engine, seeds, tests) keeps it right. Only roots count (root_alert_id is null). An update
-- adds its new rows and takes away its old ones per (organization, state, severity); updates that change none
-- of those (last seen, details, acknowledgement …) net to zero and write nothing. Rows are upserted in key
-- order so concurrent writers cannot deadlock.
CREATE FUNCTION vnoc_alerts_inserted() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO org_alert_counts AS c (organization_id, state, severity, n)
    SELECT organization_id, state, severity, count(*) FROM new_rows WHERE root_alert_id IS NULL
    GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (organization_id, state, severity) DO UPDATE SET n = c.n + excluded.n;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION vnoc_alerts_deleted() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO org_alert_counts AS c (organization_id, state, severity, n)
    SELECT organization_id, state, severity, -count(*) FROM old_rows WHERE root_alert_id IS NULL
    GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (organization_id, state, severity) DO UPDATE SET n = c.n + excluded.n;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION vnoc_alerts_updated() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO org_alert_counts AS c (organization_id, state, severity, n)
    SELECT organization_id, state, severity, sum(n) FROM (
      SELECT organization_id, state, severity, 1 AS n FROM new_rows WHERE root_alert_id IS NULL
      UNION ALL
      SELECT organization_id, state, severity, -1 FROM old_rows WHERE root_alert_id IS NULL) u
    GROUP BY 1, 2, 3 HAVING sum(n) <> 0 ORDER BY 1, 2, 3
    ON CONFLICT (organization_id, state, severity) DO UPDATE SET n = c.n + excluded.n;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION vnoc_alerts_truncated() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM org_alert_counts;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER alerts_counts_inserted AFTER INSERT ON alerts
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION vnoc_alerts_inserted();--> statement-breakpoint
CREATE TRIGGER alerts_counts_deleted AFTER DELETE ON alerts
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION vnoc_alerts_deleted();--> statement-breakpoint
CREATE TRIGGER alerts_counts_updated AFTER UPDATE ON alerts
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION vnoc_alerts_updated();--> statement-breakpoint
CREATE TRIGGER alerts_counts_truncated AFTER TRUNCATE ON alerts
  FOR EACH STATEMENT EXECUTE FUNCTION vnoc_alerts_truncated();--> statement-breakpoint
-- Backfill from what is stored.
INSERT INTO org_alert_counts (organization_id, state, severity, n)
  SELECT organization_id, state, severity, count(*) FROM alerts WHERE root_alert_id IS NULL GROUP BY 1, 2, 3;
