import { postToProvider, type SmsProvider } from './sms.ts';

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Places a call that reads the text twice (TwiML Say); digits of a code are spaced so they are read one by one. */
export function placeVoiceCall(provider: SmsProvider, to: string, text: string): Promise<void> {
  const spoken = escapeXml(text.replace(/\d{4,}/g, (digits) => digits.split('').join(' ')));
  const twiml = `<Response><Say>${spoken}</Say><Pause length="1"/><Say>${spoken}</Say></Response>`;
  return postToProvider(provider, 'Calls', { To: to, From: provider.from, Twiml: twiml });
}
