// 'Notify me' (docs/decisions/039-newly-added-and-back-in-stock.md): a request is taken only for what cannot be
// bought now, once per address, product and variant while it waits; the sweep e-mails every request whose product
// or variant can be bought again, once, through the outbox. The sweep reads stock wherever it came from (the back
// office, a CSV import, a cancelled or returned order), so no writer of stock has to remember it.
import { CART_API_MESSAGES, colourByCode, isUuid } from '@rangrez/contract/rules';
import { BACK_IN_STOCK_MESSAGES } from '@rangrez/contract/rules/back-in-stock-messages';
import type { BackInStockDemand } from '@rangrez/contract/schemas';
import type { Clock } from '../../lib/clock.ts';
import type { Db } from '../../lib/db.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { sellableStockOf } from '../../lib/variant-stock.ts';
import { colourUnavailable, sizeUnavailable } from '../orders/index.ts';
import { enqueueEmail } from '../outbox/index.ts';
import { findShownProduct, insertRequest, listDemand, takeDueRequests } from './repository.ts';

/** Requests e-mailed per statement; a sweep repeats until none is due. */
const SWEEP_BATCH = 100;
/** The back office lists at most this many products. */
const DEMAND_SHOWN = 200;

export interface BackInStockDeps {
  db: Db;
  clock: Clock;
  publicUrl: string;
}

/** Takes a request; answers the message to show. */
export async function requestNotice(
  { db, clock }: BackInStockDeps,
  productId: string,
  body: { email: string; size?: string | undefined; color?: string | undefined },
): Promise<string> {
  const product = isUuid(productId) ? await findShownProduct(db, productId) : undefined;
  if (!product) throw notFound(CART_API_MESSAGES.productNotFound);
  const size = body.size ?? '';
  const color = body.color ?? '';
  if (size) {
    // The same refusals as an order line naming them.
    if (!product.sizes.includes(size)) throw sizeUnavailable(size, product.name);
    if (!product.colors.includes(color)) throw colourUnavailable(color, product.name);
    if ((await sellableStockOf(db, { productId: product.id, color, size })) > 0)
      throw conflict(BACK_IN_STOCK_MESSAGES.inStock);
  } else if (product.stock > 0) {
    throw conflict(BACK_IN_STOCK_MESSAGES.inStock);
  }
  // Asking again while the first request waits is the same request: the same answer, no second row.
  await insertRequest(db, { productId: product.id, email: body.email, size, color }, clock.now());
  return BACK_IN_STOCK_MESSAGES.requested;
}

/** E-mails every waiting request that can be served now; answers how many. */
export async function sweepBackInStock({ db, clock, publicUrl }: BackInStockDeps): Promise<number> {
  let sent = 0;
  for (;;) {
    const now = clock.now();
    const taken = await db.transaction(async (tx) => {
      const due = await takeDueRequests(tx, now, SWEEP_BATCH);
      for (const r of due) {
        const variant = r.size ? `${colourByCode(r.color).name}, ${r.size}` : '';
        const link = `${publicUrl}/product/${encodeURIComponent(r.product_id)}`;
        await enqueueEmail(
          tx,
          { kind: 'back-in-stock', requestId: r.id, productName: r.name, variant, link },
          r.email,
          now,
        );
      }
      return due.length;
    });
    sent += taken;
    if (taken < SWEEP_BATCH) return sent;
  }
}

/** Products with waiting requests, the most wanted first, each with its variants' counts. */
export async function backInStockDemand(db: Db): Promise<BackInStockDemand[]> {
  const byProduct = new Map<string, BackInStockDemand>();
  for (const row of await listDemand(db)) {
    const entry = byProduct.get(row.productId) ?? {
      productId: row.productId,
      name: row.name,
      sku: row.sku,
      stock: row.stock,
      waiting: 0,
      oldest: row.oldest.toISOString(),
      variants: [],
    };
    entry.waiting += row.waiting;
    if (row.oldest.toISOString() < entry.oldest) entry.oldest = row.oldest.toISOString();
    entry.variants.push({ size: row.size, color: row.color, waiting: row.waiting });
    byProduct.set(row.productId, entry);
  }
  return [...byProduct.values()]
    .map((entry) => ({
      ...entry,
      variants: entry.variants.sort(
        (a, b) => b.waiting - a.waiting || a.color.localeCompare(b.color) || a.size.localeCompare(b.size),
      ),
    }))
    .sort((a, b) => b.waiting - a.waiting || a.name.localeCompare(b.name))
    .slice(0, DEMAND_SHOWN);
}
