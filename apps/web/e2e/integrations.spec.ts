import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { signedInAs, useToken } from './support.ts';

// it@acme.example is an Acme administrator no other spec signs in as on this server (each user enrols once per
// server); the server lets webhooks reach this machine (WEBHOOKS_ALLOW_LOOPBACK, playwright.config.ts).
const ADMIN = 'it@acme.example';

type Received = { path: string; headers: IncomingHttpHeaders; body: string };

/** A Slack-shaped receiver on loopback: answers "ok" to every post, as Slack's incoming webhooks do. */
async function slackReceiver() {
  const received: Received[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => {
      body += chunk.toString('utf8');
    });
    req.on('end', () => {
      received.push({ path: req.url ?? '', headers: req.headers, body });
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return { url: `http://127.0.0.1:${port}/services/T0/B0/x`, received, close: () => server.close() };
}

test('an administrator makes an API key a script calls with, and watches a Slack delivery in the webhook log', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const token = await signedInAs(request, ADMIN);
  await useToken(page, token);
  const receiver = await slackReceiver();
  try {
    // A key made on the API keys screen, shown once, works for a script at once.
    await page.goto('/admin/api-keys');
    await page.getByTestId('api-key-create').click();
    await page.getByLabel(/^Name/).fill('Inventory script');
    await page.getByTestId('api-key-submit').click();
    const made = page.getByTestId('api-key-made');
    const key = ((await made.getByText(/^vnoc_/).textContent()) ?? '').trim();
    expect(key).toMatch(/^vnoc_[a-z0-9]+_[\w-]+$/);
    const sites = await request.get('/api/site/search/filtered?pageSize=100', {
      headers: { Authorization: `Bearer ${key}` },
    });
    expect(sites.status(), await sites.text()).toBe(200);
    expect(((await sites.json()) as { totalElements: number }).totalElements).toBeGreaterThan(0);
    await made.getByRole('button', { name: /^Done/ }).click();
    await expect(page.getByTestId('api-key-row').filter({ hasText: 'Inventory script' })).toBeVisible();

    // A Slack destination pointed at the local receiver.
    await page.goto('/admin/webhooks');
    await page.getByTestId('webhook-add').click();
    await page.getByLabel(/^Name/).fill('On-call channel');
    await page.getByLabel(/^Format/).click();
    await page.getByRole('option', { name: 'Slack', exact: true }).click();
    await page.getByLabel(/^Address/).fill(receiver.url);
    await page.getByTestId('webhook-submit').click();
    await expect(page.getByTestId('webhook-secret')).toHaveText(/^whsec_/);
    await page.getByRole('dialog').getByRole('button', { name: 'Done' }).click();
    const card = page.getByTestId('webhook').filter({ hasText: 'On-call channel' });

    // "Send test" shows what the receiver answered, and the receiver got Slack's own format, signed.
    await card.getByRole('button', { name: 'Send test' }).click();
    const result = page.getByTestId('webhook-test-result');
    await expect(result.getByText('It answered 200.')).toBeVisible();
    await page.keyboard.press('Escape');
    // (The fleet's own alerts may reach the receiver too: the test message is found by its text.)
    const tests = receiver.received.filter((r) =>
      r.headers['webhook-id']?.toString().startsWith('msg_test_'),
    );
    expect(tests).toHaveLength(1);
    const sample = JSON.parse(tests[0]?.body ?? '{}') as { text: string; blocks: { type: string }[] };
    expect(sample.text).toBe('Test message from vNOC to On-call channel');
    expect(sample.blocks[0]?.type).toBe('header');
    expect(tests[0]?.headers['webhook-signature']).toMatch(/^v1,/);

    // A real event: an active alert of the organization acknowledged; its delivery shows in the log.
    const auth = { Authorization: `Bearer ${token}` };
    const active = (await (
      await request.get('/api/alert?status=active&pageSize=100', { headers: auth })
    ).json()) as {
      content: { id: string; acknowledgedAt: string | null }[];
    };
    const alert = active.content.find((a) => a.acknowledgedAt === null);
    expect(alert, 'an unacknowledged active alert in the demo fleet').toBeTruthy();
    const acknowledged = await request.post(`/api/alert/${alert?.id}/acknowledge`, { headers: auth });
    expect(acknowledged.status(), await acknowledged.text()).toBe(200);
    await expect
      .poll(
        () => receiver.received.some((r) => JSON.parse(r.body).text?.startsWith('Alert acknowledged: ')),
        {
          timeout: 30_000,
        },
      )
      .toBe(true);
    await expect(async () => {
      await card.getByRole('button', { name: 'Deliveries' }).click();
      const log = page.getByTestId('deliveries');
      const entry = log.locator('> *').filter({ hasText: 'Alert acknowledged' });
      try {
        await expect(entry).toContainText('Delivered', { timeout: 2_000 });
        await expect(entry).toContainText('answered 200');
      } finally {
        await page.keyboard.press('Escape');
        await expect(page.getByRole('dialog')).toBeHidden();
      }
    }).toPass({ timeout: 30_000 });
  } finally {
    receiver.close();
  }
});
