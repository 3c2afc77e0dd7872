// The mail port without SMTP: messages land as RFC 822 .eml files under DATA_DIR/mail.
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFileMailer, createMailer } from '../src/integrations/mail/mailer.ts';
import { createTestApp } from './helpers.ts';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'rangrez-mail-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

/** Header fields of an RFC 822 message (unfolded, RFC 2047 encoded-words decoded) and its raw body. */
function parseEml(raw: string) {
  const [head = '', ...rest] = raw.split('\r\n\r\n');
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r\n[ \t]+/g, ' ').split('\r\n')) {
    const colon = line.indexOf(':');
    headers.set(line.slice(0, colon).toLowerCase(), decodeWords(line.slice(colon + 1).trim()));
  }
  return { headers, body: rest.join('\r\n\r\n') };
}

function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([BQ])\?([^?]*)\?=/gi, (_m, enc: string, text: string) =>
      enc.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : Buffer.from(
            text
              .replace(/_/g, ' ')
              .replace(/=([0-9A-F]{2})/gi, (_x, h: string) => String.fromCharCode(parseInt(h, 16))),
            'latin1',
          ).toString('utf8'),
    );
}

describe('file mailer', () => {
  it('writes a parseable .eml with sender, recipient, subject and both bodies', async () => {
    const mailer = createFileMailer(dir, 'Rangrez <orders@rangrez.store>');
    expect(mailer.kind).toBe('file');
    const sent = await mailer.send({
      to: 'asha@example.in',
      subject: 'Order RGZ10023 confirmed: ₹1,198',
      text: 'Thank you for your order RGZ10023.',
      html: '<p>Thank you for your order <strong>RGZ10023</strong>.</p>',
    });
    expect(sent.file).toMatch(/\.eml$/);
    expect(path.dirname(sent.file!)).toBe(dir);
    expect(await readdir(dir)).toEqual([path.basename(sent.file!)]);

    const { headers, body } = parseEml(await readFile(sent.file!, 'utf8'));
    expect(headers.get('from')).toBe('Rangrez <orders@rangrez.store>');
    expect(headers.get('to')).toBe('asha@example.in');
    expect(headers.get('subject')).toBe('Order RGZ10023 confirmed: ₹1,198');
    expect(headers.get('message-id')).toBe(sent.messageId);
    expect(headers.get('mime-version')).toBe('1.0');
    expect(headers.get('content-type')).toMatch(/^multipart\/alternative; boundary=/);
    expect(body).toContain('Thank you for your order RGZ10023.');
    expect(body).toContain('<strong>RGZ10023</strong>');
  });

  it('is what the app uses without SMTP_URL, writing under DATA_DIR/mail', async () => {
    const t = await createTestApp({ DATA_DIR: dir });
    try {
      const { mailer } = t.app.integrations;
      expect(mailer.kind).toBe('file');
      const sent = await mailer.send({ to: 'ravi@example.in', subject: 'Hello', text: 'Hi' });
      expect(path.dirname(sent.file!)).toBe(path.join(dir, 'mail'));
      expect(parseEml(await readFile(sent.file!, 'utf8')).headers.get('to')).toBe('ravi@example.in');
    } finally {
      await t.close();
    }
  });

  it('uses SMTP when SMTP_URL is set', () => {
    expect(createMailer({ smtpUrl: 'smtp://user:pass@127.0.0.1:2525', from: 'a@b.in', dir }).kind).toBe(
      'smtp',
    );
  });
});
