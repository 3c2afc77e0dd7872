// `npm run bench:checkout`: cash-on-delivery checkouts against one app instance on a real PostgreSQL (an embedded
// one in a temporary directory, or a fresh database on DATABASE_URL's server), then a race of 50 buyers for the
// last 5 units of one colour and size, then 200 mixed orders through the COD confirmation. Prints orders per second,
// latency percentiles, the oversell count and the unconfirmed COD orders at the partner (both must be 0).
//
//   npm run bench:checkout -- --duration 10 --connections 20
import { parseArgs } from 'node:util';
import { createProduct, variantStock } from '@rangrez/db/factories/catalogue';
import { orderItems } from '@rangrez/db/schema';
import autocannon from 'autocannon';
import { and, eq, sum } from 'drizzle-orm';
import { codMixedRun } from './lib/cod-mix.ts';
import { type BenchDb, type Buyer, printRows, signedInBuyers, withInProcessStore } from './lib/in-process.ts';

const { values: args } = parseArgs({
  options: {
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '20' },
    users: { type: 'string', default: '100' },
    products: { type: 'string', default: '20' },
  },
});
const DURATION_S = Number(args.duration);
const CONNECTIONS = Number(args.connections);
const USERS = Math.max(50, Number(args.users));
/** How many products the load spreads over: 1 is a drop, every buyer waiting for the same product's lock. */
const PRODUCTS = Math.max(1, Number(args.products));
const RACE_BUYERS = 50;
const RACE_STOCK = 5;
/** The colour and size every order asks for (orderBody): stock is kept per colour and size. */
const ORDER_COLOR = 'Bk';
const ORDER_SIZE = 'M';

const address = {
  firstName: 'Bench',
  lastName: 'Buyer',
  email: 'bench@example.in',
  doorNo: '1',
  address: 'Linking Road, Bandra West',
  city: 'Mumbai',
  state: 'Maharashtra',
  pincode: '400050',
};

/**
 * The n-th shopper's own mobile number. Cash on delivery serialises a phone's orders (its open-orders count,
 * docs/cod.md): one number for every shopper would measure one shopper ordering 20 times at once, not a shop.
 */
const phoneOf = (n: number) => `9${String(n).padStart(9, '0')}`;

const orderBody = (customerId: string, productId: string, pricePaise: number, phone: string) =>
  JSON.stringify({
    orderItems: [{ productId, size: ORDER_SIZE, color: ORDER_COLOR, quantity: '1' }],
    deliveryAddress: { ...address, phone },
    customerId,
    totalAmount: pricePaise / 100 + 50,
    gateway: 'COD',
    orderType: 'BUY_NOW',
  });

/**
 * RACE_BUYERS shoppers at once for the last RACE_STOCK units of the colour and size they all order: none may be
 * sold twice. Every other colour and size holds as many, so a check against the product's total (RACE_STOCK times
 * its variants) instead of the variant's stock would show as oversell.
 */
