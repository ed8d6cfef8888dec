-- Map summaries (GET map/summary, issue 12) from kept counts and index probes instead of a count over the
-- organization's sites: org_site_status_counts also keeps, per status, how many sites a map can place, and the
-- matching sites' southern and northern edges are found through an index on latitude (sites_map_idx gives the
-- western and eastern ones). The column is generated from schema.ts; the rest is hand-written.
ALTER TABLE "org_site_status_counts" ADD COLUMN "located" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE OR REPLACE FUNCTION vnoc_site_located(latitude double precision, longitude double precision) RETURNS integer
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN latitude BETWEEN -90 AND 90 AND longitude BETWEEN -180 AND 180 THEN 1 ELSE 0 END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION vnoc_sites_inserted() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO org_site_status_counts AS c (organization_id, status, n, located)
    SELECT organization_id, status, count(*), sum(vnoc_site_located(latitude, longitude)) FROM new_rows
    GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT (organization_id, status) DO UPDATE SET n = c.n + excluded.n, located = c.located + excluded.located;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION vnoc_sites_deleted() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO org_site_status_counts AS c (organization_id, status, n, located)
    SELECT organization_id, status, -count(*), -sum(vnoc_site_located(latitude, longitude)) FROM old_rows
    GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT (organization_id, status) DO UPDATE SET n = c.n + excluded.n, located = c.located + excluded.located;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION vnoc_sites_updated() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO org_site_status_counts AS c (organization_id, status, n, located)
    SELECT organization_id, status, sum(d), sum(l) FROM (
      SELECT organization_id, status, -1 AS d, -vnoc_site_located(latitude, longitude) AS l FROM old_rows
      UNION ALL SELECT organization_id, status, 1, vnoc_site_located(latitude, longitude) FROM new_rows) x
    GROUP BY 1, 2 HAVING sum(d) <> 0 OR sum(l) <> 0 ORDER BY 1, 2
    ON CONFLICT (organization_id, status) DO UPDATE SET n = c.n + excluded.n, located = c.located + excluded.located;
  RETURN NULL;
END
$$;--> statement-breakpoint
UPDATE org_site_status_counts c SET located = x.located
  FROM (SELECT organization_id, status, sum(vnoc_site_located(latitude, longitude))::int AS located
        FROM sites GROUP BY 1, 2) x
  WHERE x.organization_id = c.organization_id AND x.status = c.status;--> statement-breakpoint
CREATE INDEX "sites_map_lat_idx" ON "sites" USING btree ("organization_id", "latitude") INCLUDE ("longitude", "status_rank");
