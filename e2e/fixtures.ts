// What every spec shares: the console-error guard, products made for the test, shoppers and their sessions, and
// the few API calls the specs use to set a scene. A spec that needs a product creates it here, so no spec depends
// on which demo products the seed happened to make, nor on another spec leaving their stock alone.
import path from 'node:path';
import { type APIRequestContext, type Page, test as base, expect } from '@playwright/test';
import { type Db, createDb } from '@rangrez/db/client';
import { createProduct as insertProduct, createProductCategory } from '@rangrez/db/factories/catalogue';
import { uniqueSuffix } from '@rangrez/db/factories/unique';
import { WIDTH_LADDERS } from '@rangrez/db/media/formats';
import { ingestOriginal } from '@rangrez/db/media/originals';
import { categories, productImages } from '@rangrez/db/schema';
import { GARMENTS, sizesFor } from '@rangrez/db/seed/catalogue-data';
import { and, eq, isNull } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';

export const PASSWORD = 'Str0ng!pass';

/** A product as the API's detail answer shows it (the fields the specs read). */
export interface Product {
  _id: string;
  name: string;
  price: number;
  /** The product's stock: the sum over its colours x sizes (docs/decisions/024-stock-per-variant.md). */
  stock: number;
  size: string[];
  color: string[];
  category: { name: string; parentCategory: { name: string } };
  /** What each colour and size holds. */
  variants: { color: string; size: string; stock: number }[];
}

interface NewProduct {
  /** Units in every colour and size (25 unless given): 0 makes the product sold out in every size. */
  stock?: number;
  /** Its colour codes (the factory's unless given), each pictured with the same mock-up. */
  colors?: string[];
}

/**
 * The collection the specs' products go into: a real one of the demo catalogue, so they are reached through the
 * mega-menu like any other product, and one no spec browses for its seeded contents.
 */
export const TEST_COLLECTION = { group: 'Men', subCategory: 'Zip Hoodie', path: 'men/zip-hoodie' } as const;

/** The e2e server's own database (playwright.config.ts starts it on E2E_PG_PORT inside E2E_DATA_DIR). */
function storeDatabaseUrl(): string {
  const port = process.env.E2E_PG_PORT;
  if (!port) throw new Error('E2E_PG_PORT is not set: run the specs through e2e/playwright.config.ts');
  return `postgres://postgres:postgres@127.0.0.1:${port}/rangrez`;
}

/** A plain garment mock-up: the same bytes every time, so the run stores and renders it once. */
const ARTWORK = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="1500" viewBox="0 0 1200 1500">' +
    '<rect width="1200" height="1500" fill="#e7e5e4"/>' +
    '<path d="M420 300 L300 380 L180 640 L320 700 L380 560 L380 1260 L820 1260 L820 560 L880 700 L1020 640 ' +
    'L900 380 L780 300 Q600 420 420 300 Z" fill="#1c1917"/></svg>',
);

/** What every product made here shares: its place in the catalogue and its picture. */
interface ProductKit {
  categoryId: string;
  imageId: string;
}

async function productKit(db: Db['db']): Promise<ProductKit> {
  const group = alias(categories, 'group');
  const [collection] = await db
    .select({ id: categories.id })
    .from(categories)
    .innerJoin(group, eq(categories.parentId, group.id))
    .where(
      and(
        eq(group.name, TEST_COLLECTION.group),
        isNull(group.parentId),
        eq(categories.name, TEST_COLLECTION.subCategory),
      ),
    );
  if (!collection) throw new Error(`the ${TEST_COLLECTION.path} collection of the demo catalogue is missing`);
  const image = await ingestOriginal(db, path.join(process.env.E2E_DATA_DIR!, 'media'), {
    data: ARTWORK,
    ext: 'svg',
    alt: 'Zip hoodie',
    widths: WIDTH_LADDERS.product,
  });
  return { categoryId: collection.id, imageId: image.id };
}

async function createTestProduct(
  db: Db['db'],
  kit: ProductKit,
  request: APIRequestContext,
  spec: NewProduct,
) {
  const garment = GARMENTS['Zip Hoodie'];
  const product = await db.transaction(async (tx) => {
    const row = await insertProduct(tx, {
      // Words no control of the store uses, so a locator by the product's name finds only the product.
      name: `Kesari Zip Hoodie ${uniqueSuffix()}`,
      categoryId: kit.categoryId,
      productCategoryId: (await createProductCategory(tx, { name: garment.type })).id,
      sizes: sizesFor(garment),
      imageId: kit.imageId,
      ...(spec.stock === undefined ? {} : { stock: spec.stock }),
      ...(spec.colors === undefined ? {} : { colors: spec.colors }),
    });
    await tx
      .insert(productImages)
      .values(row.colors.map((color) => ({ productId: row.id, color, position: 0, mediaId: kit.imageId })));
    return row;
  });
  // Every instance drops its cached catalogue answers when PostgreSQL announces the commit; until this
  // instance has, its lists would not show the product.
  await expect
    .poll(
      async () => {
        const res = await request.get(
          `/api/v1/products/${TEST_COLLECTION.path}?q=${encodeURIComponent(product.name)}`,
        );
        return ((await res.json()) as { products: { _id: string }[] }).products.map((p) => p._id);
      },
      { message: `${product.name} listed` },
    )
    .toContain(product.id);
  const detail = await request.get(`/api/v1/product/${product.id}`);
  expect(detail.status()).toBe(200);
  return (await detail.json()) as Product;
}

