import type { ChatConversation } from '@vnoc/contracts';
import { CHAT_MESSAGE_MAX } from '@vnoc/contracts';
import type { FastifyInstance } from 'fastify';
import { jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { createDelivery } from '../src/delivery/index.ts';
import { createMemoryEventBus } from '../src/events/index.ts';
import { awayEmailText, CHAT_AWAY_EMAIL_MS, CHAT_MESSAGES_PER_MINUTE } from '../src/modules/chat/service.ts';
import { createNotificationDispatcher } from '../src/notifications/dispatcher.ts';
import { ConfigError, consoleUrl } from '../src/plugins/config.ts';
import { createOrganization, createUser, type TestUser, tokenFor } from './factories.ts';
import {
  bearer,
  count,
  createTestDatabase,
  silentLog,
  TEST_JWT_SECRET,
  testConfig,
  tokenOf,
} from './helpers.ts';
import { connectEvents, type SseClient } from './sse-client.ts';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let app: FastifyInstance;
let baseUrl: string;
const clients: SseClient[] = [];

type People = {
  person: TestUser;
  colleague: TestUser;
  outsider: TestUser;
  support: TestUser;
  readOnly: TestUser;
};
let p: People;
const tokens = new Map<string, string>();
const tokenOfUser = async (user: TestUser) => {
  const known = tokens.get(user.id);
  if (known) return known;
  const token = await tokenFor(database.db, user, 'full');
  tokens.set(user.id, token);
  return token;
};

beforeAll(async () => {
  database = await createTestDatabase();
  const { db } = database;
  app = await buildApp({
    config: testConfig(),
    db,
    logger: false,
    events: createMemoryEventBus(silentLog),
    streamTimings: { heartbeatMs: 200, scopeRefreshMs: 300 },
  });
  baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });
  const org = await createOrganization(db);
  const other = await createOrganization(db);
  const provider = await createOrganization(db, { kind: 'provider', entitlements: [] });
  p = {
    person: await createUser(db, org, {
      role: 'USER',
      contact: { firstName: 'Ana', lastName: 'Ortiz', mobileNumber: '(555) 010-2030' },
    }),
    colleague: await createUser(db, org, { role: 'ADMINISTRATOR' }),
    readOnly: await createUser(db, org, { role: 'READ_ONLY' }),
    outsider: await createUser(db, other, { role: 'ADMINISTRATOR' }),
    support: await createUser(db, provider, {
      role: 'SUPPORT',
      contact: { firstName: 'Sam', lastName: 'Helper' },
    }),
  };
});

afterAll(async () => {
  for (const c of clients) c.close();
  await app?.close();
  await database?.drop();
});

async function call(user: TestUser | string | null, method: 'GET' | 'POST', url: string, payload?: object) {
  const token = user === null ? null : typeof user === 'string' ? user : await tokenOfUser(user);
  return app.inject({ method, url: `/api/${url}`, headers: token ? bearer(token) : {}, payload });
}

async function start(user: TestUser, body = 'Our Denver store is offline since 9 am.') {
  const res = await call(user, 'POST', 'chat/conversations', { body });
  expect(res.statusCode).toBe(201);
  return res.json() as { conversation: ChatConversation; messages: { body: string; author: string }[] };
}

async function stream(user: TestUser) {
  const client = await connectEvents(baseUrl, await tokenOfUser(user));
  clients.push(client);
  expect(client.status).toBe(200);
  await client.opened;
  return client;
}

async function impersonated(target: TestUser): Promise<string> {
  const generated = await call(p.support, 'POST', 'userProfile/impersonate/generate', { userId: target.id });
  expect(generated.statusCode).toBe(200);
  const session = await app.inject({
    method: 'POST',
    url: '/api/access/impersonate',
    payload: { accessCode: generated.json().accessCode },
  });
  expect(session.statusCode).toBe(200);
  return tokenOf(session);
}