async function raceForTheLastUnits(db: BenchDb, base: string, buyers: readonly Buyer[]) {
  const last = await createProduct(db, { pricePaise: 99_900, stock: RACE_STOCK });
  const answers = await Promise.all(
    buyers.slice(0, RACE_BUYERS).map((buyer, i) =>
      fetch(`${base}/api/v1/qikink/order`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${buyer.token}`,
          'idempotency-key': `race-${i}`,
        },
        body: orderBody(buyer.id, last.id, last.pricePaise, phoneOf(i)),
      }).then(async (r) => {
        await r.arrayBuffer();
        return r.status;
      }),
    ),
  );
  const [sold] = await db
    .select({ units: sum(orderItems.quantity).mapWith(Number) })
    .from(orderItems)
    .where(
      and(
        eq(orderItems.productId, last.id),
        eq(orderItems.color, ORDER_COLOR),
        eq(orderItems.size, ORDER_SIZE),
      ),
    );
  const stockLeft = await variantStock(db, last.id, ORDER_COLOR, ORDER_SIZE);
  const unitsSold = sold?.units ?? 0;
  const oversell = Math.max(0, unitsSold - RACE_STOCK) + Math.max(0, -stockLeft);
  return { answers, stockLeft, oversell };
}

/** The figures printed at the end, one row each. */
function reportRows(
  databaseKind: string,
  result: autocannon.Result,
  answers: readonly number[],
  stockLeft: number,
  oversell: number,
): [string, string][] {
  const created = result['2xx'];
  return [
    ['database', databaseKind],
    ['connections x duration', `${CONNECTIONS} x ${DURATION_S} s`],
    ['products ordered', String(PRODUCTS)],
    ['orders/s', (created / DURATION_S).toFixed(1)],
    ['p50 latency', `${result.latency.p50} ms`],
    ['p99 latency', `${result.latency.p99} ms`],
    ['orders placed', String(created)],
    ['errors (non-2xx, failed)', `${result.non2xx}, ${result.errors + result.timeouts}`],
    ['race: orders for the last units', `${answers.filter((s) => s === 201).length} of ${RACE_BUYERS}`],
    [`race: stock left (${ORDER_COLOR} ${ORDER_SIZE})`, String(stockLeft)],
    ['race: oversell', String(oversell)],
  ];
}

/** CONNECTIONS clients placing cash-on-delivery orders for DURATION_S seconds, each with its own key. */
function checkoutLoad(
  base: string,
  buyers: readonly Buyer[],
  catalogue: readonly Awaited<ReturnType<typeof createProduct>>[],
) {
  let n = 0;
  return autocannon({
    url: base,
    connections: CONNECTIONS,
    duration: DURATION_S,
    requests: [
      {
        method: 'POST',
        path: '/api/v1/qikink/order',
        setupRequest: (request) => {
          n += 1;
          const buyer = buyers[n % buyers.length]!;
          const phone = phoneOf(n % buyers.length);
          const product = catalogue[n % catalogue.length]!;
          return {
            ...request,
            headers: {
              ...request.headers,
              'content-type': 'application/json',
              authorization: `Bearer ${buyer.token}`,
              'idempotency-key': `bench-${n}`,
            },
            body: orderBody(buyer.id, product.id, product.pricePaise, phone),
          };
        },
      },
    ],
  });
}

async function main() {
  await withInProcessStore({}, async ({ app, db, base, kind }) => {
    process.stdout.write(`Seeding ${USERS} shoppers and ${PRODUCTS} products...\n`);
    const buyers = await signedInBuyers(db, base, USERS, 'bench');
    const catalogue: Awaited<ReturnType<typeof createProduct>>[] = [];
    for (let i = 0; i < PRODUCTS; i++)
      catalogue.push(await createProduct(db, { pricePaise: 79_900, stock: 1_000_000 }));

    process.stdout.write(`Checkouts: ${CONNECTIONS} connections for ${DURATION_S} s...\n`);
    const result = await checkoutLoad(base, buyers, catalogue);

    process.stdout.write(
      `Race: ${RACE_BUYERS} buyers for the last ${RACE_STOCK} units of ${ORDER_COLOR} ${ORDER_SIZE}...\n`,
    );
    const { answers, stockLeft, oversell } = await raceForTheLastUnits(db, base, buyers);

    process.stdout.write('COD confirmation: 200 mixed orders...\n');
    const mix = await codMixedRun(
      app,
      db,
      base,
      buyers,
      (buyer) =>
        JSON.parse(
          orderBody(buyer.id, catalogue[0]!.id, catalogue[0]!.pricePaise, phoneOf(buyers.indexOf(buyer))),
        ) as Record<string, unknown>,
    );

    const rows = reportRows(kind, result, answers, stockLeft, oversell);
    rows.push(
      ['unconfirmed COD orders handed to the partner', `${mix.unconfirmedAtPartner} of ${mix.placed} mixed`],
      ['confirmed COD orders handed to the partner', String(mix.confirmedAtPartner)],
    );
    printRows(rows);
    if (oversell !== 0 || mix.unconfirmedAtPartner !== 0) process.exitCode = 1;
  });
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
