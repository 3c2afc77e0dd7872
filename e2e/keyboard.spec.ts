// A whole purchase with the keyboard alone: Tab, Shift+Tab, Enter, Space, Escape and the arrow keys, no
// clicks. Open the mega-menu, choose a collection and a product, pick size and colour, add to the cart, open and
// close the drawer (focus comes back to the cart button), check out: sign in, fill the address, choose cash on
// delivery, place the order.
import type { Locator, Page } from '@playwright/test';
import { PASSWORD, expect, hydrated, signUp, test } from './fixtures.ts';

const isFocused = (locator: Locator) =>
  locator.evaluate((el) => el === document.activeElement).catch(() => false);

/** Presses Tab (or Shift+Tab) until `target` has the focus; fails after `max` presses. */
async function tabTo(page: Page, target: Locator, { max = 250, back = false } = {}) {
  for (let i = 0; i < max; i++) {
    if (await isFocused(target)) return;
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  }
  await expect(target, `reachable with ${back ? 'Shift+' : ''}Tab`).toBeFocused();
}

/** Presses `key` until `target` has the focus (roving focus inside menus and tab lists). */
async function arrowTo(page: Page, key: string, target: Locator, max = 30) {
  for (let i = 0; i < max; i++) {
    if (await isFocused(target)) return;
    await page.keyboard.press(key);
  }
  await expect(target, `reachable with ${key}`).toBeFocused();
}

async function typeInto(page: Page, field: Locator, text: string) {
  await tabTo(page, field);
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type(text);
}

/** Mega-menu: Enter moves into the groups, arrows choose the group and the sub-category, Enter follows it. */
async function openCollectionByKeyboard(page: Page, group: string, subCategory: string) {
  const nav = page.getByRole('navigation', { name: 'Main' });
  const collections = nav.getByRole('button', { name: 'COLLECTIONS' });
  await tabTo(page, collections);
  await page.keyboard.press('Enter');
  const groupTab = nav.getByRole('tab', { name: group, exact: true });
  await arrowTo(page, 'ArrowDown', groupTab);
  await expect(groupTab).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('ArrowRight');
  const subLink = nav.getByRole('link', { name: subCategory, exact: true });
  await arrowTo(page, 'ArrowRight', subLink);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/collection\/[^/]+\/[^/]+$/);
  await expect(page.getByRole('heading', { level: 1, name: subCategory })).toBeVisible();
  await expect(collections).toHaveAttribute('aria-expanded', 'false');
}

/** Adding before choosing is refused in the documented words; then size with Space, colour with Enter. */
async function addToCartByKeyboard(page: Page, size: string) {
  const addToCart = page.getByRole('button', { name: 'ADD TO CART' });
  await tabTo(page, addToCart);
  await page.keyboard.press('Enter');
  await expect(page.getByText('Please select a size.')).toBeVisible();
  const sizeButton = page.getByRole('button', { name: size, exact: true });
  await tabTo(page, sizeButton, { back: true });
  await page.keyboard.press('Space');
  await expect(sizeButton).toHaveAttribute('aria-pressed', 'true');
  const colour = page
    .getByRole('group', { name: /^Colour/ })
    .getByRole('button')
    .first();
  await tabTo(page, colour);
  await page.keyboard.press('Enter');
  await expect(colour).toHaveAttribute('aria-pressed', 'true');
  await tabTo(page, addToCart);
  await page.keyboard.press('Enter');
  await expect(page.getByText('Item added to cart!')).toBeVisible();
}

test('a shopper buys a product with the keyboard alone', async ({ page, request, createProduct }) => {
  test.slow();
  const product = await createProduct();
  const { email } = (await signUp(request, 'keys', { firstName: 'Tara', lastName: 'Nair' })).user;
  const group = product.category.parentCategory.name;
  const subCategory = product.category.name;

  await page.goto('/');
  await hydrated(page);

  // The first Tab offers the skip link; the header follows.
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();

  await openCollectionByKeyboard(page, group, subCategory);

  // The product's card.
  const card = page
    .getByRole('region', { name: 'Products' })
    .getByRole('link', { name: product.name })
    .first();
  await tabTo(page, card, { max: 400 });
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/product/${product._id}$`));
  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();

  await addToCartByKeyboard(page, product.size[0]!);

  // The drawer: opens with Enter, takes the focus, closes with Escape and gives the focus back.
  const cartButton = page.getByRole('banner').getByRole('button', { name: /^Cart/ });
  await expect(cartButton).toHaveAccessibleName('Cart, 1 item');
  await tabTo(page, cartButton, { back: true });
  await page.keyboard.press('Enter');
  const drawer = page.getByRole('dialog', { name: 'Your Cart' });
  await expect(drawer).toBeVisible();
  await expect(drawer.getByText(product.name)).toBeVisible();
  expect(await drawer.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await expect(cartButton).toBeFocused();

  // Check out from the drawer: a guest is sent to sign in first.
  await page.keyboard.press('Enter');
  await expect(drawer).toBeVisible();
  const checkout = drawer
    .getByRole('button', { name: 'Checkout' })
    .or(drawer.getByRole('link', { name: 'Checkout' }));
  await tabTo(page, checkout.first(), { max: 40 });
  // Focus stays inside the open drawer.
  expect(await drawer.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/login\?returnTo=%2Fplace-order$/);
  await expect(page.getByRole('button', { name: /with Google/ })).toBeVisible();

  await typeInto(page, page.getByLabel('Email', { exact: true }), email);
  await typeInto(page, page.getByLabel('Password', { exact: true }), PASSWORD);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/place-order$/);
  const summary = page.getByRole('complementary', { name: 'Order Summary' });
  await expect(summary.getByText(product.name)).toBeVisible();

  // The address; the PIN fills city and state.
  await typeInto(page, page.getByLabel('Door No.'), '7');
  await typeInto(page, page.getByLabel('Address', { exact: true }), 'Residency Road, Shanthala Nagar');
  await typeInto(page, page.getByLabel('PIN Code'), '560001');
  await expect(page.getByText('Location auto-detected')).toBeVisible();
  await expect(page.getByLabel('State')).toHaveValue('Karnataka');

  // Payment: the radio group is one Tab stop; an arrow key moves the choice to cash on delivery.
  const online = page.getByLabel(/Online/);
  const cod = page.getByLabel(/Cash on Delivery/);
  await expect(online).toBeChecked();
  await tabTo(page, online);
  await page.keyboard.press('ArrowDown');
  await expect(cod).toBeChecked();
  await expect(cod).toBeFocused();

  await tabTo(page, page.getByRole('button', { name: 'Place Order' }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Order Successful!' })).toBeVisible();
  const orderId = (await page.getByTestId('order-id').textContent())!;
  await expect(page).toHaveURL(new RegExp(`/successPage/${orderId}$`));

  // And on to the orders page, still by keyboard.
  await tabTo(page, page.getByRole('link', { name: 'View Orders' }), { back: true, max: 60 });
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/orders$/);
  const row = page.getByRole('button', { name: new RegExp(`Order ${orderId}`) });
  await tabTo(page, row);
  await page.keyboard.press('Enter');
  await expect(row).toHaveAttribute('aria-expanded', 'true');
});
