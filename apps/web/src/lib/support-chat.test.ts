import type { ChatToken, User } from '@vnoc/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authStore } from './auth-store.ts';
import { createSupportChat, type IntercomSdk, messengerUser, waitUntil } from './support-chat.ts';

const user = {
  id: 'u1',
  username: 'ana@acme.example',
  organization: { id: 'o1', name: 'Acme' },
  contact: { firstName: 'Ana', lastName: 'Ortiz', mobileNumber: '(555) 010-2030', officeNumber: null },
} as unknown as User;
const token = (intercomAppId: string | null): ChatToken => ({
  token: 'signed.jwt.token',
  expiresAt: '2026-11-24T00:00:00.000Z',
  intercomAppId,
});

function signIn(claims: Record<string, unknown>) {
  vi.spyOn(authStore, 'get').mockReturnValue({
    jwt: 'x',
    user,
    captivity: null,
    emailCodeSent: null,
    altSmsCodeSent: null,
    mobileSMSCodeSent: null,
    voiceCodeSent: null,
    claims: { role: 'USER', isMfaValidated: true, ...claims } as never,
  });
}
afterEach(() => vi.restoreAllMocks());

describe('waitUntil (spec part 9: up to 5 s, polling from 100 ms up to 500 ms)', () => {
  it('polls 100, 200, 400, then every 500 ms, and gives up after 5 s', async () => {
    const waits: number[] = [];
    const ready = await waitUntil(
      () => false,
      async (ms) => {
        waits.push(ms);
      },
    );
    expect(ready).toBe(false);
    expect(waits.slice(0, 5)).toEqual([100, 200, 400, 500, 500]);
    expect(waits.reduce((a, b) => a + b, 0)).toBe(5000);
  });

  it('stops as soon as the messenger is ready', async () => {
    let calls = 0;
    expect(
      await waitUntil(
        () => ++calls > 2,
        async () => undefined,
      ),
    ).toBe(true);
    expect(calls).toBe(3);
  });
});

describe('messengerUser', () => {
  it('names the person, their organization, the signed token, and the phone by the spec part 5 rule', () => {
    expect(messengerUser(user, token('app'))).toEqual({
      user_id: 'u1',
      name: 'Ana Ortiz',
      email: 'ana@acme.example',
      phone: '+15550102030',
      intercom_user_jwt: 'signed.jwt.token',
      company: { company_id: 'o1', name: 'Acme' },
    });
  });

  it('drops a phone that does not normalize', () => {
    const odd = { ...user, contact: { ...user.contact, mobileNumber: '12345' } } as User;
    expect(messengerUser(odd, token('app'))).not.toHaveProperty('phone');
  });
});

function fakeSdk() {
  return { Intercom: vi.fn(), update: vi.fn(), shutdown: vi.fn() } satisfies IntercomSdk;
}

describe('the chat widget adapter', () => {
  it("boots vNOC's own chat when no Intercom app is configured, and shuts it down", async () => {
    signIn({});
    const chat = createSupportChat({
      fetchToken: async () => token(null),
      loadIntercom: async () => fakeSdk(),
      messengerReady: () => true,
      sleep: async () => undefined,
    });
    expect(await chat.boot(user)).toBe('own');
    chat.shutdown();
    expect(chat.mode).toBe('off');
  });

  it('boots the Intercom messenger with the person, debounces updates 500 ms, and shuts it down', async () => {
    vi.useFakeTimers();
    try {
      signIn({});
      const sdk = fakeSdk();
      const chat = createSupportChat({
        fetchToken: async () => token('abc123'),
        loadIntercom: async () => sdk,
        messengerReady: () => true,
        sleep: async () => undefined,
      });
      expect(await chat.boot(user)).toBe('intercom');
      expect(sdk.Intercom).toHaveBeenCalledWith(expect.objectContaining({ app_id: 'abc123', user_id: 'u1' }));
      chat.update(user);
      chat.update({ ...user, contact: { ...user.contact, firstName: 'Anna' } } as User);
      vi.advanceTimersByTime(499);
      expect(sdk.update).not.toHaveBeenCalled();
      vi.advanceTimersByTime(1);
      expect(sdk.update).toHaveBeenCalledTimes(1);
      expect(sdk.update).toHaveBeenCalledWith(expect.objectContaining({ name: 'Anna Ortiz' }));
      chat.shutdown();
      expect(sdk.shutdown).toHaveBeenCalledTimes(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('shows nothing when the messenger never loads within the wait', async () => {
    signIn({});
    const chat = createSupportChat({
      fetchToken: async () => token('abc123'),
      loadIntercom: async () => fakeSdk(),
      messengerReady: () => false,
      sleep: async () => undefined,
    });
    expect(await chat.boot(user)).toBe('off');
  });

  it.each([
    ['support staff', { role: 'SUPPORT' }],
    ['a support person acting as the user', { impersonatedBy: 'sam@provider.example' }],
    ['a session before multi-factor validation', { isMfaValidated: false }],
  ])('does not boot for %s', async (_name, claims) => {
    signIn(claims);
    const fetchToken = vi.fn(async () => token(null));
    const chat = createSupportChat({
      fetchToken,
      loadIntercom: async () => fakeSdk(),
      messengerReady: () => true,
      sleep: async () => undefined,
    });
    expect(await chat.boot(user)).toBe('off');
    expect(fetchToken).not.toHaveBeenCalled();
  });
});
