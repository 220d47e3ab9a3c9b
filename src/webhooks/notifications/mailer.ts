import nodemailer from 'nodemailer';
import type { Runtime } from '../../core/runtime.ts';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

/** One SMTP transport per worker process when SMTP_URL is set; none (notifications are kept) otherwise. */
export function createMailer(rt: Pick<Runtime, 'config'>): ((mail: Mail) => Promise<void>) | null {
  const url = rt.config.SMTP_URL;
  if (!url) return null;
  const transport = nodemailer.createTransport(url);
  return async (mail) => {
    await transport.sendMail({ from: rt.config.NOTIFICATION_FROM, to: mail.to, subject: mail.subject, text: mail.text });
  };
}