describe('GET /api/userProfile/intercomjwt', () => {
  it("answers a token signed for the chat widget with the person's id, email and name (vNOC's own chat)", async () => {
    const res = await call(p.person, 'GET', 'userProfile/intercomjwt');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.intercomAppId).toBeNull();
    // Not signed with the session key: a chat token is never a session token.
    await expect(jwtVerify(body.token, new TextEncoder().encode(TEST_JWT_SECRET))).rejects.toThrow();
    const me = await call(p.person, 'GET', 'userProfile');
    expect(me.statusCode).toBe(200);
    const [, payload] = body.token.split('.');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    expect(claims).toMatchObject({ user_id: p.person.id, email: p.person.username, name: 'Ana Ortiz' });
    expect(claims.exp - claims.iat).toBe(3600);
    expect(new Date(body.expiresAt).getTime()).toBe(claims.exp * 1000);
  });

  it('signs with the Intercom messenger secret and names the app when Intercom is configured', async () => {
    const secret = 'intercom-secret-0123456789abcdef0123456789';
    const intercomApp = await buildApp({
      config: testConfig({ INTERCOM_APP_ID: 'abc123de', INTERCOM_SECRET: secret }),
      db: database.db,
      logger: false,
    });
    try {
      const res = await intercomApp.inject({
        method: 'GET',
        url: '/api/userProfile/intercomjwt',
        headers: bearer(await tokenOfUser(p.person)),
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().intercomAppId).toBe('abc123de');
      const { payload, protectedHeader } = await jwtVerify(
        res.json().token,
        new TextEncoder().encode(secret),
      );
      expect(protectedHeader.alg).toBe('HS256');
      expect(payload).toMatchObject({ user_id: p.person.id, email: p.person.username });
    } finally {
      await intercomApp.close();
    }
  });

  it.each([
    [{ INTERCOM_APP_ID: 'abc123de' }, 'INTERCOM_APP_ID, INTERCOM_SECRET: both required'],
    [{ INTERCOM_SECRET: 'intercom-secret-0123456789abcdef0123456789' }, 'both required'],
    [
      { INTERCOM_APP_ID: 'not an id!', INTERCOM_SECRET: 'intercom-secret-0123456789abcdef01234' },
      'INTERCOM_APP_ID',
    ],
    [{ INTERCOM_APP_ID: 'abc123de', INTERCOM_SECRET: 'short' }, 'INTERCOM_SECRET: must be at least 32'],
  ])('refuses the configuration %j', (env, problem) => {
    let error: unknown;
    try {
      testConfig(env);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).problems.join('\n')).toContain(problem);
  });

  it.each([
    ['no token', null, 401],
    ['a token still signing in', 'mfa', 401],
    ['a SUPPORT person (they answer, they do not ask)', 'support', 403],
    ['a support person acting as the user', 'impersonated', 403],
  ] as const)('refuses %s', async (_name, who, status) => {
    let token: string | null = null;
    if (who === 'mfa') token = await tokenFor(database.db, p.person, 'mfa');
    if (who === 'support') token = await tokenOfUser(p.support);
    if (who === 'impersonated') token = await impersonated(p.person);
    const res = await call(token, 'GET', 'userProfile/intercomjwt');
    expect(res.statusCode).toBe(status);
  });
});

