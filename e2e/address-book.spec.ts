// After the order (docs/accounts.md#address-book, #after-the-order): the first checkout saves the address, the
// next one pre-fills it and offers the list; the success page recaps items, address and payment with the cash to
// keep ready; My Orders on a phone and the profile's orders panel on a desktop keep id, badge and date readable,
// with the lines' pictures; a guest's cart pictures the colour chosen.
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { WIDTH_LADDERS } from '@rangrez/db/media/formats';
import { ingestOriginal } from '@rangrez/db/media/originals';
import { productImages } from '@rangrez/db/schema';
import { and, eq } from 'drizzle-orm';
import {
  addToCart,
  expect,
  hydrated,
  openSignIn,
  placeCodOrder,
  signInWithForm,
  signUp,
  signedIn,
  test,
} from './fixtures.ts';

const rupees = (n: number) => `₹${n.toLocaleString('en-IN')}`;

async function openCheckout(page: Page) {
  await page.goto('/place-order');
  await hydrated(page);
  await expect(page.getByRole('complementary', { name: 'Order Summary' })).toBeVisible();
}

test('the first checkout saves the address, the success page recaps the order, the next checkout pre-fills it', async ({
  page,
  request,
  createProduct,
}) => {
  const session = await signUp(request, 'book');
  const p = await createProduct();
  await addToCart(request, session, p);
  await signedIn(page, session);
  const emptyBook = page.waitForResponse((res) => new URL(res.url()).pathname === '/api/v1/addresses');
  await openCheckout(page);

  // A first checkout: once the (empty) book has answered, there is nothing to choose from.
  expect(await (await emptyBook).json()).toMatchObject({ addresses: [] });
  await expect(page.getByRole('group', { name: 'Saved addresses' })).toHaveCount(0);
  await expect(page.getByLabel('Save this address')).toBeChecked();
  await page.getByLabel('Door No.').fill('12B');
  await page.getByLabel('Address', { exact: true }).fill('MG Road, Shivajinagar');
  await page.getByLabel('PIN Code').fill('560001');
  await expect(page.getByLabel('City')).toHaveValue('Bangalore');
  await page.getByLabel(/Cash on Delivery/).check();
  await page.getByRole('button', { name: 'Place Order' }).click();

  await expect(page.getByRole('heading', { name: 'Order Successful!' })).toBeVisible();
  const items = page.getByRole('region', { name: 'Items' });
  await expect(items.getByText(p.name)).toBeVisible();
  const picture = items.getByRole('img');
  await expect(picture).toBeVisible();
  await expect
    .poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
    .toBe(true);
  await expect(page.getByRole('region', { name: 'Delivery Address' })).toContainText(
    '12B, MG Road, ShivajinagarBangalore, Karnataka 560001',
  );
  const payment = page.getByRole('region', { name: 'Payment' });
  await expect(payment).toContainText('Cash on Delivery');
  await expect(payment).toContainText(`Please keep ${rupees(p.price + 50)} ready at delivery`);

  await addToCart(request, session, p);
  await openCheckout(page);
  const saved = page.getByRole('group', { name: 'Saved addresses' });
  const line = `Kabir Rao, 12B, MG Road, Shivajinagar, Bangalore, Karnataka 560001`;
  await expect(saved.getByLabel(line)).toBeChecked();
  await expect(page.getByLabel('Door No.')).toHaveValue('12B');
  await expect(page.getByLabel('Address', { exact: true })).toHaveValue('MG Road, Shivajinagar');
  await expect(page.getByLabel('PIN Code')).toHaveValue('560001');
  await expect(page.getByLabel('City')).toHaveValue('Bangalore');
  await saved.getByLabel('A new address').check();
  await expect(page.getByLabel('Door No.')).toHaveValue('');
  await expect(page.getByLabel('PIN Code')).toHaveValue('');
  await saved.getByLabel(line).check();
  await expect(page.getByLabel('Door No.')).toHaveValue('12B');

  // The profile keeps the book: the address can be made the default.
  await page.goto('/profile');
  const book = page.getByRole('list', { name: 'Saved addresses' });
  await expect(book.getByRole('listitem')).toHaveText([`${line}Make defaultDelete`]);
  await book.getByRole('button', { name: `Make default: ${line}` }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Address updated' })).toBeVisible();
  await expect(book.getByRole('listitem')).toHaveText([`${line}DefaultDelete`]);
});

/** The row's boxes: id, status badge and date, and whether the date sits on one line. */
async function rowGeometry(row: Locator, orderId: string) {
  // Found by their words, not by test ids, so the check means the same on any markup of the row.
  const dateText = row.getByText(/^[A-Z][a-z]+ \d{1,2}, \d{4} at \d{1,2}:\d{2} (AM|PM)$/);
  const [id, badge, date] = await Promise.all([
    row.getByText(`Order ${orderId}`, { exact: true }).boundingBox(),
    row.locator('[data-tone]').boundingBox(),
    dateText.boundingBox(),
  ]);
  const lineHeight = await dateText.evaluate((el) => parseFloat(getComputedStyle(el).lineHeight));
  if (!id || !badge || !date) throw new Error('an order row box is not laid out');
  const overlap =
    id.x < badge.x + badge.width &&
    badge.x < id.x + id.width &&
    id.y < badge.y + badge.height &&
    badge.y < id.y + id.height;
  return { overlap, dateLines: Math.round(date.height / lineHeight) };
}

test('My Orders on a 360 px phone: badge beside the id, the date on one line, the lines pictured', async ({
  page,
  request,
  createProduct,
}) => {
  const session = await signUp(request, 'phoneorders');
  const orderId = await placeCodOrder(request, session, await createProduct());
  await page.setViewportSize({ width: 360, height: 740 });
  await signedIn(page, session);
  await page.goto('/orders');
  const row = page.getByRole('button', { name: new RegExp(`Order ${orderId}`) });
  await expect(row).toBeVisible();
  expect(await rowGeometry(row, orderId)).toEqual({ overlap: false, dateLines: 1 });
  const thumbnails = row.getByTestId('order-row-thumbnails').locator('img');
  await expect(thumbnails).toHaveCount(1);
  await thumbnails.scrollIntoViewIfNeeded();
  await expect
    .poll(() => thumbnails.evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBeGreaterThan(0);
  // Nothing wider than the phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
});

test("the profile's orders panel at 1280 px keeps each date on one line", async ({
  page,
  request,
  createProduct,
}) => {
  const session = await signUp(request, 'profileorders');
  const orderId = await placeCodOrder(request, session, await createProduct());
  await page.setViewportSize({ width: 1280, height: 900 });
  await signedIn(page, session);
  await page.goto('/profile');
  const row = page.getByRole('button', { name: new RegExp(`Order ${orderId}`) });
  await expect(row).toBeVisible();
  expect(await rowGeometry(row, orderId)).toEqual({ overlap: false, dateLines: 1 });
});

/** A maroon garment: other bytes than the fixtures' mock-up, so its own media row. */
const MAROON_ART = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="1500" viewBox="0 0 1200 1500">' +
    '<rect width="1200" height="1500" fill="#f5f5f4"/>' +
    '<path d="M420 300 L300 380 L180 640 L320 700 L380 560 L380 1260 L820 1260 L820 560 L880 700 L1020 640 ' +
    'L900 380 L780 300 Q600 420 420 300 Z" fill="#7f1d1d"/></svg>',
);

test("a guest's cart pictures the colour chosen, not the product's default", async ({
  page,
  request,
  storeDb,
  createProduct,
}) => {
  const p = await createProduct({ colors: ['Bk', 'Mn'] });
  const maroon = await ingestOriginal(storeDb.db, path.join(process.env.E2E_DATA_DIR!, 'media'), {
    data: MAROON_ART,
    ext: 'svg',
    alt: 'Maroon zip hoodie',
    widths: WIDTH_LADDERS.product,
  });
  await storeDb.db
    .update(productImages)
    .set({ mediaId: maroon.id })
    .where(and(eq(productImages.productId, p._id), eq(productImages.color, 'Mn')));
  // Every instance drops its cached product once PostgreSQL announces the change.
  await expect
    .poll(async () => JSON.stringify(await (await request.get(`/api/v1/product/${p._id}`)).json()))
    .toContain(maroon.key);

  await page.goto(`/product/${p._id}`);
  await hydrated(page);
  await page.getByRole('button', { name: p.size[0]!, exact: true }).click();
  await page.getByRole('button', { name: 'Maroon', exact: true }).click();
  await page.getByRole('button', { name: 'ADD TO CART' }).click();
  await expect(page.getByText('Item added to cart!')).toBeVisible();

  await page
    .getByRole('button', { name: /^Cart, 1 item/ })
    .first()
    .click();
  const drawer = page.getByRole('dialog', { name: 'Your Cart' });
  const drawerPicture = drawer.getByRole('list', { name: 'Cart items' }).getByRole('img', { name: p.name });
  await expect(drawerPicture).toHaveAttribute('src', new RegExp(maroon.key));
  await page.keyboard.press('Escape');

  // The cart page is a signed-in page: signing in merges the guest's line, which keeps its colour's picture.
  const session = await signUp(request, 'maroon');
  await openSignIn(page, '/login?returnTo=%2Fcart');
  await signInWithForm(page, session.user.email);
  await expect(page).toHaveURL(/\/cart$/);
  const cartPicture = page.getByRole('main').getByRole('img', { name: p.name });
  await expect(cartPicture).toHaveAttribute('src', new RegExp(maroon.key));
});