/**
 * Every page fails its test on a console error or an uncaught exception in the browser. `createProduct` makes a
 * product for the test in the store's database: 25 units in every colour and size unless told otherwise.
 */
export const test = base.extend<
  { consoleErrors: string[]; createProduct: (spec?: NewProduct) => Promise<Product> },
  { storeDb: Db; productKit: ProductKit }
>({
  storeDb: [
    // Playwright reads a fixture's dependencies from its first parameter's pattern: none here.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const database = createDb(storeDatabaseUrl(), { max: 2, applicationName: 'rangrez-e2e' });
      await use(database);
      await database.close();
    },
    { scope: 'worker' },
  ],
  // Its own time budget: set up once per worker, it should not eat into the first test's.
  productKit: [
    async ({ storeDb }, use) => use(await productKit(storeDb.db)),
    { scope: 'worker', timeout: 60_000 },
  ],
  createProduct: async ({ storeDb, productKit, request }, use) => {
    await use((spec = {}) => createTestProduct(storeDb.db, productKit, request, spec));
  },
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('console', (msg) => {
        // The browser reports the /404 page's own status as a failed load; that status is the point of it.
        if (msg.type() === 'error' && !msg.location().url.endsWith('/404')) errors.push(msg.text());
      });
      page.on('pageerror', (err) => errors.push(err.message));
      await use(errors);
      expect(errors, 'browser console errors').toEqual([]);
    },
    { auto: true },
  ],
});

/**
 * The browser logs every 4xx answer as a console error ("Failed to load resource: the server responded with a
 * status of 409"). Where such answers are the point of a test (a wrong password, a taken e-mail, a forged
 * signature), this takes exactly `count` of them out of the fixture's list and fails if there were more or fewer;
 * any other console error still fails the test.
 */
export function expectFailedLoads(consoleErrors: string[], status: number, count: number): void {
  const text = `Failed to load resource: the server responded with a status of ${status}`;
  expect(
    consoleErrors.filter((e) => e.startsWith(text)),
    `console errors for ${status} answers`,
  ).toHaveLength(count);
  const others = consoleErrors.filter((e) => !e.startsWith(text));
  consoleErrors.splice(0, consoleErrors.length, ...others);
}

/**
 * Resolves once the page's scripts have run and React Router's client is taking over. They start only after the
 * page has loaded and painted (docs/decisions/012-scripts-after-load.md): wait for this before using a button.
 */
export const hydrated = (page: Page) =>
  page.waitForFunction(
    () => (window as unknown as { __reactRouterRouteModules?: object }).__reactRouterRouteModules,
  );

// ---------------------------------------------------------------- shoppers

export interface Session {
  accessToken: string;
  refreshToken: string;
  user: { _id: string; firstName: string; lastName: string; email: string; phone: string };
}

/** An address nobody else uses: tests never share an account, a cart, an order list or a lock-out count. */
export function freshEmail(label: string): string {
  return `${label}.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@example.in`;
}

/**
 * A mobile number nobody else uses: the store counts open cash-on-delivery orders and first orders per phone, so
 * specs that shared one number would trip over each other's orders.
 */
export const freshPhone = () => `9${String(Date.now() + Math.floor(Math.random() * 1_000_000)).slice(-9)}`;

/** Signs up a new shopper through the API (`request` may point at any instance) and answers the session. */
export async function signUp(
  request: APIRequestContext,
  label: string,
  name: { firstName: string; lastName: string } = { firstName: 'Kabir', lastName: 'Rao' },
): Promise<Session> {
  const phone = freshPhone();
  const res = await request.post('/api/v1/signup', {
    data: { ...name, email: freshEmail(label), password: PASSWORD, phone },
  });
  expect(res.status()).toBe(201);
  const session = (await res.json()) as Session;
  return { ...session, user: { ...session.user, phone } };
}

export const bearer = (session: Pick<Session, 'accessToken'>) => ({
  authorization: `Bearer ${session.accessToken}`,
});

/** Starts the page signed in as `session`, as a sign-in would leave local storage, without the form. */
export async function signedIn(page: Page, session: Session): Promise<void> {
  await page.addInitScript((s) => {
    if (localStorage.getItem('accessToken')) return;
    localStorage.setItem('accessToken', s.accessToken);
    localStorage.setItem('refreshToken', s.refreshToken);
    localStorage.setItem('user', JSON.stringify(s.user));
  }, session);
}

