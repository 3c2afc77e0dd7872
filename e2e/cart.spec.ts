// The cart in the browser: a guest's cart merged on sign-in, quantities in the drawer and on the cart
// page, the drawer's keyboard behaviour, BUY NOW and sold-out products. Every test uses its own account.
import type { APIRequestContext, Page } from '@playwright/test';
import {
  type Product,
  type Session,
  addToCart,
  bearer,
  expect,
  hydrated,
  signIn,
  signInWithForm,
  signUp,
  test,
} from './fixtures.ts';

type CartAnswer = {
  data: { items: { product: { _id: string }; size: string; color: string; quantity: number }[] };
};

async function serverCart(request: APIRequestContext, session: Session) {
  const res = await request.get('/api/v1/cart', { headers: bearer(session) });
  expect(res.ok()).toBe(true);
  return ((await res.json()) as CartAnswer).data.items.map((l) => [
    l.product._id,
    l.size,
    l.color,
    l.quantity,
  ]);
}

/** Opens the product page and picks its first size and first colour; answers the colour's name. */
async function choose(page: Page, product: Product): Promise<string> {
  await page.goto(`/product/${product._id}`);
  await hydrated(page);
  await page.getByRole('button', { name: product.size[0], exact: true }).click();
  const colour = page
    .getByRole('group', { name: /^Colour/ })
    .getByRole('button')
    .first();
  await colour.click();
  return (await colour.getAttribute('aria-label')) ?? '';
}

const cartButton = (page: Page) => page.getByRole('banner').getByRole('button', { name: /^Cart/ });

test('a guest adds two items, checks out, signs in, and the account cart holds the merged lines', async ({
  page,
  request,
  createProduct,
}) => {
  const [first, second] = await Promise.all([createProduct(), createProduct()]);
  const session = await signUp(request, 'merge');
  // The account already holds the first line: the guest's unit adds to it.
  await addToCart(request, session, first);

  await choose(page, first);
  await page.getByRole('button', { name: 'ADD TO CART' }).click();
  await expect(page.getByText('Item added to cart!')).toBeVisible();
  await expect(cartButton(page)).toHaveAccessibleName('Cart, 1 item');
  await choose(page, second);
  await page.getByRole('button', { name: 'ADD TO CART' }).click();
  await expect(cartButton(page)).toHaveAccessibleName('Cart, 2 items');
  const local = await page.evaluate(() => JSON.parse(localStorage.getItem('rangrez.cart') ?? 'null'));
  expect(local.lines.map((l: { productId: string; quantity: number }) => [l.productId, l.quantity])).toEqual([
    [first._id, 1],
    [second._id, 1],
  ]);

  // The guest's drawer shows the lines with totals; Checkout asks to sign in first.
  await cartButton(page).click();
  const drawer = page.getByRole('dialog', { name: 'Your Cart' });
  await expect(drawer.getByRole('list', { name: 'Cart items' }).getByRole('listitem')).toHaveCount(2);
  await expect(drawer.getByText('Original Price')).toBeVisible();
  await drawer.getByRole('button', { name: 'Checkout' }).click();
  await expect(page).toHaveURL(/\/login\?returnTo=%2Fplace-order$/);

  const merge = page.waitForRequest(
    (req) => req.method() === 'POST' && req.url().endsWith('/api/v1/cart/merge'),
  );
  await expect(page.getByRole('button', { name: /with Google/ })).toBeVisible();
  await signInWithForm(page, session.user.email);
  expect((await merge).postDataJSON()).toEqual({
    mergeId: local.mergeId,
    items: [
      {
        productId: first._id,
        size: first.size[0],
        color: first.color[0],
        quantity: 1,
        price: first.price,
      },
      {
        productId: second._id,
        size: second.size[0],
        color: second.color[0],
        quantity: 1,
        price: second.price,
      },
    ],
  });
  await expect(page).toHaveURL(/\/place-order$/);
  await expect(cartButton(page)).toHaveAccessibleName('Cart, 3 items');
  expect(await page.evaluate(() => localStorage.getItem('rangrez.cart'))).toBeNull();
  expect(await serverCart(request, session)).toEqual([
    [first._id, first.size[0], first.color[0], 2],
    [second._id, second.size[0], second.color[0], 1],
  ]);
  // The checkout summary now describes the merged cart.
  const summary = await page.evaluate(() => JSON.parse(sessionStorage.getItem('rangrez.checkout') ?? 'null'));
  expect(summary.orderDetails.isBuyNow).toBe(false);
  expect(summary.summary.itemCount).toBe(3);

  // Signing out shows the (now empty) guest cart.
  await page.evaluate(() =>
    ['accessToken', 'refreshToken', 'user'].forEach((k) => localStorage.removeItem(k)),
  );
  await page.goto('/about');
  await expect(cartButton(page)).toHaveAccessibleName('Cart, 0 items');
});

