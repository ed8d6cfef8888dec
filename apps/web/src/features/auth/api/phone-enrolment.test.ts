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
  it('send the code through the endpoint of the method chosen', async () => {
    const call = stubFetch();
    await sendEnrollCode('sms', '+15125550100');
    await sendEnrollCode('voice', '+15125550100');
    expect(call(0)).toEqual({
      url: expect.stringMatching(/\/api\/userProfile\/mfa\/sendSMSEnrollCode$/),
      body: { phoneNumber: '+15125550100' },
    });
    expect(call(1).url).toMatch(/\/api\/userProfile\/mfa\/sendVoiceEnrollCode$/);
  });

  it('enrol with the code through the endpoint of the method chosen', async () => {
    const call = stubFetch();
    await enrollWithPhone('sms', '123456');
    await enrollWithPhone('voice', '654321');
    expect(call(0)).toEqual({
      url: expect.stringMatching(/\/api\/userProfile\/mfa\/enrollWithSMS$/),
      body: { totp: '123456' },
    });
    expect(call(1)).toEqual({
      url: expect.stringMatching(/\/api\/userProfile\/mfa\/enrollWithVoice$/),
      body: { totp: '654321' },
    });
  });
});
