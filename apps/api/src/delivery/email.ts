import nodemailer from 'nodemailer';
import { emailHtml } from './email-html.ts';
import type { Attachment } from './message.ts';

export type EmailSender = (
  to: string,
  subject: string,
  text: string,
  attachments?: Attachment[],
) => Promise<void>;

export function createEmailSender(smtpUrl: string, from: string): EmailSender {
  const transport = nodemailer.createTransport(smtpUrl);
  return async (to, subject, text, attachments) => {
    await transport.sendMail({
      from,
      to,
      subject,
      text,
      html: emailHtml(text),
      ...(attachments?.length
        ? {
            attachments: attachments.map((a) => ({
              filename: a.filename,
              contentType: a.contentType,
              content: a.content,
            })),
          }
        : {}),
    });
  };
}
