import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { IMPERSONATION_SECONDS } from '../src/auth/tokens.ts';
import { purgeExpired, REVOCATION_KEPT_MS } from '../src/modules/accounts/service-security.ts';
import { SESSION_CACHE_MS } from '../src/plugins/auth.ts';
import { useTestClock } from './clock.ts';
import { createOrganization, createUser, tokenFor } from './factories.ts';
import { bearer, claimsOf, count, tokenOf, useTestApp } from './helpers.ts';

const t = useTestApp();
const clock = useTestClock();

async function setup() {
  const provider = await createOrganization(t.db, { kind: 'provider' });
  const customer = await createOrganization(t.db);
  const support = await createUser(t.db, provider, { role: 'SUPPORT' });
  const target = await createUser(t.db, customer, { role: 'ADMINISTRATOR' });
  return { support, target, customer };
}

const generate = async (token: string, userId: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/userProfile/impersonate/generate',
    headers: bearer(token),
    payload: { userId },
  });
const exchange = (accessCode: string) =>
  t.app.inject({ method: 'POST', url: '/api/access/impersonate', payload: { accessCode } });

describe('impersonation', () => {
  it('SUPPORT generates a 60-second access code; exchanging it gives a full session marked impersonated', async () => {
    const { support, target } = await setup();
    const res = await generate(await tokenFor(t.db, support, 'full'), target.id);
    expect(res.statusCode).toBe(200);
    const { accessCode } = res.json();
    const code = claimsOf(accessCode);
    expect(code).toMatchObject({ sub: target.username, impersonatedBy: support.username });
    expect(Number(code.exp) - Number(code.iat)).toBe(60);

    const session = await exchange(accessCode);
    expect(session.statusCode).toBe(200);
    const claims = claimsOf(tokenOf(session));
    expect(claims).toMatchObject({
      sub: target.username,
      impersonatedBy: support.username,
      isMfaValidated: true,
      role: 'ADMINISTRATOR',
    });
    const profile = await t.app.inject({
      method: 'GET',
      url: '/api/userProfile',
      headers: bearer(tokenOf(session)),
    });
    expect(profile.json().id).toBe(target.id);
    expect(
      await count(t.pool, 'audit_log', "action = 'impersonation.generate' and actor_user_id = $1", [
        support.id,
      ]),
    ).toBe(1);
    expect(
      await count(
        t.pool,
        'audit_log',
        "action = 'impersonation.exchange' and actor_user_id = $1 and impersonator_user_id = $2",
        [target.id, support.id],
      ),
    ).toBe(1);
  });

  it('the access code is single use', async () => {
    const { support, target } = await setup();
    const { accessCode } = (await generate(await tokenFor(t.db, support, 'full'), target.id)).json();
    expect((await exchange(accessCode)).statusCode).toBe(200);
    const again = await exchange(accessCode);
    expect(again.statusCode).toBe(401);
    expect(again.json().id).toBe('unauthorized');
  });

  it('an expired or forged access code is refused', async () => {
    const { support, target } = await setup();
    const own = await tokenFor(t.db, support, 'full');
    // Issued by the server 61 seconds ago: right in every way but its age.
    const expired = (await clock.past(61_000, () => generate(own, target.id))).json().accessCode;
    expect(Number(claimsOf(expired).exp) * 1000).toBeLessThan(Date.now());
    // A fresh code's very claims, signed with another secret.
    const fresh = (await generate(own, target.id)).json().accessCode;
    const { iat, exp, ...claims } = claimsOf(fresh);
    const forged = await new SignJWT({ ...claims, jti: 'forged-code' })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuedAt(Number(iat))
      .setExpirationTime(Number(exp))
      .sign(new TextEncoder().encode('another-secret-another-secret-another-secret'));
    // A session token is not an access code either.
    const session = await tokenFor(t.db, target, 'full');
    for (const code of [expired, forged, session, 'garbage']) {
      const res = await exchange(code);
      expect(res.statusCode).toBe(401);
      expect(res.json().id).toBe('unauthorized');
    }
    // The control: the fresh code itself is accepted.
    expect((await exchange(fresh)).statusCode).toBe(200);
  });

  it.each(['ADMINISTRATOR', 'USER', 'READ_ONLY'] as const)(
    '%s may not generate codes (403 forbidden)',
    async (role) => {
      const { target, customer } = await setup();
      const caller = await createUser(t.db, customer, { role });
      const res = await generate(await tokenFor(t.db, caller, 'full'), target.id);
      expect(res.statusCode).toBe(403);
      expect(res.json().id).toBe('forbidden');
    },
  );

  it('unknown target → 404; bad body → 400; not signed in → 401; mfa step → wrong_step', async () => {
    const { support } = await setup();
    const token = await tokenFor(t.db, support, 'full');
    expect((await generate(token, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await generate(token, 'not-a-uuid')).json().id).toBe('invalid_input');
    const anon = await t.app.inject({
      method: 'POST',
      url: '/api/userProfile/impersonate/generate',
      payload: {},
    });
    expect(anon.statusCode).toBe(401);
    expect((await generate(await tokenFor(t.db, support, 'mfa'), support.id)).json().id).toBe('wrong_step');
    expect((await exchange('')).json().id).toBe('invalid_input');
  });

  it('under impersonation the support person cannot change the password or factors; changes are audited', async () => {
    const { support, target } = await setup();
    const { accessCode } = (await generate(await tokenFor(t.db, support, 'full'), target.id)).json();
    const token = tokenOf(await exchange(accessCode));
    const pw = await t.app.inject({
      method: 'POST',
      url: '/api/userProfile/updatePassword',
      headers: bearer(token),
      payload: { password: 'impersonated-new-pass' },
    });
    expect(pw.statusCode).toBe(403);
    const contact = await t.app.inject({
      method: 'POST',
      url: '/api/userProfile/updateContact',
      headers: bearer(token),
      payload: { firstName: 'Changed', lastName: 'BySupport' },
    });
    expect(contact.statusCode).toBe(200);
    expect(
      await count(
        t.pool,
        'audit_log',
        "action = 'impersonated.request' and impersonator_user_id = $1 and detail->>'route' = '/api/userProfile/updateContact'",
        [support.id],
      ),
    ).toBe(1);
  });

  it("signing out of the support person's own session ends the impersonation; a code of a closed session is refused", async () => {
    const { support, target } = await setup();
    const own = await tokenFor(t.db, support, 'full');
    const { accessCode } = (await generate(own, target.id)).json();
    const acting = tokenOf(await exchange(accessCode));
    const profile = () => t.app.inject({ method: 'GET', url: '/api/userProfile', headers: bearer(acting) });
    expect((await profile()).statusCode).toBe(200);
    const late = (await generate(own, target.id)).json().accessCode;
    const out = await t.app.inject({ method: 'POST', url: '/api/access/logout', headers: bearer(own) });
    expect(out.statusCode).toBe(200);
    const after = await profile();
    expect(after.statusCode).toBe(401);
    expect(after.json().id).toBe('unauthorized');
    expect((await exchange(late)).statusCode).toBe(401);
  });

  it("the support person's renewed session keeps the impersonation open; signing out of it ends it", async () => {
    const { support, target } = await setup();
    const own = await tokenFor(t.db, support, 'full');
    const { accessCode } = (await generate(own, target.id)).json();
    const acting = tokenOf(await exchange(accessCode));
    const profile = () => t.app.inject({ method: 'GET', url: '/api/userProfile', headers: bearer(acting) });
    // The support person's console renews their token twice; each renewed token's grace is over.
    const renewed = tokenOf(
      await t.app.inject({ method: 'GET', url: '/api/access/newJWT', headers: bearer(own) }),
    );
    const again = tokenOf(
      await t.app.inject({ method: 'GET', url: '/api/access/newJWT', headers: bearer(renewed) }),
    );
    await t.pool.query("update revoked_tokens set effective_at = now() - interval '1 second'");
    clock.advance(SESSION_CACHE_MS);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/userProfile', headers: bearer(own) })).statusCode,
    ).toBe(401);
    expect((await profile()).statusCode).toBe(200);
    // Their sign-out, from the latest token, ends the impersonation.
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/access/logout', headers: bearer(again) })).statusCode,
    ).toBe(200);
    const after = await profile();
    expect(after.statusCode).toBe(401);
  });

  it('an impersonation is capped at an hour: no session of it, extended or not, outlives that', async () => {
    const { support, target } = await setup();
    const { accessCode } = (await generate(await tokenFor(t.db, support, 'full'), target.id)).json();
    const before = Math.floor(Date.now() / 1000);
    const acting = tokenOf(await exchange(accessCode));
    const claims = claimsOf(acting);
    expect(Number(claims.impersonationEnds)).toBeGreaterThanOrEqual(before + IMPERSONATION_SECONDS);
    expect(Number(claims.impersonationEnds)).toBeLessThanOrEqual(before + IMPERSONATION_SECONDS + 2);
    expect(Number(claims.exp)).toBeLessThanOrEqual(Number(claims.impersonationEnds));
    const extended = await t.app.inject({
      method: 'GET',
      url: '/api/access/newJWT',
      headers: bearer(acting),
    });
    expect(extended.statusCode).toBe(200);
    const next = claimsOf(tokenOf(extended));
    expect(next.impersonationEnds).toBe(claims.impersonationEnds);
    expect(next.impersonatedBy).toBe(support.username);
    expect(Number(next.exp)).toBeLessThanOrEqual(Number(claims.impersonationEnds));
  });

  describe('housekeeping (issue 34)', () => {
    /** Housekeeping as it runs `ms` from now (its clock injected). */
    const housekeepingIn = (ms: number) => purgeExpired(t.db, new Date(Date.now() + ms));
    /** Any write empties this process's session cache (a refused sign-in will do). */
    const write = () => t.app.inject({ method: 'POST', url: '/api/login', payload: {} });

    it("keeps the rows an impersonation follows: the support person's sign-out ends it even after housekeeping", async () => {
      const { support, target } = await setup();
      const own = await tokenFor(t.db, support, 'full');
      const { accessCode } = (await generate(own, target.id)).json();
      const acting = tokenOf(await exchange(accessCode));
      const profile = () => t.app.inject({ method: 'GET', url: '/api/userProfile', headers: bearer(acting) });
      const renewed = tokenOf(
        await t.app.inject({ method: 'GET', url: '/api/access/newJWT', headers: bearer(own) }),
      );
      // 31 minutes on, the first token has expired: its renewal row still links the impersonation to the session.
      await housekeepingIn(31 * 60_000);
      expect((await profile()).statusCode).toBe(200);
      const out = await t.app.inject({ method: 'POST', url: '/api/access/logout', headers: bearer(renewed) });
      expect(out.statusCode).toBe(200);
      expect((await profile()).statusCode).toBe(401);
    });

    it('an impersonation whose record housekeeping removed is refused', async () => {
      const { support, target } = await setup();
      const { accessCode } = (await generate(await tokenFor(t.db, support, 'full'), target.id)).json();
      const acting = tokenOf(await exchange(accessCode));
      const profile = () => t.app.inject({ method: 'GET', url: '/api/userProfile', headers: bearer(acting) });
      // Until the impersonation has ended (and the hour revocations are kept after), its record stays.
      await housekeepingIn(IMPERSONATION_SECONDS * 1000 - 60_000);
      expect((await profile()).statusCode).toBe(200);
      await housekeepingIn(IMPERSONATION_SECONDS * 1000 + REVOCATION_KEPT_MS + 60_000);
      await write();
      const after = await profile();
      expect(after.statusCode).toBe(401);
      expect(after.json().id).toBe('unauthorized');
    });
  });

  it("what support does and is refused while acting is marked as support's in the activity log and its CSV", async () => {
    const { support, target, customer } = await setup();
    const { accessCode } = (await generate(await tokenFor(t.db, support, 'full'), target.id)).json();
    const acting = tokenOf(await exchange(accessCode));
    const put = (payload: object) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/organization/${customer.id}`,
        headers: bearer(acting),
        payload,
      });
    expect((await put({ description: 'Changed in a support session' })).statusCode).toBe(200);
    expect((await put({ supportAccess: false })).json().id).toBe('support_confined');
    const invite = await t.app.inject({
      method: 'POST',
      url: '/api/userProfile/user',
      headers: bearer(acting),
      payload: {
        email: 'new-admin@attacker.example',
        firstName: 'New',
        lastName: 'Admin',
        role: 'ADMINISTRATOR',
      },
    });
    expect(invite.json().id).toBe('support_confined');

    const own = await tokenFor(t.db, target, 'full');
    const log = await t.app.inject({
      method: 'GET',
      url: `/api/organization/${customer.id}/activity?impersonated=true&pageSize=50`,
      headers: bearer(own),
    });
    expect(log.statusCode).toBe(200);
    const entries = log.json().content as {
      action: string;
      actor: { id: string } | null;
      impersonator: { id: string; email: string } | null;
      detail: Record<string, unknown>;
    }[];
    const bySupport = {
      actor: expect.objectContaining({ id: target.id }),
      impersonator: expect.objectContaining({ id: support.id, email: support.username }),
    };
    expect(entries).toContainEqual(expect.objectContaining({ action: 'organization.update', ...bySupport }));
    expect(entries).toContainEqual(
      expect.objectContaining({
        action: 'impersonated.request',
        ...bySupport,
        detail: expect.arrayContaining([
          { key: 'method', value: 'PUT' },
          { key: 'status', value: '403' },
        ]),
      }),
    );
    expect(entries).toContainEqual(
      expect.objectContaining({
        action: 'impersonated.request',
        ...bySupport,
        detail: expect.arrayContaining([
          { key: 'method', value: 'POST' },
          { key: 'route', value: '/api/userProfile/user' },
          { key: 'status', value: '403' },
        ]),
      }),
    );
    const csv = await t.app.inject({
      method: 'GET',
      url: `/api/organization/${customer.id}/activity/export.csv?impersonated=true`,
      headers: bearer(own),
    });
    expect(csv.statusCode).toBe(200);
    const lines = csv.body.split(/\r?\n/);
    expect(lines[0]).toContain('Support person');
    const update = lines.find((line) => line.includes('organization.update'));
    expect(update).toContain(`<${support.username}>`);
  });
});