describe('support chat: a person and the support staff', () => {
  it('a person starts a conversation; support sees it in the inbox, answers, and the person reads the answer', async () => {
    const started = await start(p.person);
    const id = started.conversation.id;
    expect(started.conversation).toMatchObject({
      status: 'open',
      person: { id: p.person.id, name: 'Ana Ortiz', email: p.person.username, phone: '+15550102030' },
      unread: 0,
    });
    expect(started.messages).toEqual([
      expect.objectContaining({
        author: 'user',
        authorName: 'Ana Ortiz',
        body: 'Our Denver store is offline since 9 am.',
      }),
    ]);

    const inbox = await call(p.support, 'GET', 'chat/conversations?status=open&q=ortiz');
    expect(inbox.statusCode).toBe(200);
    const listed = inbox.json().content.find((c: ChatConversation) => c.id === id);
    expect(listed).toMatchObject({ unread: 1, lastMessage: { author: 'user' } });

    const reply = await call(p.support, 'POST', `chat/conversations/${id}/messages`, {
      body: '  Looking at it now.  ',
    });
    expect(reply.statusCode).toBe(201);
    expect(reply.json()).toMatchObject({
      author: 'support',
      authorName: 'Sam Helper',
      body: 'Looking at it now.',
    });
    // Writing counts as reading: the support side has nothing unread now.
    const after = await call(p.support, 'GET', `chat/conversations/${id}`);
    expect(after.json().conversation.unread).toBe(0);

    const mine = await call(p.person, 'GET', 'chat/conversations');
    expect(mine.json().content).toEqual([
      expect.objectContaining({
        id,
        unread: 1,
        lastMessage: { author: 'support', body: 'Looking at it now.' },
      }),
    ]);
    const thread = await call(p.person, 'GET', `chat/conversations/${id}`);
    expect(thread.json().messages.map((m: { author: string }) => m.author)).toEqual(['user', 'support']);
    expect((await call(p.person, 'POST', `chat/conversations/${id}/read`)).statusCode).toBe(204);
    expect((await call(p.person, 'GET', `chat/conversations/${id}`)).json().conversation.unread).toBe(0);
  });

  it('closing moves the conversation to the closed inbox; writing again opens it', async () => {
    const { conversation } = await start(p.person, 'Can you check the WAN latency at Store 7?');
    expect((await call(p.support, 'POST', `chat/conversations/${conversation.id}/close`)).statusCode).toBe(
      204,
    );
    const closed = await call(p.support, 'GET', 'chat/conversations?status=closed');
    expect(closed.json().content.map((c: ChatConversation) => c.id)).toContain(conversation.id);
    const open = await call(p.support, 'GET', 'chat/conversations?status=open');
    expect(open.json().content.map((c: ChatConversation) => c.id)).not.toContain(conversation.id);
    // Closing twice is harmless.
    expect((await call(p.person, 'POST', `chat/conversations/${conversation.id}/close`)).statusCode).toBe(
      204,
    );

    expect(
      (
        await call(p.person, 'POST', `chat/conversations/${conversation.id}/messages`, {
          body: 'Still slow.',
        })
      ).statusCode,
    ).toBe(201);
    const thread = await call(p.person, 'GET', `chat/conversations/${conversation.id}`);
    expect(thread.json().conversation.status).toBe('open');
  });

  it('READ_ONLY people may ask for help too', async () => {
    const { conversation } = await start(p.readOnly, 'Who can give me write access?');
    expect(conversation.person.id).toBe(p.readOnly.id);
  });

  it("nobody else sees or writes in a person's conversation: a colleague, another organization, an impersonation", async () => {
    const { conversation } = await start(p.person, 'Private question');
    const id = conversation.id;
    for (const other of [p.colleague, p.outsider]) {
      expect((await call(other, 'GET', `chat/conversations/${id}`)).statusCode).toBe(404);
      expect(
        (await call(other, 'POST', `chat/conversations/${id}/messages`, { body: 'hi' })).statusCode,
      ).toBe(404);
      expect((await call(other, 'POST', `chat/conversations/${id}/read`)).statusCode).toBe(404);
      expect((await call(other, 'POST', `chat/conversations/${id}/close`)).statusCode).toBe(404);
      const list = await call(other, 'GET', 'chat/conversations?status=open');
      expect(list.json().content.map((c: ChatConversation) => c.id)).not.toContain(id);
    }
    const acting = await impersonated(p.person);
    expect((await call(acting, 'GET', 'chat/conversations')).statusCode).toBe(403);
    expect(
      (await call(acting, 'POST', `chat/conversations/${id}/messages`, { body: 'as you' })).statusCode,
    ).toBe(403);
    expect((await call(acting, 'POST', 'chat/conversations', { body: 'as you' })).statusCode).toBe(403);
    expect(await count(database.pool, 'chat_messages', 'conversation_id = $1', [id])).toBe(1);
    // Support staff do not start conversations with themselves.
    expect((await call(p.support, 'POST', 'chat/conversations', { body: 'hello' })).statusCode).toBe(403);
  });

  it.each([
    ['no body', {}],
    ['a number', { body: 42 }],
    ['only spaces', { body: '   ' }],
    ['too long', { body: 'x'.repeat(CHAT_MESSAGE_MAX + 1) }],
  ])('refuses a message with %s (400, nothing written)', async (_name, payload) => {
    const before = await count(database.pool, 'chat_messages');
    const res = await call(p.person, 'POST', 'chat/conversations', payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBeTruthy();
    const { conversation } = await start(p.person, 'A valid one');
    const reply = await call(p.support, 'POST', `chat/conversations/${conversation.id}/messages`, payload);
    expect(reply.statusCode).toBe(400);
    expect(await count(database.pool, 'chat_messages')).toBe(before + 1);
  });

  it('answers 404 for a malformed or unknown conversation id', async () => {
    expect((await call(p.support, 'GET', 'chat/conversations/not-a-uuid')).statusCode).toBe(404);
    expect(
      (await call(p.support, 'GET', 'chat/conversations/00000000-0000-4000-8000-000000000000')).statusCode,
    ).toBe(404);
  });

  it('a message of exactly the limit is accepted', async () => {
    const { messages } = await start(p.colleague, 'y'.repeat(CHAT_MESSAGE_MAX));
    expect(messages[0]?.body).toHaveLength(CHAT_MESSAGE_MAX);
  });

  it('throttles a flood of messages (429)', async () => {
    const sender = await createUser(database.db, p.person.organization, { role: 'USER' });
    const { conversation } = await start(sender, 'first');
    let last = 201;
    for (let i = 1; i <= CHAT_MESSAGES_PER_MINUTE; i += 1) {
      last = (await call(sender, 'POST', `chat/conversations/${conversation.id}/messages`, { body: `#${i}` }))
        .statusCode;
    }
    expect(last).toBe(429);
  });
});

describe('support chat: the away email', () => {
  type Row = { state: string; destination: string; subject: string; not_before: Date; created_at: Date };
  const awayEmails = async (userId: string) =>
    (
      await database.pool.query<Row>(
        `select state, destination, subject, not_before, created_at from notifications
         where user_id = $1 and kind = 'chat' order by created_at, id`,
        [userId],
      )
    ).rows;
  const answer = async (id: string, body = 'Looking into it now.') =>
    expect((await call(p.support, 'POST', `chat/conversations/${id}/messages`, { body })).statusCode).toBe(
      201,
    );

  it('an unread answer emails its person once, 10 minutes later, however many answers follow', async () => {
    const person = await createUser(database.db, p.person.organization, { role: 'USER' });
    const { conversation } = await start(person, 'Is the Denver outage known?');
    // The person's own messages email nobody.
    expect(await awayEmails(person.id)).toEqual([]);
    await answer(conversation.id);
    await answer(conversation.id, 'It is a fibre cut; the carrier is on site.');
    const [email, ...more] = await awayEmails(person.id);
    expect(more).toEqual([]);
    expect(email).toMatchObject({
      state: 'pending',
      destination: person.username,
      subject: 'vNOC: the support team answered you',
    });
    expect((email?.not_before.getTime() ?? 0) - (email?.created_at.getTime() ?? 0)).toBe(CHAT_AWAY_EMAIL_MS);

    // Due, it goes out through the delivery layer (the dev outbox here) exactly once.
    const later = new Date((email?.not_before.getTime() ?? 0) + 1_000);
    const dispatcher = createNotificationDispatcher({
      db: database.db,
      deliver: createDelivery(testConfig(), database.db, silentLog as never),
      log: silentLog as never,
      now: () => later,
    });
    await dispatcher.runOnce();
    await dispatcher.runOnce();
    const sent = await database.pool.query<{ subject: string; body: string }>(
      'select subject, body from outbox_messages where "to" = $1',
      [person.username],
    );
    expect(sent.rows).toEqual([
      {
        subject: 'vNOC: the support team answered you',
        body: awayEmailText('en', consoleUrl(testConfig())).body,
      },
    ]);
    expect((await awayEmails(person.id))[0]?.state).toBe('sent');
  });

  it('reading the conversation first drops the email; the next unread answer queues a new one', async () => {
    const person = await createUser(database.db, p.person.organization, { role: 'USER' });
    const { conversation } = await start(person, 'Can you check our VPN?');
    await answer(conversation.id);
    expect((await call(person, 'POST', `chat/conversations/${conversation.id}/read`)).statusCode).toBe(204);
    expect((await awayEmails(person.id)).map((e) => e.state)).toEqual(['skipped']);
    await answer(conversation.id, 'Anything else?');
    expect((await awayEmails(person.id)).map((e) => e.state)).toEqual(['skipped', 'pending']);
    // The support side reading it drops nothing.
    expect((await call(p.support, 'POST', `chat/conversations/${conversation.id}/read`)).statusCode).toBe(
      204,
    );
    expect((await awayEmails(person.id)).map((e) => e.state)).toEqual(['skipped', 'pending']);
  });

  it("is written in the person's language", () => {
    expect(awayEmailText('es', 'https://noc.example.com')).toEqual({
      subject: 'vNOC: el equipo de soporte le ha respondido',
      body: expect.stringMatching(/^El equipo de soporte ha respondido .*\n\nhttps:\/\/noc\.example\.com$/s),
    });
  });
});

describe('support chat: live delivery', () => {
  it('tells the person and the support staff, and nobody else, when a conversation changes', async () => {
    const person = await stream(p.person);
    const colleague = await stream(p.colleague);
    const support = await stream(p.support);
    const { conversation } = await start(p.person, 'Live?');
    const isChat = (frame: { data: unknown }) =>
      (frame.data as { type?: string; conversationId?: string } | undefined)?.conversationId ===
      conversation.id;
    const toSupport = await support.next(isChat);
    expect(toSupport.data).toMatchObject({ type: 'chat.updated', userId: p.person.id, by: 'user' });
    expect(JSON.stringify(toSupport.data)).not.toContain('Live?');

    await call(p.support, 'POST', `chat/conversations/${conversation.id}/messages`, { body: 'Yes.' });
    const toPerson = await person.next(
      (frame) => isChat(frame) && (frame.data as { by?: string }).by === 'support',
    );
    expect(toPerson.data).toMatchObject({ type: 'chat.updated', userId: p.person.id });
    expect(colleague.frames.some(isChat)).toBe(false);
  });
});
