-- GET map/sites (issue 12): a view's sites of an organization by longitude and latitude, with what the cells
-- aggregate, read from the index alone (the sites rows are wide: addresses, contacts, search text).
CREATE INDEX "sites_map_idx" ON "sites" USING btree ("organization_id", "longitude", "latitude") INCLUDE ("status_rank", "id");
