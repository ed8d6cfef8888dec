import nodemailer from 'nodemailer';

export type EmailSender = (to: string, subject: string, text: string) => Promise<void>;

export function createEmailSender(smtpUrl: string, from: string): EmailSender {
  const transport = nodemailer.createTransport(smtpUrl);
  return async (to, subject, text) => {
    await transport.sendMail({ from, to, subject, text });
  };
}
