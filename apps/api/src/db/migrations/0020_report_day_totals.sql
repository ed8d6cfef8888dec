CREATE TABLE "device_day_spans" (
	"device_id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"modem" boolean NOT NULL,
	"first_day" date NOT NULL,
	"last_day" date NOT NULL
);
--> statement-breakpoint
CREATE TABLE "org_daily_stats" (
	"organization_id" uuid NOT NULL,
	"day" date NOT NULL,
	"modem" boolean NOT NULL,
	"rows" integer NOT NULL,
	"seconds_online" bigint NOT NULL,
	"seconds_offline" bigint NOT NULL,
	"seconds_on_backup" bigint NOT NULL,
	"seconds_on_primary" bigint NOT NULL,
	"offline_events" bigint NOT NULL,
	"backup_events" bigint NOT NULL,
	"wan_bytes_received" bigint NOT NULL,
	"wan_bytes_transmitted" bigint NOT NULL,
	"backup_usage_bytes" bigint NOT NULL,
	"reported_rows" integer NOT NULL,
	"awaiting_rows" integer NOT NULL,
	"rows_on_backup" integer NOT NULL,
	CONSTRAINT "org_daily_stats_organization_id_day_modem_pk" PRIMARY KEY("organization_id","day","modem")
);
--> statement-breakpoint
ALTER TABLE "device_day_spans" ADD CONSTRAINT "device_day_spans_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_day_spans" ADD CONSTRAINT "device_day_spans_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "org_daily_stats" ADD CONSTRAINT "org_daily_stats_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "device_day_spans_org_idx" ON "device_day_spans" USING btree ("organization_id","modem","first_day","last_day");--> statement-breakpoint
-- Hand-written from here (ARCHITECTURE "Report totals"): statement-level triggers keep org_daily_stats and
-- device_day_spans, so every writer (the gateway's daily rollup and carrier figures, seeds, tests, benches)
-- keeps them right. For org_daily_stats an insert adds its rows' sums, an update adds its new rows' and takes
-- away its old ones', per (organization, day, modem); the device class comes from `devices`. A delete (only
-- ever a cascade from a removed device or site, whose `devices` row is already gone) recomputes the days it
-- touched from what is left. device_day_spans widens with inserts and is recomputed for the devices of a
-- delete, or of an update that moved a row to another day. Every path locks spans before sums, and the rows of
-- each in key order (upserts sorted, deletes after a sorted FOR UPDATE), so concurrent writers do not deadlock.
CREATE FUNCTION vnoc_daily_stats_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  changed text;
  -- Rows left a day (deleted, or updated to another): spans are recomputed rather than widened.
  moved boolean;
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM org_daily_stats;
    DELETE FROM device_day_spans;
    RETURN NULL;
  END IF;
  IF TG_OP = 'INSERT' THEN
    changed := 'SELECT 1 AS sign, n.* FROM new_rows n';
    INSERT INTO device_day_spans AS t (device_id, organization_id, modem, first_day, last_day)
      SELECT n.device_id, d.organization_id, d.kind IN ('firewall', '5g'), min(n.day), max(n.day)
      FROM new_rows n JOIN devices d ON d.id = n.device_id
      GROUP BY n.device_id, d.organization_id, d.kind ORDER BY 1
      ON CONFLICT (device_id) DO UPDATE SET first_day = least(t.first_day, excluded.first_day),
        last_day = greatest(t.last_day, excluded.last_day);
  ELSE
    IF TG_OP = 'UPDATE' THEN
      changed := 'SELECT 1 AS sign, n.* FROM new_rows n UNION ALL SELECT -1, o.* FROM old_rows o';
      moved := EXISTS (SELECT 1 FROM old_rows o
        WHERE NOT EXISTS (SELECT 1 FROM new_rows n WHERE n.device_id = o.device_id AND n.day = o.day));
    ELSE
      moved := true;
      changed := 'SELECT 1 AS sign, s.* FROM device_daily_stats s
        WHERE (s.organization_id, s.day) IN (SELECT DISTINCT organization_id, day FROM old_rows)';
    END IF;
    IF moved THEN
      PERFORM 1 FROM device_day_spans WHERE device_id IN (SELECT device_id FROM old_rows)
        ORDER BY device_id FOR UPDATE;
      DELETE FROM device_day_spans WHERE device_id IN (SELECT device_id FROM old_rows);
      INSERT INTO device_day_spans (device_id, organization_id, modem, first_day, last_day)
        SELECT s.device_id, d.organization_id, d.kind IN ('firewall', '5g'), min(s.day), max(s.day)
        FROM device_daily_stats s JOIN devices d ON d.id = s.device_id
        WHERE s.device_id IN (SELECT device_id FROM old_rows)
        GROUP BY s.device_id, d.organization_id, d.kind ORDER BY 1;
    END IF;
    -- After the spans, as every other path locks them: spans first, then the sums.
    IF TG_OP = 'DELETE' THEN
      PERFORM 1 FROM org_daily_stats t WHERE (t.organization_id, t.day) IN (SELECT organization_id, day FROM old_rows)
        ORDER BY t.organization_id, t.day, t.modem FOR UPDATE;
      DELETE FROM org_daily_stats t USING (SELECT DISTINCT organization_id, day FROM old_rows) k
        WHERE t.organization_id = k.organization_id AND t.day = k.day;
    END IF;
  END IF;
  EXECUTE format($q$
    INSERT INTO org_daily_stats AS t (organization_id, day, modem, rows, seconds_online, seconds_offline,
      seconds_on_backup, seconds_on_primary, offline_events, backup_events, wan_bytes_received,
      wan_bytes_transmitted, backup_usage_bytes, reported_rows, awaiting_rows, rows_on_backup)
    SELECT r.organization_id, r.day, d.kind IN ('firewall', '5g'), sum(r.sign), sum(r.sign * r.seconds_online),
      sum(r.sign * r.seconds_offline), sum(r.sign * r.seconds_on_backup), sum(r.sign * r.seconds_on_primary),
      sum(r.sign * r.offline_events), sum(r.sign * r.backup_events), sum(r.sign * r.wan_bytes_received),
      sum(r.sign * r.wan_bytes_transmitted), coalesce(sum(r.sign * r.backup_usage_bytes), 0),
      coalesce(sum(r.sign) FILTER (WHERE r.backup_usage_bytes IS NOT NULL), 0),
      coalesce(sum(r.sign) FILTER (WHERE r.seconds_on_backup > 0 AND r.backup_usage_bytes IS NULL), 0),
      coalesce(sum(r.sign) FILTER (WHERE r.seconds_on_backup > 0), 0)
    FROM (%s) r JOIN devices d ON d.id = r.device_id
    GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (organization_id, day, modem) DO UPDATE SET
      rows = t.rows + excluded.rows,
      seconds_online = t.seconds_online + excluded.seconds_online,
      seconds_offline = t.seconds_offline + excluded.seconds_offline,
      seconds_on_backup = t.seconds_on_backup + excluded.seconds_on_backup,
      seconds_on_primary = t.seconds_on_primary + excluded.seconds_on_primary,
      offline_events = t.offline_events + excluded.offline_events,
      backup_events = t.backup_events + excluded.backup_events,
      wan_bytes_received = t.wan_bytes_received + excluded.wan_bytes_received,
      wan_bytes_transmitted = t.wan_bytes_transmitted + excluded.wan_bytes_transmitted,
      backup_usage_bytes = t.backup_usage_bytes + excluded.backup_usage_bytes,
      reported_rows = t.reported_rows + excluded.reported_rows,
      awaiting_rows = t.awaiting_rows + excluded.awaiting_rows,
      rows_on_backup = t.rows_on_backup + excluded.rows_on_backup
  $q$, changed);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER daily_stats_totals_inserted AFTER INSERT ON device_daily_stats
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION vnoc_daily_stats_changed();--> statement-breakpoint
CREATE TRIGGER daily_stats_totals_updated AFTER UPDATE ON device_daily_stats
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION vnoc_daily_stats_changed();--> statement-breakpoint
CREATE TRIGGER daily_stats_totals_deleted AFTER DELETE ON device_daily_stats
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION vnoc_daily_stats_changed();--> statement-breakpoint
CREATE TRIGGER daily_stats_totals_truncated AFTER TRUNCATE ON device_daily_stats
  FOR EACH STATEMENT EXECUTE FUNCTION vnoc_daily_stats_changed();--> statement-breakpoint
