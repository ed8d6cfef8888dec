// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { enrollWithPhone, sendEnrollCode } from './phone-enrolment.ts';

afterEach(() => vi.unstubAllGlobals());

function stubFetch() {
  const fetch = vi.fn(async () => new Response(JSON.stringify({ ok: true }), { status: 200 }));
  vi.stubGlobal('fetch', fetch);
  return (n: number) => {
    const [url, init] = fetch.mock.calls[n] as unknown as [string, RequestInit];
    return { url: String(url), body: JSON.parse(String(init.body)) };
  };
}

describe('phone enrolment requests', () => {
  it.each([
    ['sms', 'sendSMSEnrollCode', 'enrollWithSMS'],
    ['voice', 'sendVoiceEnrollCode', 'enrollWithVoice'],
  ] as const)(
    'by %s: send the code, then enrol with it, through the endpoints of that method',
    async (method, send, enrol) => {
      const call = stubFetch();
      await sendEnrollCode(method, '+15125550100');
      await enrollWithPhone(method, '123456');
      expect(call(0)).toEqual({
        url: expect.stringMatching(new RegExp(`/api/userProfile/mfa/${send}$`)),
        body: { phoneNumber: '+15125550100' },
      });
      expect(call(1)).toEqual({
        url: expect.stringMatching(new RegExp(`/api/userProfile/mfa/${enrol}$`)),
        body: { totp: '123456' },
      });
    },
  );
});
