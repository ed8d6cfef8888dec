import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { revokedTokens, users } from '../src/db/schema.ts';
import { createSessionCache, SESSION_CACHE_MS } from '../src/plugins/auth.ts';
import { useTestClock } from './clock.ts';
import { createOrganization, createUser, tokenFor } from './factories.ts';
import { bearer, claimsOf, useTestApp } from './helpers.ts';

const t = useTestApp();
const clock = useTestClock();

type Lookup = Parameters<ReturnType<typeof createSessionCache>['get']>[1];
const found = (name: string) =>
  (async () => ({ user: { username: name }, revoked: false })) as unknown as Lookup;

describe('the session cache', () => {
  it('reuses a lookup for its time to live, then reads again', async () => {
    let clock = 0;
    const cache = createSessionCache(2_000, () => clock);
    let loads = 0;
    const load = (async () => {
      loads += 1;
      return found('a')();
    }) as Lookup;
    await cache.get('k', load);
    clock = 1_999;
    await cache.get('k', load);
    expect(loads).toBe(1);
    clock = 2_000;
    await cache.get('k', load);
    expect(loads).toBe(2);
    await cache.get('other', load);
    expect(loads).toBe(3);
  });

  it('clear forgets everything, and a lookup that started before a clear is not kept', async () => {
    const cache = createSessionCache(60_000, () => 0);
    let loads = 0;
    let release: () => void = () => undefined;
    const slow = (() => {
      loads += 1;
      return new Promise((resolve) => {
        release = () => resolve(found('before')());
      });
    }) as unknown as Lookup;
    const pending = cache.get('k', slow);
    cache.clear(); // a write finished while the read was in flight
    release();
    await pending;
    const load = (async () => {
      loads += 1;
      return found('after')();
    }) as Lookup;
    const next = await cache.get('k', load);
    expect(loads).toBe(2);
    expect(next?.user.username).toBe('after');
    cache.clear();
    await cache.get('k', load);
    expect(loads).toBe(3);
  });
});

describe('sessions with the cache on', () => {
  const counts = (token: string) =>
    t.app.inject({ method: 'GET', url: '/api/alert/counts', headers: bearer(token) });

  it('logout through this process ends the session at once', async () => {
    const user = await createUser(t.db, await createOrganization(t.db));
    const token = await tokenFor(t.db, user, 'full');
    expect((await counts(token)).statusCode).toBe(200);
    const out = await t.app.inject({ method: 'POST', url: '/api/access/logout', headers: bearer(token) });
    expect(out.statusCode).toBe(200);
    expect((await counts(token)).statusCode).toBe(401);
  });

  it('a revocation made by another process ends the session within SESSION_CACHE_MS', async () => {
    const user = await createUser(t.db, await createOrganization(t.db));
    const token = await tokenFor(t.db, user, 'full');
    clock.advance(0); // the clock stands still from here: the lookup below is cached at this instant
    expect((await counts(token)).statusCode).toBe(200);
    await t.db.insert(revokedTokens).values({
      jti: claimsOf(token).jti as string,
      expiresAt: new Date(Date.now() + 60_000),
    });
    // Within the cache's time the cached lookup still answers; at its end the revocation is read.
    clock.advance(SESSION_CACHE_MS - 1);
    expect((await counts(token)).statusCode).toBe(200);
    clock.advance(1);
    expect((await counts(token)).statusCode).toBe(401);
  });

  it('a role changed in the database takes effect within SESSION_CACHE_MS', async () => {
    const org = await createOrganization(t.db);
    const user = await createUser(t.db, org, { role: 'USER' });
    const token = await tokenFor(t.db, user, 'full');
    clock.advance(0);
    expect((await counts(token)).statusCode).toBe(200);
    // SUPPORT reads no customer alerts.
    await t.db.update(users).set({ role: 'SUPPORT' }).where(eq(users.id, user.id));
    clock.advance(SESSION_CACHE_MS - 1);
    expect((await counts(token)).statusCode).toBe(200);
    clock.advance(1);
    expect((await counts(token)).statusCode).toBe(403);
  });
});
