// 'Notify me' (docs/decisions/039-newly-added-and-back-in-stock.md): requests for what cannot be bought, one per
// address, product and variant while it waits; one e-mail each once the stock is back, whatever raised it; none
// while it is still out; the back office's demand list.
import { createProduct } from '@rangrez/db/factories/catalogue';
import { backInStockRequests, outbox, productVariants } from '@rangrez/db/schema';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MailMessage } from '../src/integrations/mail/port.ts';
import { ManualClock } from '../src/lib/clock.ts';
import { signedInStaff } from './admin-helpers.ts';
import { type TestApp, createTestApp, sendOutbox } from './helpers.ts';

const clock = new ManualClock('2026-11-26T06:00:00.000Z');
let t: TestApp;
const sent: MailMessage[] = [];
let ip = 0;
const ids = { soldOut: '', partly: '' };

const notify = (productId: string, payload: Record<string, unknown>, remoteAddress?: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/products/${productId}/notify`,
    payload,
    remoteAddress: remoteAddress ?? `10.66.0.${(ip++ % 200) + 1}`,
  });
const answer = (res: { statusCode: number; json: () => unknown }) => [res.statusCode, res.json()];
const sweep = () => t.app.jobs.runDueJobs({ periodic: true, only: ['back-in-stock.sweep'] });
const backInStockMails = () => t.database.db.select().from(outbox).where(eq(outbox.kind, 'back-in-stock'));

async function setStock(productId: string, color: string, size: string, stock: number) {
  await t.database.db
    .update(productVariants)
    .set({ stock })
    .where(
      and(
        eq(productVariants.productId, productId),
        eq(productVariants.color, color),
        eq(productVariants.size, size),
      ),
    );
}

beforeAll(async () => {
  t = await createTestApp({ NEWSLETTER_RATE_LIMIT_PER_MINUTE: '3' }, undefined, { clock });
  const mailer = t.app.integrations.mailer;
  const send = mailer.send.bind(mailer);
  mailer.send = async (message) => {
    sent.push(message);
    return send(message);
  };
  const db = t.database.db;
  const base = { sizes: ['M', 'L'], colors: ['Bk', 'Wh'] };
  ids.soldOut = (await createProduct(db, { ...base, name: 'Oni Mask Tee', stock: 0 })).id;
  const partly = await createProduct(db, { ...base, name: 'Kanji Hoodie', stock: 0 });
  ids.partly = partly.id;
  await setStock(partly.id, 'Wh', 'L', 5);
});
afterAll(() => t.close());

describe('asking to be told', () => {
  it('refuses a missing or bad address, half a variant and what the product does not offer', async () => {
    expect(answer(await notify(ids.soldOut, {}))).toEqual([
      400,
      { success: false, message: 'Please enter your email address.' },
    ]);
    expect(answer(await notify(ids.soldOut, { email: 'meera@' }))).toEqual([
      400,
      { success: false, message: 'Please enter a valid email address.' },
    ]);
    expect(answer(await notify(ids.soldOut, { email: 'meera@example.in', size: 'M' }))).toEqual([
      400,
      { success: false, message: 'Choose both a size and a colour, or neither.' },
    ]);
    expect(answer(await notify(ids.soldOut, { email: 'meera@example.in', size: 'XS', color: 'Bk' }))).toEqual(
      [400, { success: false, message: 'Size XS is not available for Oni Mask Tee' }],
    );
    expect(answer(await notify(ids.soldOut, { email: 'meera@example.in', size: 'M', color: 'Rd' }))).toEqual([
      400,
      { success: false, message: 'Colour Rd is not available for Oni Mask Tee' },
    ]);
    for (const id of ['7d1c0f2e-9a43-4c55-8e1b-2f6a0c9d4e11', 'not-an-id']) {
      expect(answer(await notify(id, { email: 'meera@example.in' }))).toEqual([
        404,
        { success: false, message: 'Product not found' },
      ]);
    }
  });

  it('refuses what can be bought now: the product, or the colour and size asked about', async () => {
    const inStock = { success: false, message: 'This is in stock now: you can order it.' };
    expect(answer(await notify(ids.partly, { email: 'meera@example.in' }))).toEqual([409, inStock]);
    expect(answer(await notify(ids.partly, { email: 'meera@example.in', size: 'L', color: 'Wh' }))).toEqual([
      409,
      inStock,
    ]);
  });

  it('takes a request once per address, product and variant, whatever the case of the address', async () => {
    const ok = [200, { success: true, message: 'We will email you when it is back in stock.' }];
    expect(answer(await notify(ids.soldOut, { email: 'Meera@Example.in' }))).toEqual(ok);
    expect(answer(await notify(ids.soldOut, { email: ' meera@example.in ' }))).toEqual(ok);
    expect(answer(await notify(ids.partly, { email: 'meera@example.in', size: 'M', color: 'Bk' }))).toEqual(
      ok,
    );
    expect(answer(await notify(ids.partly, { email: 'meera@example.in', size: 'M', color: 'Bk' }))).toEqual(
      ok,
    );
    expect(answer(await notify(ids.partly, { email: 'arjun@example.in', size: 'M', color: 'Bk' }))).toEqual(
      ok,
    );
    expect(answer(await notify(ids.partly, { email: 'arjun@example.in', size: 'L', color: 'Bk' }))).toEqual(
      ok,
    );
    const rows = await t.database.db.select().from(backInStockRequests);
    expect(rows.map((r) => `${r.email} ${r.size}${r.color}`).sort()).toEqual([
      'arjun@example.in LBk',
      'arjun@example.in MBk',
      'meera@example.in ',
      'meera@example.in MBk',
    ]);
  });

  it('is limited per client address like the other public forms', async () => {
    const from = '10.77.0.1';
    for (let i = 0; i < 3; i++) {
      expect((await notify(ids.soldOut, { email: `limit${i}@example.in` }, from)).statusCode).toBe(200);
    }
    const refused = await notify(ids.soldOut, { email: 'limit3@example.in' }, from);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ success: false });
    clock.advanceSeconds(61);
    expect((await notify(ids.soldOut, { email: 'limit3@example.in' }, from)).statusCode).toBe(200);
  });
});

describe('the back office', () => {
  it('lists the waiting requests per product and variant, most wanted first, to anyone who reads products', async () => {
    const support = await signedInStaff(t, 'support');
    const res = await t.app.inject({ url: '/api/v1/admin/back-in-stock', headers: support.headers });
    expect(res.statusCode).toBe(200);
    const { products } = res.json() as {
      products: { name: string; waiting: number; stock: number; variants: unknown[] }[];
    };
    expect(products.map((p) => [p.name, p.waiting, p.stock])).toEqual([
      ['Oni Mask Tee', 5, 0],
      ['Kanji Hoodie', 3, 5],
    ]);
    expect(products[1]!.variants).toEqual([
      { size: 'M', color: 'Bk', waiting: 2 },
      { size: 'L', color: 'Bk', waiting: 1 },
    ]);
    expect((await t.app.inject({ url: '/api/v1/admin/back-in-stock' })).statusCode).toBe(401);
  });
});

describe('when it is back', () => {
  it('sends nothing while the product or the variant is still out of stock', async () => {
    await sweep();
    await sweep();
    expect(await backInStockMails()).toEqual([]);
  });

  it('e-mails each request once when its variant is back, with the product link, and marks it notified', async () => {
    // Another colour coming back serves only the request for the whole product.
    await setStock(ids.soldOut, 'Wh', 'M', 2);
    await setStock(ids.partly, 'Bk', 'M', 3);
    await sweep();
    await sweep();
    const mails = await backInStockMails();
    expect(mails.map((m) => m.recipient).sort()).toEqual([
      'arjun@example.in',
      'limit0@example.in',
      'limit1@example.in',
      'limit2@example.in',
      'limit3@example.in',
      'meera@example.in',
      'meera@example.in',
    ]);
    await sendOutbox(t);
    const meera = sent.filter((m) => m.to === 'meera@example.in');
    expect(meera.map((m) => m.subject).sort()).toEqual([
      'Kanji Hoodie is back in stock',
      'Oni Mask Tee is back in stock',
    ]);
    const hoodie = meera.find((m) => m.subject.startsWith('Kanji'))!;
    expect(hoodie.text).toContain('Kanji Hoodie (Black, M)');
    expect(hoodie.text).toContain(`http://shop.test/product/${ids.partly}`);
    const waiting = await t.database.db.select().from(backInStockRequests);
    expect(waiting.filter((r) => r.notifiedAt === null).map((r) => `${r.email} ${r.size}${r.color}`)).toEqual(
      ['arjun@example.in LBk'],
    );
    expect(waiting.find((r) => r.notifiedAt !== null)!.notifiedAt).toEqual(clock.now());
  });

  it('takes a new request after the first was served, and serves it once more', async () => {
    await setStock(ids.soldOut, 'Wh', 'M', 0);
    expect((await notify(ids.soldOut, { email: 'meera@example.in' })).statusCode).toBe(200);
    await sweep();
    expect(await backInStockMails()).toHaveLength(7);
    await setStock(ids.soldOut, 'Bk', 'L', 1);
    await sweep();
    expect(await backInStockMails()).toHaveLength(8);
  });
});
