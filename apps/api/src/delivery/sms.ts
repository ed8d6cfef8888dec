export type SmsProvider = { apiUrl: string; accountSid: string; authToken: string; from: string };

/** POSTs a form to the Twilio-style REST API ({apiUrl}/Accounts/{sid}/{resource}.json) with basic auth. */
export async function postToProvider(
  provider: SmsProvider,
  resource: 'Messages' | 'Calls',
  form: Record<string, string>,
) {
  const url = `${provider.apiUrl.replace(/\/$/, '')}/Accounts/${encodeURIComponent(provider.accountSid)}/${resource}.json`;
  const response = await fetch(url, {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from(`${provider.accountSid}:${provider.authToken}`).toString('base64')}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams(form).toString(),
    signal: AbortSignal.timeout(10_000),
  });
  if (!response.ok) throw new Error(`SMS provider answered ${response.status} for ${resource}`);
}

export function sendSms(provider: SmsProvider, to: string, body: string): Promise<void> {
  return postToProvider(provider, 'Messages', { To: to, From: provider.from, Body: body });
}
