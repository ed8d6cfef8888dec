import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDevice, createOrganization, createSite, createUser, tokenFor } from './factories.ts';
import { bearer, count, createTestApp, type TestApp } from './helpers.ts';

describe('DELIVERY=outbox', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ DELIVERY: 'outbox' });
  });
  afterAll(() => t.close());

  it('GET /api/dev/outbox?to= lists the messages to that address, newest first', async () => {
    const org = await createOrganization(t.db);
    const user = await createUser(t.db, org);
    await t.app.inject({ method: 'PUT', url: `/api/access/pwreset/${user.username}` });
    await t.app.inject({ method: 'PUT', url: `/api/access/pwreset/${user.username}` });
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/dev/outbox?to=${encodeURIComponent(user.username.toUpperCase())}`,
    });
    expect(res.statusCode).toBe(200);
    const list = res.json();
    expect(list).toHaveLength(2);
    expect(list[0]).toMatchObject({
      channel: 'email',
      to: user.username,
      subject: 'Reset your vNOC password',
    });
    expect(list[0].body).toContain(list[0].code);
    expect(Date.parse(list[0].createdAt)).toBeGreaterThanOrEqual(Date.parse(list[1].createdAt));
    const { rows } = await t.pool.query(
      'select code from outbox_messages where "to" = $1 order by created_at desc',
      [user.username],
    );
    expect(list.map((m: { code: string }) => m.code)).toEqual(rows.map((r) => r.code));
  });

  it('400 without ?to', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/dev/outbox' });
    expect(res.statusCode).toBe(400);
    expect(res.json().id).toBe('invalid_input');
  });
});

describe('DELIVERY=live', () => {
  let t: TestApp;
  let smtp: SMTPServer;
  let provider: http.Server;
  const mails: { to: string; text: string }[] = [];
  const calls: { path: string; auth: string | undefined; form: URLSearchParams }[] = [];

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      onData(stream, session, callback) {
        let raw = '';
        stream.on('data', (chunk: Buffer) => {
          raw += chunk.toString('utf8');
        });
        stream.on('end', () => {
          mails.push({ to: session.envelope.rcptTo.map((r) => r.address).join(','), text: raw });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    provider = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => {
        body += c.toString('utf8');
      });
      req.on('end', () => {
        calls.push({ path: req.url ?? '', auth: req.headers.authorization, form: new URLSearchParams(body) });
        res.writeHead(201, { 'content-type': 'application/json' }).end('{"sid":"SM1"}');
      });
    });
    await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve));
    const smtpPort = (smtp.server.address() as AddressInfo).port;
    const providerPort = (provider.address() as AddressInfo).port;
    t = await createTestApp({
      DELIVERY: 'live',
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      SMTP_FROM: 'vNOC <noreply@vnoc.example>',
      SMS_API_URL: `http://127.0.0.1:${providerPort}/2010-04-01`,
      SMS_ACCOUNT_SID: 'AC123',
      SMS_AUTH_TOKEN: 'token-xyz',
      SMS_FROM: '+15550000000',
      PUBLIC_URL: 'https://noc.example.com/',
    });
  });
  afterAll(async () => {
    await t.close();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
    await new Promise<void>((resolve) => provider.close(() => resolve()));
  });

  it('the dev outbox route does not exist (404), and nothing is stored in the outbox', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/dev/outbox?to=a@b.example' });
    expect(res.statusCode).toBe(404);
    expect(res.json().id).toBe('not_found');
  });

  it('emails go through SMTP to a real sink', async () => {
    const org = await createOrganization(t.db);
    const user = await createUser(t.db, org);
    const res = await t.app.inject({ method: 'PUT', url: `/api/access/pwreset/${user.username}` });
    expect(res.statusCode).toBe(200);
    const mail = mails.find((m) => m.to === user.username);
    expect(mail?.text).toContain('Subject: Reset your vNOC password');
    expect(mail?.text).toMatch(/password reset code is \d{6}/);
    expect(await count(t.pool, 'outbox_messages')).toBe(0);
  });

  it('a support ticket is emailed through SMTP to the support address', async () => {
    const org = await createOrganization(t.db, { entitlements: ['diagnostics'] });
    const device = await createDevice(t.db, await createSite(t.db, org, { name: 'Pier 9' }));
    const user = await createUser(t.db, org, { role: 'USER' });
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/device/troubleshooting/ticket/${device.id}`,
      headers: bearer(await tokenFor(t.db, user, 'full')),
      payload: { subject: 'Line down at Pier 9', comment: 'No WAN since noon.' },
    });
    expect(res.statusCode).toBe(200);
    const mail = mails.find((m) => m.to === 'support@vnoc.example');
    expect(mail?.text).toContain(`Subject: [vNOC #${res.json().number}] Line down at Pier 9`);
    expect(mail?.text).toContain('No WAN since noon.');
    expect(mail?.text).toContain(device.macAddress);
    expect(await count(t.pool, 'outbox_messages')).toBe(0);
    // The ticket's and the device's pages on PUBLIC_URL, in the text part and as links in the HTML part.
    const ticketUrl = `https://noc.example.com/tickets/${res.json().id}`;
    const deviceUrl = `https://noc.example.com/sites/${device.siteId}/device/${device.id}`;
    const { text, html } = mimeParts(mail?.text ?? '');
    expect(text).toContain(`Open the ticket in vNOC: ${ticketUrl}`);
    expect(text).toContain(`Device page: ${deviceUrl}`);
    expect(html).toContain(`Open the ticket in vNOC: <a href="${ticketUrl}">${ticketUrl}</a>`);
    expect(html).toContain(`<a href="${deviceUrl}">`);
  });

  it('SMS and voice go to the provider API (Messages.json / Calls.json, basic auth, TwiML Say)', async () => {
    const org = await createOrganization(t.db);
    const user = await createUser(t.db, org);
    const token = await tokenFor(t.db, user, 'mfa');
    for (const [name, phone] of [
      ['SMS', '+15559990001'],
      ['Voice', '+15559990002'],
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/userProfile/mfa/send${name}EnrollCode`,
        headers: bearer(token),
        payload: { phoneNumber: phone },
      });
      expect(res.statusCode).toBe(200);
    }
    const basic = `Basic ${Buffer.from('AC123:token-xyz').toString('base64')}`;
    const sms = calls.find((c) => c.path === '/2010-04-01/Accounts/AC123/Messages.json');
    expect(sms?.auth).toBe(basic);
    expect(sms?.form.get('To')).toBe('+15559990001');
    expect(sms?.form.get('From')).toBe('+15550000000');
    expect(sms?.form.get('Body')).toMatch(/\d{6}/);
    const call = calls.find((c) => c.path === '/2010-04-01/Accounts/AC123/Calls.json');
    expect(call?.form.get('To')).toBe('+15559990002');
    expect(call?.form.get('Twiml')).toMatch(/^<Response><Say>.*(\d \d \d \d \d \d).*<\/Say>/);
  });
});

/** The text and HTML parts of a raw MIME message (quoted-printable or 7-bit, as nodemailer writes them). */
function mimeParts(raw: string): { text: string; html: string } {
  const part = (type: string) => {
    const start = raw.indexOf(`Content-Type: ${type}`);
    if (start < 0) return '';
    const body = raw.slice(raw.indexOf('\r\n\r\n', start) + 4);
    const end = body.search(/\r\n--/);
    const encoded = end < 0 ? body : body.slice(0, end);
    return Buffer.from(
      encoded.replace(/=\r\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => `%${hex}`),
      'latin1',
    )
      .toString('latin1')
      .replace(/(%[0-9A-F]{2})+/g, (s) => decodeURIComponent(s))
      .replace(/\r\n/g, '\n');
  };
  return { text: part('text/plain'), html: part('text/html') };
}
