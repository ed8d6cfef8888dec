import { UserSchema } from '@vnoc/contracts';
import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { siteGroups, userSiteGroups } from '../src/db/schema.ts';
import { createOrganization, createUser, tokenFor } from './factories.ts';
import { bearer, count, useTestApp } from './helpers.ts';

const t = useTestApp();

describe('GET userProfile', () => {
  it('answers the user with organization, contact, preferences and site groups', async () => {
    const org = await createOrganization(t.db);
    const user = await createUser(t.db, org, {
      contact: { firstName: 'Ada', lastName: 'Lovelace', title: 'Engineer' },
    });
    const [group] = await t.db
      .insert(siteGroups)
      .values({ organizationId: org.id, name: 'North' })
      .returning();
    await t.db.insert(userSiteGroups).values({ userId: user.id, siteGroupId: group?.id ?? '' });
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/userProfile',
      headers: bearer(await tokenFor(t.db, user, 'full')),
    });
    expect(res.statusCode).toBe(200);
    const body = UserSchema.parse(res.json());
    expect(body).toMatchObject({
      id: user.id,
      username: user.username,
      role: 'USER',
      organization: { id: org.id, name: org.name },
      contact: { firstName: 'Ada', lastName: 'Lovelace', title: 'Engineer', mobileNumber: null },
      userPreferences: [],
      siteGroups: [{ id: group?.id, name: 'North' }],
      managedUsers: [],
    });
  });

  it("an ADMINISTRATOR sees the other users of the organization as managed users, never another organization's", async () => {
    const org = await createOrganization(t.db);
    const other = await createOrganization(t.db);
    const admin = await createUser(t.db, org, { role: 'ADMINISTRATOR' });
    const colleague = await createUser(t.db, org);
    await createUser(t.db, other);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/userProfile',
      headers: bearer(await tokenFor(t.db, admin, 'full')),
    });
    expect(res.json().managedUsers).toEqual([{ id: colleague.id, username: colleague.username }]);
  });
});

describe('POST userProfile/updateContact', () => {
  it('updates the contact and answers the user; a changed mobile must be verified again', async () => {
    const org = await createOrganization(t.db);
    const user = await createUser(t.db, org, {
      contact: { mobileNumber: '+15550100000', mobileVerified: true, company: 'Old' },
    });
    const token = await tokenFor(t.db, user, 'full');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/userProfile/updateContact',
      headers: bearer(token),
      payload: {
        firstName: ' Grace ',
        lastName: 'Hopper',
        mobileNumber: '+15550100001',
        officeNumber: '',
        emailAddress: 'Grace@Navy.example',
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().contact).toEqual({
      firstName: 'Grace',
      lastName: 'Hopper',
      title: null,
      company: 'Old',
      mobileNumber: '+15550100001',
      officeNumber: null,
      emailAddress: 'grace@navy.example',
      mobileVerified: false,
      emailVerified: false,
    });
    expect(await count(t.pool, 'contacts', 'user_id = $1 and not mobile_verified', [user.id])).toBe(1);
  });

  it('400 invalid_input for bad fields, nothing written', async () => {
    const org = await createOrganization(t.db);
    const user = await createUser(t.db, org, { contact: { firstName: 'Keep' } });
    const token = await tokenFor(t.db, user, 'full');
    for (const payload of [
      { firstName: '', lastName: 'X' },
      { firstName: 'A', lastName: 'B', mobileNumber: '12345' },
      { firstName: 'A', lastName: 'B', emailAddress: 'nope' },
      { lastName: 'B' },
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/userProfile/updateContact',
        headers: bearer(token),
        payload,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().id).toBe('invalid_input');
      expect(res.json().message).toBe(res.json().errors[0].message);
    }
    expect(await count(t.pool, 'contacts', "user_id = $1 and first_name = 'Keep'", [user.id])).toBe(1);
  });
});

describe('POST userProfile/updateUserPreferences', () => {
  it('upserts by name and answers the whole list, ids ascending', async () => {
    const org = await createOrganization(t.db);
    const user = await createUser(t.db, org);
    const token = await tokenFor(t.db, user, 'full');
    const save = (payload: InjectOptions['payload']) =>
      t.app.inject({
        method: 'POST',
        url: '/api/userProfile/updateUserPreferences',
        headers: bearer(token),
        payload,
      });
    const first = await save([{ name: 'language', value: 'es' }]);
    expect(first.statusCode).toBe(200);
    const second = await save([
      { name: 'theme', value: 'dark' },
      { name: 'language', value: 'en' },
    ]);
    const list = second.json();
    expect(list.map((p: { name: string; value: string }) => [p.name, p.value])).toEqual([
      ['language', 'en'],
      ['theme', 'dark'],
    ]);
    expect(list[0].id).toBe(first.json()[0].id);
    expect(await count(t.pool, 'user_preferences', 'user_id = $1', [user.id])).toBe(2);
  });

  it('400 invalid_input for unknown names, bad values or an empty list, nothing written', async () => {
    const org = await createOrganization(t.db);
    const user = await createUser(t.db, org);
    const token = await tokenFor(t.db, user, 'full');
    for (const payload of [
      [],
      [{ name: 'colour', value: 'red' }],
      [{ name: 'theme', value: 'neon' }],
      { name: 'theme' },
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/userProfile/updateUserPreferences',
        headers: bearer(token),
        payload,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().id).toBe('invalid_input');
    }
    expect(await count(t.pool, 'user_preferences', 'user_id = $1', [user.id])).toBe(0);
  });
});