/** Opens a sign-in or sign-up page; it is interactive once the Google button (fetched after hydration) shows. */
export async function openSignIn(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await expect(page.getByRole('button', { name: /with Google/ })).toBeVisible();
}

/** Fills and sends the sign-in form the page is showing. */
export async function signInWithForm(page: Page, email: string, password = PASSWORD): Promise<void> {
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
}

/** Signs in through /login with the form and waits for the home page it leads to. */
export async function signIn(page: Page, email: string): Promise<void> {
  await openSignIn(page, '/login');
  await signInWithForm(page, email);
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
}

// ---------------------------------------------------------------- carts and orders

/** Puts one unit of the product's first size and colour in the account's cart. */
export async function addToCart(
  request: APIRequestContext,
  session: Pick<Session, 'accessToken'>,
  product: Product,
): Promise<void> {
  const res = await request.post('/api/v1/cart/items', {
    headers: bearer(session),
    data: { productId: product._id, size: product.size[0], color: product.color[0] },
  });
  expect(res.ok()).toBe(true);
}

interface OrderListItem {
  orderId: string;
  status: string;
  paymentMethod: string;
  /** Once the tax invoice is issued (docs/gst.md#issuing). */
  invoiceNumber?: string;
}

export async function ordersOf(request: APIRequestContext, session: Session): Promise<OrderListItem[]> {
  const res = await request.get(`/api/v1/orders/${session.user._id}`, { headers: bearer(session) });
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { orders: OrderListItem[] }).orders;
}

/** The API's order body for one unit of the product's first size and colour, delivered to the session's shopper. */
/** Where an order made here goes, unless a spec names another place. */
interface PlaceOverride {
  city: string;
  state: string;
  pincode: string;
}

function oneUnitOrderBody(
  session: Session,
  product: Product,
  gateway: 'COD' | 'Prepaid',
  place?: PlaceOverride,
) {
  return {
    orderItems: [{ productId: product._id, size: product.size[0], color: product.color[0], quantity: '1' }],
    deliveryAddress: {
      firstName: session.user.firstName,
      lastName: session.user.lastName,
      email: session.user.email,
      phone: session.user.phone,
      doorNo: '4',
      address: 'Anna Salai, Teynampet',
      city: 'Chennai',
      state: 'Tamil Nadu',
      pincode: '600018',
      ...place,
    },
    customerId: session.user._id,
    // Cash on delivery costs ₹50 more (the shipping rule).
    totalAmount: product.price + (gateway === 'COD' ? 50 : 0),
    gateway,
    orderType: 'BUY_NOW',
  };
}

/**
 * Buys one unit of the product now, cash on delivery, through the API (to Chennai unless `place` says otherwise);
 * answers the order number. The shopper confirms it at once (docs/cod-confirmation.md), so it goes to the print
 * partner, unless `confirm: false` leaves it waiting for the shopper's word.
 */
export async function placeCodOrder(
  request: APIRequestContext,
  session: Session,
  product: Product,
  { confirm = true, place }: { confirm?: boolean; place?: PlaceOverride } = {},
): Promise<string> {
  const res = await request.post('/api/v1/qikink/order', {
    headers: bearer(session),
    data: oneUnitOrderBody(session, product, 'COD', place),
  });
  expect(res.status()).toBe(201);
  const orderNumber = ((await res.json()) as { qikinkOrderId: string }).qikinkOrderId;
  if (confirm) {
    const confirmed = await request.post(`/api/v1/orders/${orderNumber}/cod-confirmation`, {
      headers: bearer(session),
      data: { action: 'confirm' },
    });
    expect(confirmed.status()).toBe(200);
  }
  return orderNumber;
}

/** One unit bought online through the API as the checkout page does, waiting for its payment. */
export async function unpaidOnlineOrder(
  request: APIRequestContext,
  session: Session,
  product: Product,
): Promise<{ orderId: string; razorpayOrderId: string }> {
  const res = await request.post('/api/v1/razorpay/initiate-payment', {
    headers: bearer(session),
    data: oneUnitOrderBody(session, product, 'Prepaid'),
  });
  expect(res.status()).toBe(200);
  return (await res.json()) as { orderId: string; razorpayOrderId: string };
}

export { expect };

/**
 * Pauses the page's installed fake clock `aheadMs` from the page's now. pauseAt refuses a time that has already
 * passed when the call arrives, which a busy machine makes happen; then the clock is read again and the pause
 * retried. Nothing waits on real time.
 */
export async function pauseClockSoon(page: Page, aheadMs = 100): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    const now = await page.evaluate(() => Date.now());
    try {
      await page.clock.pauseAt(now + aheadMs);
      return;
    } catch (err) {
      if (attempt >= 5 || !String(err).includes('Cannot fast-forward to the past')) throw err;
    }
  }
}
