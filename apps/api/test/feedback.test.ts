import { FEEDBACK_MESSAGE_MAX } from '@vnoc/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { FEEDBACK_PER_HOUR } from '../src/modules/feedback/service.ts';
import { createApiKey, createOrganization, createUser, type TestUser, tokenFor } from './factories.ts';
import { bearer, count, tokenOf, useTestApp } from './helpers.ts';

const t = useTestApp();
let person: TestUser;
let other: TestUser;
let readOnly: TestUser;
let support: TestUser;

beforeAll(async () => {
  const org = await createOrganization(t.db);
  const otherOrg = await createOrganization(t.db);
  const provider = await createOrganization(t.db, { kind: 'provider', entitlements: [] });
  person = await createUser(t.db, org, { role: 'USER', contact: { firstName: 'Ana', lastName: 'Ortiz' } });
  readOnly = await createUser(t.db, org, { role: 'READ_ONLY' });
  other = await createUser(t.db, otherOrg, { role: 'ADMINISTRATOR' });
  support = await createUser(t.db, provider, { role: 'SUPPORT' });
});

async function call(who: TestUser | string, method: 'GET' | 'POST', url: string, payload?: object) {
  const token = typeof who === 'string' ? who : await tokenFor(t.db, who, 'full');
  return t.app.inject({ method, url: `/api/${url}`, headers: bearer(token), payload });
}

const stored = () => count(t.pool, 'feedback');

describe('POST /api/feedback', () => {
  it('stores a note with its page; support reads it with its person and organization, newest first', async () => {
    const first = await call(other, 'POST', 'feedback', { message: 'Please add a dark map.' });
    expect(first.statusCode).toBe(201);
    const res = await call(person, 'POST', 'feedback', {
      message: '  The map is lovely.  ',
      page: '/sites/map',
    });
    expect(res.statusCode).toBe(201);
    const { id } = res.json();

    const list = await call(support, 'GET', 'feedback');
    expect(list.statusCode).toBe(200);
    const body = list.json();
    expect(body.content[0]).toMatchObject({
      id,
      message: 'The map is lovely.',
      page: '/sites/map',
      person: { id: person.id, name: 'Ana Ortiz', email: person.username },
      organization: { id: person.organizationId },
    });
    expect(body.content[1]).toMatchObject({ message: 'Please add a dark map.', page: null });
    expect(body.totalElements).toBe(2);
  });

  it('a read-only person may send feedback too (it changes nothing of the fleet)', async () => {
    expect(
      (await call(readOnly, 'POST', 'feedback', { message: 'Read only, still a voice.' })).statusCode,
    ).toBe(201);
  });

  it.each([
    ['an empty note', { message: '   ' }],
    ['a note past the limit', { message: 'x'.repeat(FEEDBACK_MESSAGE_MAX + 1) }],
    ['a page that is not a console path', { message: 'Hi', page: 'https://evil.example/' }],
    ['no note at all', { page: '/dashboard' }],
  ])('refuses %s with 400 and stores nothing', async (_name, payload) => {
    const before = await stored();
    const res = await call(person, 'POST', 'feedback', payload);
    expect(res.statusCode).toBe(400);
    expect(await stored()).toBe(before);
  });

  it('refuses support staff, a support person acting as the user, and an API key; none may read the list but support', async () => {
    const before = await stored();
    expect((await call(support, 'POST', 'feedback', { message: 'Me too' })).statusCode).toBe(403);

    const generated = await call(support, 'POST', 'userProfile/impersonate/generate', { userId: person.id });
    expect(generated.statusCode).toBe(200);
    const session = await t.app.inject({
      method: 'POST',
      url: '/api/access/impersonate',
      payload: { accessCode: generated.json().accessCode },
    });
    const acting = tokenOf(session);
    expect((await call(acting, 'POST', 'feedback', { message: 'As Ana' })).statusCode).toBe(403);

    const key = await createApiKey(t.db, { id: other.id, organizationId: other.organizationId });
    expect((await call(key.key, 'POST', 'feedback', { message: 'A script' })).statusCode).toBe(403);
    expect(await stored()).toBe(before);

    expect((await call(person, 'GET', 'feedback')).statusCode).toBe(403);
    expect((await call(other, 'GET', 'feedback')).statusCode).toBe(403);
  });

  it(`allows ${FEEDBACK_PER_HOUR} notes an hour per person, then answers 429 and stores nothing`, async () => {
    const sender = await createUser(t.db, await createOrganization(t.db), { role: 'USER' });
    for (let i = 0; i < FEEDBACK_PER_HOUR; i++) {
      expect((await call(sender, 'POST', 'feedback', { message: `Note ${i}` })).statusCode).toBe(201);
    }
    const before = await stored();
    const res = await call(sender, 'POST', 'feedback', { message: 'One too many' });
    expect(res.statusCode).toBe(429);
    expect(res.json().id).toBe('rate_limited');
    expect(await stored()).toBe(before);
  });
});
