import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../plugins/config.ts';
import type { Db } from '../plugins/db.ts';
import { createEmailSender } from './email.ts';
import type { Deliver } from './message.ts';
import { insertOutboxMessage } from './outbox.ts';
import { sendSms } from './sms.ts';
import { placeVoiceCall } from './voice.ts';

export type { Attachment, Deliver, Message } from './message.ts';

/**
 * DELIVERY=outbox stores every message (and logs it: reading codes is the dev outbox's purpose);
 * DELIVERY=live sends email over SMTP and SMS/voice through the provider, and never logs the text.
 */
export function createDelivery(config: Config, db: Db, log: FastifyBaseLogger): Deliver {
  if (config.delivery === 'outbox') {
    return async (message) => {
      await insertOutboxMessage(db, message);
      log.info(
        { outbox: { channel: message.channel, to: message.to } },
        `dev outbox → ${message.to}: ${message.body}${
          message.attachments?.length ? ` [${message.attachments.map((a) => a.filename).join(', ')}]` : ''
        }`,
      );
    };
  }
  const email = config.smtpUrl ? createEmailSender(config.smtpUrl, config.smtpFrom) : undefined;
  const provider = config.sms;
  return async (message) => {
    if (message.channel === 'email') {
      if (!email) throw new Error('SMTP_URL is not configured');
      await email(message.to, message.subject ?? 'vNOC', message.body, message.attachments);
    } else {
      if (!provider) throw new Error('The SMS/voice provider is not configured');
      await (message.channel === 'sms' ? sendSms : placeVoiceCall)(provider, message.to, message.body);
    }
    log.info({ delivery: { channel: message.channel } }, 'message delivered');
  };
}
