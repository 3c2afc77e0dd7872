// The mail port: a real SMTP conversation with an in-process server (smtp-server) when SMTP_URL is set, RFC 822
// .eml files under DATA_DIR/mail otherwise. Everything that arrives is read back with a real MIME parser
// (mailparser), as a mail program would.
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createProduct } from '@rangrez/db/factories/catalogue';
import { type AddressObject, type ParsedMail, simpleParser } from 'mailparser';
import { createElement } from 'react';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderEmailHtml } from '../src/lib/email-html.tsx';
import { createFileMailer, createMailer } from '../src/integrations/mail/mailer.ts';
import { ConfirmationEmail } from '../src/modules/outbox/confirmation-email.tsx';
import { codOrderBody, createTestApp, sendOutbox, signInNewUser } from './helpers.ts';

interface Arrived {
  envelopeFrom: string;
  envelopeTo: string[];
  user: string | undefined;
  mail: ParsedMail;
}

/** An SMTP server on a free local port that parses each message it accepts. */
async function startSmtpServer(credentials?: { user: string; pass: string }) {
  const arrived: Arrived[] = [];
  const server = new SMTPServer({
    authOptional: !credentials,
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onAuth(auth, _session, callback) {
      if (credentials && auth.username === credentials.user && auth.password === credentials.pass) {
        callback(null, { user: auth.username });
      } else {
        callback(new Error('Invalid username or password'));
      }
    },
    onData(stream, session, callback) {
      simpleParser(stream).then(
        (mail) => {
          arrived.push({
            envelopeFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            envelopeTo: session.envelope.rcptTo.map((r) => r.address),
            user: session.user as string | undefined,
            mail,
          });
          callback();
        },
        (err: Error) => callback(err),
      );
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return { arrived, port, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

const addresses = (field: AddressObject | AddressObject[] | undefined) =>
  (Array.isArray(field) ? field : field ? [field] : []).flatMap((a) => a.value.map((v) => v.address));

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'rangrez-mail-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('SMTP mailer', () => {
  it('delivers sender, recipient, subject and both bodies over SMTP, signing in with the URL’s credentials', async () => {
    const smtp = await startSmtpServer({ user: 'shop', pass: 's3cret' });
    try {
      const mailer = createMailer({
        smtpUrl: `smtp://shop:s3cret@127.0.0.1:${smtp.port}`,
        from: 'Rangrez <orders@rangrez.store>',
        dir,
      });
      expect(mailer.kind).toBe('smtp');
      const sent = await mailer.send({
        to: 'asha@example.in',
        subject: 'Order RGZ10023 confirmed: ₹1,198',
        text: 'Thank you for your order RGZ10023.',
        html: '<p>Thank you for your order <strong>RGZ10023</strong>.</p>',
      });
      expect(smtp.arrived).toHaveLength(1);
      const [{ mail, envelopeFrom, envelopeTo, user }] = smtp.arrived as [Arrived];
      expect({ envelopeFrom, envelopeTo, user }).toEqual({
        envelopeFrom: 'orders@rangrez.store',
        envelopeTo: ['asha@example.in'],
        user: 'shop',
      });
      expect(mail.messageId).toBe(sent.messageId);
      expect(mail.from?.value).toEqual([{ name: 'Rangrez', address: 'orders@rangrez.store' }]);
      expect(addresses(mail.to)).toEqual(['asha@example.in']);
      expect(mail.subject).toBe('Order RGZ10023 confirmed: ₹1,198');
      expect(mail.text?.trim()).toBe('Thank you for your order RGZ10023.');
      expect(mail.html).toBe('<p>Thank you for your order <strong>RGZ10023</strong>.</p>');
    } finally {
      await smtp.close();
    }
  });

  it("passes a message's own headers through both mailers (the newsletter's List-Unsubscribe)", async () => {
    const smtp = await startSmtpServer();
    const headers = {
      'List-Unsubscribe':
        '<https://rangrez.store/api/v1/newsletter/unsubscribe?token=abc>, <mailto:s@rangrez.store>',
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    };
    const message = { to: 'asha@example.in', subject: 'Welcome', text: 'Hi', headers };
    try {
      const viaSmtp = createMailer({
        smtpUrl: `smtp://127.0.0.1:${smtp.port}`,
        from: 'a@rangrez.store',
        dir,
      });
      await viaSmtp.send(message);
      const file = (await createFileMailer(dir, 'a@rangrez.store').send(message)).file!;
      for (const mail of [smtp.arrived[0]!.mail, await simpleParser(await readFile(file))]) {
        const lines = Object.fromEntries(
          mail.headerLines.map((h) => [h.key, h.line.replace(/\r\n[ \t]+/g, ' ')]),
        );
        expect(lines['list-unsubscribe']).toBe(`List-Unsubscribe: ${headers['List-Unsubscribe']}`);
        expect(lines['list-unsubscribe-post']).toBe('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
      }
    } finally {
      await smtp.close();
    }
  });

  it('fails the send when the server refuses the credentials', async () => {
    const smtp = await startSmtpServer({ user: 'shop', pass: 's3cret' });
    try {
      const mailer = createMailer({
        smtpUrl: `smtp://shop:wrong@127.0.0.1:${smtp.port}`,
        from: 'a@b.in',
        dir,
      });
      await expect(mailer.send({ to: 'asha@example.in', subject: 'Hello', text: 'Hi' })).rejects.toThrow(
        /Invalid username or password/,
      );
      expect(smtp.arrived).toEqual([]);
    } finally {
      await smtp.close();
    }
  });

  it('carries the order confirmation of a placed order to the shopper (SMTP_URL)', async () => {
    const smtp = await startSmtpServer();
    const t = await createTestApp({ DATA_DIR: dir, SMTP_URL: `smtp://127.0.0.1:${smtp.port}` });
    try {
      expect(t.app.integrations.mailer.kind).toBe('smtp');
      const buyer = await signInNewUser(t);
      const tee = await createProduct(t.database.db, { name: 'Mail Tee', pricePaise: 1_23_400, stock: 5 });
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/qikink/order',
        headers: buyer.headers,
        payload: codOrderBody(buyer, [{ productId: tee.id }], 1234 + 50),
      });
      expect(res.statusCode).toBe(201);
      const { qikinkOrderId, order } = res.json() as { qikinkOrderId: string; order: { _id: string } };
      await t.app.jobs.runDueJobs();
      await sendOutbox(t);
      await sendOutbox(t);

      // The shopper's confirmation, and the owners' new-order e-mail (to the store while it has no owner).
      const toShopper = smtp.arrived.filter((m) => addresses(m.mail.to).includes('asha.verma@example.in'));
      expect([smtp.arrived.length, toShopper.length]).toEqual([2, 1]);
      const { mail } = toShopper[0]!;
      expect(mail.messageId).toBe(`<order-confirmed.${order._id}@shop.test>`);
      expect(mail.subject).toBe(`Your Rangrez order ${qikinkOrderId} is confirmed`);
      const text = mail.text ?? '';
      expect(text).toContain(
        `Hi Asha,\n\nThank you for shopping with Rangrez! Your order ${qikinkOrderId} is confirmed.`,
      );
      expect(text).toContain('  Mail Tee (Size M, Black) x 1: ₹1,234\n');
      expect(text).toContain('Shipping: ₹50\nTotal: ₹1,284\n');
      expect(text).toContain('Cash on Delivery: please keep ₹1,284 ready when your order arrives.');
      expect(text).toContain('  12B, Linking Road, Bandra West\n  Mumbai, Maharashtra 400050\n');
      // The order's promised day (docs/delivery.md), which depends on today.
      expect(text).toMatch(/\nDelivered by (Mon|Tue|Wed|Thu|Fri|Sat), \d{1,2} [A-Z][a-z]{2}\.\n/);
      const html = mail.html || '';
      expect(html).toMatch(/^<!DOCTYPE html><html lang="en">/);
      expect(html).toContain(`<h1 style="font-size:20px">Your order ${qikinkOrderId} is confirmed</h1>`);
      expect(html).toContain(
        '<td style="padding:4px 12px 4px 0"><strong>Total</strong></td><td style="padding:4px 0;text-align:right"><strong>₹1,284</strong></td>',
      );
      expect(html).toContain('<a href="http://shop.test/orders">View your orders</a>');
      // The file mailer stays unused.
      expect(await readdir(path.join(dir, 'mail')).catch(() => [])).toEqual([]);
    } finally {
      await t.close();
      await smtp.close();
    }
  });
});

describe('e-mail HTML', () => {
  it('escapes every value a shopper typed, in text and in attributes', () => {
    const html = renderEmailHtml(
      createElement(ConfirmationEmail, {
        name: '<script>alert(1)</script>',
        orderNumber: 'RZ1001',
        lines: [{ label: 'Tee "Rang" & Co', amount: '₹799' }],
        totals: [['Total', '₹799']],
        payment: 'Paid online.',
        address: ['A <b>bold</b> street'],
        deliveryEstimate: '3-5 Business Days',
        deliveredBy: null,
        ordersUrl: 'https://shop.example.in/orders?a=1&b="2"',
        supportEmail: 'support@rangrez.store',
      }),
    );
    expect(html).toContain('Hi &lt;script&gt;alert(1)&lt;/script&gt;, thank you');
    expect(html).toContain('Tee &quot;Rang&quot; &amp; Co');
    expect(html).toContain('A &lt;b&gt;bold&lt;/b&gt; street');
    expect(html).toContain('href="https://shop.example.in/orders?a=1&amp;b=&quot;2&quot;"');
    expect(html).not.toContain('<script>');
  });
});

describe('file mailer', () => {
  it('writes a parseable .eml with sender, recipient, subject and both bodies', async () => {
    const fileDir = path.join(dir, 'files');
    const mailer = createFileMailer(fileDir, 'Rangrez <orders@rangrez.store>');
    expect(mailer.kind).toBe('file');
    const sent = await mailer.send({
      to: 'asha@example.in',
      subject: 'Order RGZ10023 confirmed: ₹1,198',
      text: 'Thank you for your order RGZ10023.',
      html: '<p>Thank you for your order <strong>RGZ10023</strong>.</p>',
    });
    expect(sent.file).toMatch(/\.eml$/);
    expect(path.dirname(sent.file!)).toBe(fileDir);
    expect(await readdir(fileDir)).toEqual([path.basename(sent.file!)]);

    const mail = await simpleParser(await readFile(sent.file!));
    expect(mail.from?.value).toEqual([{ name: 'Rangrez', address: 'orders@rangrez.store' }]);
    expect(addresses(mail.to)).toEqual(['asha@example.in']);
    expect(mail.subject).toBe('Order RGZ10023 confirmed: ₹1,198');
    expect(mail.messageId).toBe(sent.messageId);
    expect(mail.headers.get('content-type')).toMatchObject({ value: 'multipart/alternative' });
    expect(mail.text?.trim()).toBe('Thank you for your order RGZ10023.');
    expect(mail.html).toBe('<p>Thank you for your order <strong>RGZ10023</strong>.</p>');
  });

  it('is what the app uses without SMTP_URL, writing under DATA_DIR/mail', async () => {
    const appDir = path.join(dir, 'app');
    const t = await createTestApp({ DATA_DIR: appDir });
    try {
      const { mailer } = t.app.integrations;
      expect(mailer.kind).toBe('file');
      const sent = await mailer.send({ to: 'ravi@example.in', subject: 'Hello', text: 'Hi' });
      expect(path.dirname(sent.file!)).toBe(path.join(appDir, 'mail'));
      expect(addresses((await simpleParser(await readFile(sent.file!))).to)).toEqual(['ravi@example.in']);
    } finally {
      await t.close();
    }
  });
});
