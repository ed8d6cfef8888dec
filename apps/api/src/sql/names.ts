import { type SQL, sql } from 'drizzle-orm';

// Display names computed in SQL, shared by the queries of several modules (devices, jobs, alerts, tickets).

/** A device's name: its own, or its model and the last two bytes of its MAC ("U6-Pro 00E4"). */
export const deviceName = sql`coalesce(d.name, d.model || ' ' || upper(replace(right(d.mac_address, 5), ':', '')))`;

/** A person's display name: first and last name, else their username. */
export const personName = (user: SQL = sql`u`, contact: SQL = sql`c`): SQL =>
  sql`coalesce(nullif(trim(coalesce(${contact}.first_name, '') || ' ' || coalesce(${contact}.last_name, '')), ''), ${user}.username)`;

/** A person's display name by id (a scalar subquery: fewer joins to plan than joining users and contacts again). */
export const personNameOf = (id: SQL): SQL =>
  sql`(select ${personName()} from users u left join contacts c on c.user_id = u.id where u.id = ${id})`;
