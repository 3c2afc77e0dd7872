// `npm run bench:promotions`: the promotion races against one app instance on a real PostgreSQL (decision 029),
// and what evaluating promotions costs cart pricing. RACES rounds of RACE_SIZE concurrent cash-on-delivery
// checkouts on (a) a code limited to one use, (b) a once-per-customer code from one shopper on 10 sessions, and
// (c) an automatic ₹100 off with a ₹1,000 budget. Prints over-redemptions (must be 0) and orders/s, then the p99 of
// evaluatePromotions on a 5-line cart with 50 active automatic promotions (goal: <= 1 ms).
//
//   npm run bench:promotions -- --races 20 --size 200
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { type Promotion, evaluatePromotions } from '@rangrez/contract/rules';
import { createProduct } from '@rangrez/db/factories/catalogue';
import { promotionRedemptions, promotions } from '@rangrez/db/schema';
import { eq, sql } from 'drizzle-orm';
import { type BenchDb, type Buyer, printRows, signedInBuyers, withInProcessStore } from './lib/in-process.ts';

const { values: args } = parseArgs({
  options: { races: { type: 'string', default: '20' }, size: { type: 'string', default: '200' } },
});
const RACES = Number(args.races);
const RACE_SIZE = Number(args.size);
const SESSIONS = 10;
const PRICE_PAISE = 79_900;

type Scenario = 'limit-1 code' | 'once per customer, 10 sessions' | '₹1,000 budget';

const addressFor = (n: number) => ({
  firstName: 'Bench',
  lastName: 'Buyer',
  email: `promo-bench-${n}@example.in`,
  phone: `9${String(100_000_000 + n).slice(-9)}`,
  doorNo: '1',
  address: 'Linking Road, Bandra West',
  city: 'Mumbai',
  state: 'Maharashtra',
  pincode: '400050',
});

/** The race's promotion, written straight to the table: the admin API is not what is measured. */
async function racePromotion(
  db: BenchDb,
  scenario: Scenario,
  round: number,
): Promise<{ id: string; code?: string }> {
  const code = `RACE${round}${randomBytes(3).toString('hex').toUpperCase()}`;
  const values =
    scenario === 'limit-1 code'
      ? { code, kind: 'fixed' as const, amountPaise: 10_000, usageLimit: 1 }
      : scenario === '₹1,000 budget'
        ? { kind: 'fixed' as const, amountPaise: 10_000, automatic: true, budgetPaise: 100_000 }
        : { code, kind: 'fixed' as const, amountPaise: 10_000, perCustomerLimit: 1 };
  const [row] = await db.insert(promotions).values(values).returning({ id: promotions.id });
  return { id: row!.id, ...(values.code ? { code } : {}) };
}

interface RaceOutcome {
  redemptions: number;
  allowed: number;
  budgetOver: number;
  created: number;
  seconds: number;
}

