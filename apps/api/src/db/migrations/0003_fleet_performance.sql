-- Fleet performance (DESIGN.md §8, ARCHITECTURE "Site status", "Status counts", "Free text"): the stored
-- site status, per-organization device and site status counts, and trigram indexes for the free text.
-- The statements from CREATE TABLE to the last CREATE INDEX are generated from schema.ts; the rest is
-- hand-written (the extension comes first: the trigram indexes need it).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "org_device_status_counts" (
	"organization_id" uuid NOT NULL,
	"status" text NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "org_device_status_counts_organization_id_status_pk" PRIMARY KEY("organization_id","status")
);
--> statement-breakpoint
CREATE TABLE "org_site_status_counts" (
	"organization_id" uuid NOT NULL,
	"status" text NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "org_site_status_counts_organization_id_status_pk" PRIMARY KEY("organization_id","status")
);
--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "status" text DEFAULT 'unknown' NOT NULL;--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "status_rank" smallint DEFAULT 6 NOT NULL;--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(name || ' ' || coalesce(alias, '') || ' ' || coalesce(back_office_account_id, '') || ' ' || coalesce(street || ' ', '') || coalesce(city || ' ', '') || coalesce(state || ' ', '') || coalesce(zip || ' ', '') || country || ' ' || jsonb_path_query_array(account_holders, '$[*].name')::text)) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "org_device_status_counts" ADD CONSTRAINT "org_device_status_counts_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "org_site_status_counts" ADD CONSTRAINT "org_site_status_counts_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "devices_mac_address_trgm_idx" ON "devices" USING gin ("mac_address" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "sites_organization_status_idx" ON "sites" USING btree ("organization_id","status","name","id");--> statement-breakpoint
CREATE INDEX "sites_organization_status_rank_idx" ON "sites" USING btree ("organization_id","status_rank","name","id");--> statement-breakpoint
CREATE INDEX "sites_search_text_trgm_idx" ON "sites" USING gin ("search_text" gin_trgm_ops);
--> statement-breakpoint
-- Severity of a device status, worst first (ARCHITECTURE "Site status").
CREATE FUNCTION vnoc_status_rank(status text) RETURNS smallint
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT (CASE status WHEN 'offline' THEN 0 WHEN 'rebooting' THEN 1 WHEN 'error' THEN 2 WHEN 'onbackup' THEN 3
    WHEN 'pending' THEN 4 WHEN 'uninstalled' THEN 5 WHEN 'unknown' THEN 6 ELSE 7 END)::smallint
$$;--> statement-breakpoint
-- Recomputes sites.status/status_rank of these sites from their edge devices (firewall or 5G; none →
-- unknown). Rows already right are left alone; sites are locked in id order.
CREATE FUNCTION vnoc_refresh_site_status(site_ids uuid[]) RETURNS void
LANGUAGE sql AS $$
  UPDATE sites s SET status = w.status, status_rank = vnoc_status_rank(w.status)
  FROM (
    SELECT x.id, coalesce(e.status, 'unknown') AS status
    FROM (SELECT DISTINCT id FROM unnest(site_ids) AS u(id) WHERE id IS NOT NULL) x
    LEFT JOIN LATERAL (
      SELECT d.status FROM devices d
      WHERE d.site_id = x.id AND d.kind IN ('firewall', '5g')
      ORDER BY vnoc_status_rank(d.status) LIMIT 1) e ON true
    ORDER BY x.id
  ) w
  WHERE s.id = w.id AND (s.status IS DISTINCT FROM w.status OR s.status_rank <> vnoc_status_rank(w.status))
$$;--> statement-breakpoint
CREATE FUNCTION vnoc_devices_inserted() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM vnoc_refresh_site_status(ARRAY(SELECT site_id FROM new_rows WHERE kind IN ('firewall', '5g')));
  INSERT INTO org_device_status_counts AS c (organization_id, status, n)
    SELECT organization_id, status, count(*) FROM new_rows GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT (organization_id, status) DO UPDATE SET n = c.n + excluded.n;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION vnoc_devices_deleted() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM vnoc_refresh_site_status(ARRAY(SELECT site_id FROM old_rows WHERE kind IN ('firewall', '5g')));
  INSERT INTO org_device_status_counts AS c (organization_id, status, n)
    SELECT organization_id, status, -count(*) FROM old_rows GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT (organization_id, status) DO UPDATE SET n = c.n + excluded.n;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION vnoc_device_updated() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF (OLD.kind IN ('firewall', '5g') OR NEW.kind IN ('firewall', '5g'))
      AND (OLD.status, OLD.kind, OLD.site_id) IS DISTINCT FROM (NEW.status, NEW.kind, NEW.site_id) THEN
    PERFORM vnoc_refresh_site_status(ARRAY[OLD.site_id, NEW.site_id]);
  END IF;
  IF (OLD.organization_id, OLD.status) IS DISTINCT FROM (NEW.organization_id, NEW.status) THEN
    INSERT INTO org_device_status_counts AS c (organization_id, status, n)
      SELECT * FROM (VALUES (OLD.organization_id, OLD.status, -1), (NEW.organization_id, NEW.status, 1)) v
      ORDER BY 1, 2
      ON CONFLICT (organization_id, status) DO UPDATE SET n = c.n + excluded.n;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION vnoc_devices_truncated() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM org_device_status_counts;
  UPDATE sites SET status = 'unknown', status_rank = vnoc_status_rank('unknown') WHERE status <> 'unknown';
  RETURN NULL;
END
$$;--> statement-breakpoint
-- Statement-level for inserts and deletes (bulk seeds insert 100k rows in one statement); row-level for
-- updates, filtered by WHEN so heartbeats (last_update only) cost nothing.
CREATE TRIGGER devices_status_inserted AFTER INSERT ON devices
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION vnoc_devices_inserted();--> statement-breakpoint
CREATE TRIGGER devices_status_deleted AFTER DELETE ON devices
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION vnoc_devices_deleted();--> statement-breakpoint
CREATE TRIGGER devices_status_updated AFTER UPDATE OF status, kind, site_id, organization_id ON devices
  FOR EACH ROW
  WHEN ((OLD.status, OLD.kind, OLD.site_id, OLD.organization_id)
    IS DISTINCT FROM (NEW.status, NEW.kind, NEW.site_id, NEW.organization_id))
  EXECUTE FUNCTION vnoc_device_updated();--> statement-breakpoint
CREATE TRIGGER devices_status_truncated AFTER TRUNCATE ON devices
  FOR EACH STATEMENT EXECUTE FUNCTION vnoc_devices_truncated();--> statement-breakpoint
CREATE FUNCTION vnoc_sites_inserted() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO org_site_status_counts AS c (organization_id, status, n)
    SELECT organization_id, status, count(*) FROM new_rows GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT (organization_id, status) DO UPDATE SET n = c.n + excluded.n;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION vnoc_sites_deleted() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO org_site_status_counts AS c (organization_id, status, n)
    SELECT organization_id, status, -count(*) FROM old_rows GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT (organization_id, status) DO UPDATE SET n = c.n + excluded.n;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- Statement-level: refreshing 30k site statuses in one statement moves each count once, not 30k times
-- (updating one row thousands of times in one transaction grows quadratically).
CREATE FUNCTION vnoc_sites_updated() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO org_site_status_counts AS c (organization_id, status, n)
    SELECT organization_id, status, sum(d) FROM (
      SELECT organization_id, status, -1 AS d FROM old_rows
      UNION ALL SELECT organization_id, status, 1 FROM new_rows) x
    GROUP BY 1, 2 HAVING sum(d) <> 0 ORDER BY 1, 2
    ON CONFLICT (organization_id, status) DO UPDATE SET n = c.n + excluded.n;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION vnoc_sites_truncated() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM org_site_status_counts;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER sites_status_inserted AFTER INSERT ON sites
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION vnoc_sites_inserted();--> statement-breakpoint
CREATE TRIGGER sites_status_deleted AFTER DELETE ON sites
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION vnoc_sites_deleted();--> statement-breakpoint
CREATE TRIGGER sites_status_updated AFTER UPDATE ON sites
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION vnoc_sites_updated();--> statement-breakpoint
CREATE TRIGGER sites_status_truncated AFTER TRUNCATE ON sites
  FOR EACH STATEMENT EXECUTE FUNCTION vnoc_sites_truncated();--> statement-breakpoint
-- Backfill: the site counts first (every site is still `unknown`), then the statuses (their trigger moves
-- the counts), then the device counts.
INSERT INTO org_site_status_counts (organization_id, status, n)
  SELECT organization_id, status, count(*) FROM sites GROUP BY 1, 2;--> statement-breakpoint
SELECT vnoc_refresh_site_status(ARRAY(SELECT id FROM sites));--> statement-breakpoint
INSERT INTO org_device_status_counts (organization_id, status, n)
  SELECT organization_id, status, count(*) FROM devices GROUP BY 1, 2;
