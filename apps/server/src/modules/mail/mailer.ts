import type { Transporter } from 'nodemailer';
import type { Db } from '../../db/client.ts';
import { insertKeptMail } from './mail.repository.ts';

export type MailMessage = { to: string; subject: string; text: string; html?: string };
export type Mailer = { send(message: MailMessage): Promise<void>; transport: 'smtp' | 'outbox' };

/**
 * Mail goes out over SMTP when SMTP_URL is set; otherwise nodemailer renders it and it is kept in
 * the database outbox, where administrators (and the tests) read it. nodemailer is loaded with the
 * first message, not at start-up.
 */
export function createMailer(db: Db, config: { smtpUrl?: string; from: string }): Mailer {
  let transporter: Promise<Transporter> | undefined;
  const transport = () => {
    transporter ??= import('nodemailer').then(({ default: nodemailer }) =>
      config.smtpUrl
        ? nodemailer.createTransport(config.smtpUrl)
        : nodemailer.createTransport({ jsonTransport: true }),
    );
    return transporter;
  };
  if (config.smtpUrl) {
    return {
      transport: 'smtp',
      send: async (message) => {
        await (await transport()).sendMail({ from: config.from, ...message });
      },
    };
  }
  return {
    transport: 'outbox',
    send: async (message) => {
      // Let nodemailer validate and normalise the message exactly as it would for SMTP.
      await (await transport()).sendMail({ from: config.from, ...message });
      await insertKeptMail(db, { ...message, html: message.html ?? null });
    },
  };
}