async function race(
  db: BenchDb,
  base: string,
  buyers: readonly Buyer[],
  scenario: Scenario,
  round: number,
  productId: string,
) {
  const promotion = await racePromotion(db, scenario, round);
  const oneShopper = scenario === 'once per customer, 10 sessions';
  const started = performance.now();
  const statuses = await Promise.all(
    Array.from({ length: RACE_SIZE }, (_, i) => {
      const buyer = oneShopper ? buyers[i % SESSIONS]! : buyers[i % buyers.length]!;
      // With a code the shopper sends the discounted total; the budget's automatic ₹100 takes the total before it.
      const total = PRICE_PAISE / 100 + 50 - (promotion.code ? 100 : 0);
      return fetch(`${base}/api/v1/qikink/order`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${buyer.token}`,
          'idempotency-key': `promo-${scenario.length}-${round}-${i}`,
        },
        body: JSON.stringify({
          orderItems: [{ productId, size: 'M', color: 'Bk', quantity: '1' }],
          deliveryAddress: addressFor(oneShopper ? 0 : round * RACE_SIZE + i + 1),
          customerId: buyer.id,
          totalAmount: total,
          gateway: 'COD',
          orderType: 'BUY_NOW',
          ...(promotion.code ? { couponCode: promotion.code } : {}),
        }),
      }).then(async (r) => {
        await r.arrayBuffer();
        return r.status;
      });
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const [taken] = await db
    .select({
      n: sql<number>`count(*)::int`,
      paise: sql<number>`coalesce(sum(${promotionRedemptions.discountPaise}), 0)::int`,
    })
    .from(promotionRedemptions)
    .where(eq(promotionRedemptions.promotionId, promotion.id));
  const allowed = scenario === '₹1,000 budget' ? 10 : 1;
  return {
    redemptions: taken?.n ?? 0,
    allowed,
    budgetOver: scenario === '₹1,000 budget' ? Math.max(0, (taken?.paise ?? 0) - 100_000) : 0,
    created: statuses.filter((s) => s === 201).length,
    seconds,
  } satisfies RaceOutcome;
}

/** p99 of one evaluation: 50 automatic promotions of every kind, half combinable, on a 5-line cart. */
function evaluationP99(): { p50: number; p99: number } {
  const kinds: Promotion['offer'][] = [
    { kind: 'percentage', percent: 10, maxDiscountPaise: 30_000 },
    { kind: 'fixed', amountPaise: 10_000 },
    { kind: 'free_shipping' },
    { kind: 'buy_x_get_y', buy: 2, get: 1, percent: 100 },
    { kind: 'bundle', quantity: 3, pricePaise: 119_900 },
  ];
  const automatic: Promotion[] = Array.from({ length: 50 }, (_, i) => ({
    id: `p${String(i).padStart(2, '0')}`,
    code: null,
    combinable: i % 2 === 0,
    offer: kinds[i % kinds.length]!,
    target: i % 3 === 0 ? { scope: 'types', ids: ['tees'] } : { scope: 'order', ids: [] },
    conditions: {
      minSubtotalPaise: (i % 4) * 50_000,
      minQuantity: 0,
      startsAt: null,
      endsAt: null,
      prepaidOnly: false,
      firstOrderOnly: false,
      shoppers: null,
    },
  }));
  const lines = Array.from({ length: 5 }, (_, i) => ({
    productId: `product-${i}`,
    categoryId: 'men',
    typeId: i % 2 === 0 ? 'tees' : 'hoodies',
    pricePaise: 59_900 + i * 20_000,
    quantity: 1 + (i % 3),
  }));
  const context = {
    now: Date.now(),
    gateway: null,
    shippingPaise: 0,
    firstOrder: true,
    shopperKeys: [],
    usedUp: new Set<string>(),
  };
  const times: number[] = [];
  for (let i = 0; i < 5_000; i++) {
    const started = performance.now();
    evaluatePromotions({ lines, automatic, code: null, context });
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!;
  return { p50: at(0.5), p99: at(0.99) };
}

async function runRaces(db: BenchDb, base: string, buyers: readonly Buyer[], productId: string) {
  const rows: [string, string][] = [];
  let over = 0;
  for (const scenario of ['limit-1 code', 'once per customer, 10 sessions', '₹1,000 budget'] as const) {
    process.stdout.write(`${RACES} races of ${RACE_SIZE} checkouts: ${scenario}...\n`);
    let scenarioOver = 0;
    let created = 0;
    let seconds = 0;
    for (let round = 0; round < RACES; round++) {
      const outcome = await race(db, base, buyers, scenario, round, productId);
      scenarioOver += Math.max(0, outcome.redemptions - outcome.allowed) + (outcome.budgetOver > 0 ? 1 : 0);
      created += outcome.created;
      seconds += outcome.seconds;
    }
    over += scenarioOver;
    rows.push([`${scenario}: over-redemptions`, String(scenarioOver)]);
    rows.push([`${scenario}: orders/s`, (created / seconds).toFixed(1)]);
    // Refused checkouts answer too: the rate the server decides at, orders or not.
    rows.push([`${scenario}: checkouts answered/s`, ((RACES * RACE_SIZE) / seconds).toFixed(1)]);
  }
  return { rows, over };
}

async function main() {
  await withInProcessStore({}, async ({ db, base, kind }) => {
    process.stdout.write('Seeding shoppers and a product...\n');
    const buyers = await signedInBuyers(db, base, Math.max(SESSIONS, 50), 'promo');
    const product = await createProduct(db, { pricePaise: PRICE_PAISE, stock: 1_000_000 });
    const { rows, over } = await runRaces(db, base, buyers, product.id);
    const evaluation = evaluationP99();
    rows.push(['evaluation, 50 automatic promotions: p50', `${evaluation.p50.toFixed(3)} ms`]);
    rows.push(['evaluation, 50 automatic promotions: p99', `${evaluation.p99.toFixed(3)} ms (goal <= 1 ms)`]);
    rows.unshift(['database', kind]);
    printRows(rows);
    if (over !== 0) process.exitCode = 1;
  });
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
