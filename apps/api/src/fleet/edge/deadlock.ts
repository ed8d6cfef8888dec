/**
 * Transactions of the ingest that PostgreSQL chose as a deadlock's victim are run again. Status changes of devices
 * stored at once (a batch, and another device's state message) update their sites' and organizations' status
 * counts (triggers on `devices`) in the order the devices come, so two of them may wait on each other; PostgreSQL
 * ends one (SQLSTATE 40P01) and the other commits. Running the victim again then succeeds.
 */

/** SQLSTATE of a transaction ended to break a deadlock. */
const DEADLOCK_DETECTED = '40P01';
/** Attempts in all, before the error is the caller's (the device then sends its message again). */
const ATTEMPTS = 3;

/** Whether the error (or what it wraps: drizzle keeps the driver's error as `cause`) is a deadlock's. */
export function isDeadlock(error: unknown): boolean {
  for (let e: unknown = error; e instanceof Error || (typeof e === 'object' && e !== null); ) {
    if ((e as { code?: unknown }).code === DEADLOCK_DETECTED) return true;
    e = (e as { cause?: unknown }).cause;
    if (e === undefined) break;
  }
  return false;
}

/** Runs `transaction` again when it was a deadlock's victim (at most ATTEMPTS times in all). */
export async function retryDeadlocks<T>(transaction: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await transaction();
    } catch (error) {
      if (attempt >= ATTEMPTS || !isDeadlock(error)) throw error;
    }
  }
}