test('the drawer: minus does nothing at 1, plus and minus change the server cart, Escape closes', async ({
  page,
  request,
  createProduct,
}) => {
  const [first, second] = await Promise.all([createProduct(), createProduct()]);
  const session = await signUp(request, 'drawer');
  await addToCart(request, session, first);
  await addToCart(request, session, second);
  await signIn(page, session.user.email);
  await expect(cartButton(page)).toHaveAccessibleName('Cart, 2 items');

  const changes: string[] = [];
  page.on('request', (req) => {
    if (req.url().includes('/api/v1/cart/items')) changes.push(`${req.method()} ${req.postData()}`);
  });

  await cartButton(page).focus();
  await page.keyboard.press('Enter');
  const drawer = page.getByRole('dialog', { name: 'Your Cart' });
  await expect(drawer).toBeVisible();
  // Focus moves into the drawer; the page behind is out of reach.
  await expect(drawer.getByRole('button', { name: 'Close cart' })).toBeFocused();
  for (let i = 0; i < 12; i++) {
    await page.keyboard.press('Tab');
    const inside = await page.evaluate(
      () => document.activeElement?.closest('dialog') !== null || document.activeElement === document.body,
    );
    expect(inside).toBe(true);
  }

  const lines = drawer.getByRole('listitem');
  const firstLine = lines.filter({ hasText: first.name }).first();
  const quantity = firstLine.getByLabel(/^Quantity of/);
  // aria-disabled keeps it focusable; a click still reaches it and must change nothing.
  const minus = firstLine.getByRole('button', { name: /^Decrease quantity/ });
  await expect(minus).toHaveAttribute('aria-disabled', 'true');
  await minus.click({ force: true });
  await expect(quantity).toHaveText('1');

  let saved = page.waitForResponse(
    (res) => res.url().endsWith('/api/v1/cart/items') && res.request().method() === 'PUT',
  );
  await firstLine.getByRole('button', { name: /^Increase quantity/ }).click();
  await expect(quantity).toHaveText('2');
  await saved;
  await expect(cartButton(page)).toHaveAccessibleName('Cart, 3 items');
  expect((await serverCart(request, session))[0]?.[3]).toBe(2);

  saved = page.waitForResponse(
    (res) => res.url().endsWith('/api/v1/cart/items') && res.request().method() === 'PUT',
  );
  await minus.click();
  await expect(quantity).toHaveText('1');
  await saved;

  const removed = page.waitForResponse(
    (res) => res.url().endsWith('/api/v1/cart/items') && res.request().method() === 'DELETE',
  );
  await lines
    .filter({ hasText: second.name })
    .first()
    .getByRole('button', { name: /^Remove/ })
    .click();
  await removed;
  await expect(lines).toHaveCount(1);
  expect(await serverCart(request, session)).toEqual([[first._id, first.size[0], first.color[0], 1]]);
  // The minus at 1 sent nothing: two quantity changes and one removal.
  expect(changes.map((c) => c.split(' ')[0])).toEqual(['PUT', 'PUT', 'DELETE']);

  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await expect(cartButton(page)).toBeFocused();
});

