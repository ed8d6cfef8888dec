import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDelivery } from '../src/delivery/index.ts';
import { outboxAttachment } from '../src/delivery/outbox.ts';
import { createTestApp, silentLog, type TestApp, testConfig } from './helpers.ts';

const files = [
  {
    filename: 'report.csv',
    contentType: 'text/csv; charset=utf-8',
    content: Buffer.from('\uFEFFa,b\n"x, y",2\n'),
  },
  { filename: 'report.pdf', contentType: 'application/pdf', content: Buffer.from('%PDF-1.3 fake') },
];
const log = { ...silentLog, debug: () => undefined } as never;

describe('attachments in the dev outbox (DELIVERY=outbox)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ DELIVERY: 'outbox' });
  });
  afterAll(() => t.close());

  it('are stored with the message, listed, and downloadable byte for byte', async () => {
    const deliver = createDelivery(t.config, t.db, log);
    await deliver({
      channel: 'email',
      to: 'ops@org.example',
      subject: 'Report',
      body: 'Attached.',
      attachments: files,
    });
    await deliver({ channel: 'email', to: 'ops@org.example', subject: 'Plain', body: 'No files.' });
    const list = (await t.app.inject({ method: 'GET', url: '/api/dev/outbox?to=ops@org.example' })).json();
    expect(list.map((m: { subject: string }) => m.subject)).toEqual(['Plain', 'Report']);
    expect(list[0].attachments).toEqual([]);
    expect(list[1].attachments).toEqual([
      {
        index: 0,
        filename: 'report.csv',
        contentType: 'text/csv; charset=utf-8',
        size: files[0]?.content.length,
        url: `/api/dev/outbox/${list[1].id}/attachments/0`,
      },
      {
        index: 1,
        filename: 'report.pdf',
        contentType: 'application/pdf',
        size: files[1]?.content.length,
        url: `/api/dev/outbox/${list[1].id}/attachments/1`,
      },
    ]);
    for (const [i, a] of list[1].attachments.entries()) {
      const res = await t.app.inject({ method: 'GET', url: a.url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe(files[i]?.contentType);
      expect(res.headers['content-disposition']).toBe(`attachment; filename="${files[i]?.filename}"`);
      expect(res.rawPayload.equals(files[i]?.content as Buffer)).toBe(true);
    }
    expect(await outboxAttachment(t.db, list[1].id, 2)).toBeUndefined();
    for (const url of [
      `/api/dev/outbox/${list[1].id}/attachments/2`,
      `/api/dev/outbox/${list[0].id}/attachments/0`,
      '/api/dev/outbox/nope/attachments/0',
    ])
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
  });
});

describe('attachments over SMTP (DELIVERY=live)', () => {
  let smtp: SMTPServer;
  const mails: string[] = [];
  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      onData(stream, _session, callback) {
        let raw = '';
        stream.on('data', (chunk: Buffer) => {
          raw += chunk.toString('utf8');
        });
        stream.on('end', () => {
          mails.push(raw);
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  });
  afterAll(() => new Promise<void>((resolve) => smtp.close(() => resolve())));

  it('go as MIME parts with their names and types', async () => {
    const port = (smtp.server.address() as AddressInfo).port;
    const config = testConfig({
      DELIVERY: 'live',
      SMTP_URL: `smtp://127.0.0.1:${port}`,
      SMTP_FROM: 'vNOC <noreply@vnoc.example>',
      // Required with DELIVERY=live; no SMS is sent here.
      SMS_API_URL: 'http://127.0.0.1:9/2010-04-01',
      SMS_ACCOUNT_SID: 'AC123',
      SMS_AUTH_TOKEN: 'token-xyz',
      SMS_FROM: '+15550000000',
    });
    const deliver = createDelivery(config, undefined as never, log);
    await deliver({
      channel: 'email',
      to: 'ops@org.example',
      subject: 'Report',
      body: 'Attached.',
      attachments: files,
    });
    expect(mails).toHaveLength(1);
    const raw = mails[0] ?? '';
    expect(raw).toContain('multipart/mixed');
    expect(raw).toMatch(/filename="?report\.csv"?/);
    expect(raw).toMatch(/filename="?report\.pdf"?/);
    expect(raw).toContain('Content-Type: application/pdf');
    expect(raw).toContain(files[1]?.content.toString('base64'));
  });
});
