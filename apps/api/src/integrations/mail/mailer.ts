// Both mailers build the message with nodemailer, so what lands in DATA_DIR/mail is byte for byte what SMTP
// would have carried (RFC 822 with MIME parts and encoded headers).
import { randomBytes } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Mailer, MailMessage, SentMail } from './port.ts';

export interface MailerOptions {
  /** smtp://user:pass@host:587 or smtps://...; unset: write .eml files to `dir`. */
  smtpUrl?: string;
  from: string;
  dir: string;
}

export function createMailer(options: MailerOptions): Mailer {
  return options.smtpUrl
    ? createSmtpMailer(options.smtpUrl, options.from)
    : createFileMailer(options.dir, options.from);
}

export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    kind: 'smtp',
    async send(message: MailMessage): Promise<SentMail> {
      const info = await transport.sendMail({ from, ...message });
      return { messageId: info.messageId };
    },
  };
}

export function createFileMailer(dir: string, from: string): Mailer {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
  return {
    kind: 'file',
    async send(message: MailMessage): Promise<SentMail> {
      const info = await transport.sendMail({ from, ...message });
      await mkdir(dir, { recursive: true });
      // Sortable by time, unique across instances sharing the folder.
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`;
      const file = path.join(dir, name);
      // Written under a temporary name first: a reader never sees half a message.
      await writeFile(`${file}.tmp`, info.message);
      await rename(`${file}.tmp`, file);
      return { messageId: info.messageId, file };
    },
  };
}
