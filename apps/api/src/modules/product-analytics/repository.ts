import { ANALYTICS_PREFERENCE } from '@vnoc/contracts';
import { sql } from 'drizzle-orm';
import { productEvents } from '../../db/schema.ts';
import type { DbOrTx } from '../../plugins/db.ts';
import type { StampedEvent } from './stamp.ts';

/** Stores a batch of stamped events (the embedded default). */
export async function insertProductEvents(db: DbOrTx, events: readonly StampedEvent[]): Promise<void> {
  if (events.length === 0) return;
  await db.insert(productEvents).values(
    events.map((e) => ({
      at: e.at,
      userId: e.userId,
      organizationId: e.organizationId,
      impersonatorUserId: e.impersonatorUserId,
      sessionId: e.sessionId,
      name: e.name,
      properties: e.properties,
    })),
  );
}

/** True when the user turned product analytics off in their preferences. */
export async function hasOptedOut(db: DbOrTx, userId: string): Promise<boolean> {
  const { rows } = await db.execute<{ value: string }>(
    sql`select value from user_preferences where user_id = ${userId} and name = ${ANALYTICS_PREFERENCE} order by id limit 1`,
  );
  return rows[0]?.value === 'off';
}