-- Backfill from what is stored (the same sums as the function's).
INSERT INTO org_daily_stats (organization_id, day, modem, rows, seconds_online, seconds_offline,
    seconds_on_backup, seconds_on_primary, offline_events, backup_events, wan_bytes_received,
    wan_bytes_transmitted, backup_usage_bytes, reported_rows, awaiting_rows, rows_on_backup)
  SELECT s.organization_id, s.day, d.kind IN ('firewall', '5g'), count(*), sum(s.seconds_online),
    sum(s.seconds_offline), sum(s.seconds_on_backup), sum(s.seconds_on_primary), sum(s.offline_events),
    sum(s.backup_events), sum(s.wan_bytes_received), sum(s.wan_bytes_transmitted),
    coalesce(sum(s.backup_usage_bytes), 0), count(s.backup_usage_bytes),
    count(*) FILTER (WHERE s.seconds_on_backup > 0 AND s.backup_usage_bytes IS NULL),
    count(*) FILTER (WHERE s.seconds_on_backup > 0)
  FROM device_daily_stats s JOIN devices d ON d.id = s.device_id
  GROUP BY 1, 2, 3;
--> statement-breakpoint
INSERT INTO device_day_spans (device_id, organization_id, modem, first_day, last_day)
  SELECT s.device_id, d.organization_id, d.kind IN ('firewall', '5g'), min(s.day), max(s.day)
  FROM device_daily_stats s JOIN devices d ON d.id = s.device_id
  GROUP BY s.device_id, d.organization_id, d.kind;
