import type { Channel } from '@vnoc/contracts';

/** A file sent with an email (a scheduled report's CSV and PDF). */
export type Attachment = { filename: string; contentType: string; content: Buffer };

/** One message to one person: an email, an SMS or a voice call. Attachments go with emails only. */
export type Message = {
  channel: Channel;
  to: string;
  subject?: string;
  body: string;
  code?: string;
  attachments?: Attachment[];
};
export type Deliver = (message: Message) => Promise<void>;