test('the cart page: the quantity input ignores empty and 0, Checkout hands the summary to /place-order', async ({
  page,
  request,
  createProduct,
}) => {
  const product = await createProduct();
  const session = await signUp(request, 'page');
  await addToCart(request, session, product);
  await signIn(page, session.user.email);

  const puts: unknown[] = [];
  page.on('request', (req) => {
    if (req.method() === 'PUT' && req.url().endsWith('/api/v1/cart/items')) puts.push(req.postDataJSON());
  });
  await page.goto('/cart');
  await expect(page.getByRole('heading', { name: 'Your Cart' })).toBeVisible();
  const input = page.getByRole('spinbutton', { name: /^Quantity of/ });
  await expect(input).toHaveValue('1');
  await expect(input).toHaveAttribute('min', '1');
  await input.fill('');
  await input.fill('0');
  await expect(page.getByRole('list', { name: 'Cart items' }).getByRole('listitem')).toHaveCount(1);
  const saved = page.waitForResponse(
    (res) => res.url().endsWith('/api/v1/cart/items') && res.request().method() === 'PUT',
  );
  await input.fill('3');
  await saved;
  expect(puts).toEqual([
    { productId: product._id, size: product.size[0], color: product.color[0], quantity: 3 },
  ]);
  expect((await serverCart(request, session))[0]?.[3]).toBe(3);
  await expect(page.getByRole('main').getByText('Subtotal')).toBeVisible();

  await page.getByRole('main').getByRole('button', { name: 'Checkout' }).click();
  await expect(page).toHaveURL(/\/place-order$/);
  const summary = await page.evaluate(() => JSON.parse(sessionStorage.getItem('rangrez.checkout') ?? 'null'));
  expect(summary.items).toEqual([
    expect.objectContaining({
      id: product._id,
      quantity: 3,
      price: product.price,
      subtotal: product.price * 3,
    }),
  ]);
  expect(summary.orderDetails.isBuyNow).toBe(false);

  await page.goto('/cart');
  const removed = page.waitForResponse(
    (res) => res.url().endsWith('/api/v1/cart/items') && res.request().method() === 'DELETE',
  );
  await page.getByRole('button', { name: /^Remove .* from cart$/ }).click();
  // Gone at once, before the server has answered.
  await expect(page.getByText('Your cart is empty', { exact: true })).toBeVisible();
  await removed;
  expect(await serverCart(request, session)).toEqual([]);
});

test('BUY NOW checks out only that item and leaves the cart alone', async ({ page, createProduct }) => {
  const product = await createProduct();
  await choose(page, product);
  await page.getByRole('button', { name: 'BUY NOW' }).click();
  await expect(page).toHaveURL(/\/login\?returnTo=%2Fplace-order$/);
  const summary = await page.evaluate(() => JSON.parse(sessionStorage.getItem('rangrez.checkout') ?? 'null'));
  expect(summary.items).toEqual([
    expect.objectContaining({
      id: product._id,
      quantity: 1,
      size: product.size[0],
      color: product.color[0],
    }),
  ]);
  expect(summary.orderDetails.isBuyNow).toBe(true);
  await expect(cartButton(page)).toHaveAccessibleName('Cart, 0 items');
});

test('a sold-out product cannot be added or bought', async ({ page, createProduct }) => {
  // Sold out in every colour and size, so in whichever the page picks.
  const soldOut = await createProduct({ stock: 0 });
  expect(soldOut.stock).toBe(0);
  expect(soldOut.variants).toHaveLength(soldOut.color.length * soldOut.size.length);
  expect(soldOut.variants.every((v) => v.stock === 0)).toBe(true);
  await page.goto(`/product/${soldOut._id}`);
  await hydrated(page);
  await expect(page.getByText('Out of Stock', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'ADD TO CART' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'BUY NOW' })).toBeDisabled();
});
