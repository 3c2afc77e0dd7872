// The wishlist in the browser: the heart on a product card, the /wishlist page with its count, removal
// that hides at once, and the rollback when the server fails. Every test uses its own account.
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, hydrated, test } from './fixtures.ts';

const PASSWORD = 'Str0ng!pass';

type ListItem = { _id: string; name: string };

function freshEmail(label: string) {
  return `${label}.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@example.in`;
}

async function signUp(request: APIRequestContext, label: string) {
  const email = freshEmail(label);
  const res = await request.post('/api/v1/signup', {
    data: { firstName: 'Wish', lastName: 'Tester', email, password: PASSWORD, phone: '9123456789' },
  });
  expect(res.status()).toBe(201);
  const body = (await res.json()) as { accessToken: string; user: { _id: string } };
  return { email, token: body.accessToken, userId: body.user._id };
}

async function signIn(page: Page, email: string) {
  await page.goto('/login');
  await expect(page.getByRole('button', { name: /with Google/ })).toBeVisible();
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
}

async function collection(request: APIRequestContext, path: string): Promise<ListItem[]> {
  const res = await request.get(`/api/v1/products/${path}`);
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { products: ListItem[] }).products;
}

/** Takes exactly the expected failed loads out of the fixture's list; any other console error still fails. */
function expectFailedLoads(consoleErrors: string[], status: number, count: number) {
  const text = `Failed to load resource: the server responded with a status of ${status}`;
  expect(consoleErrors.filter((e) => e.startsWith(text))).toHaveLength(count);
  const others = consoleErrors.filter((e) => !e.startsWith(text));
  consoleErrors.splice(0, consoleErrors.length, ...others);
}

test('a heart on a card adds to the wishlist; the wishlist page counts and removes at once', async ({
  page,
  request,
}) => {
  const [product] = await collection(request, 'men/hoodie');
  const { email, token, userId } = await signUp(request, 'heart');
  await signIn(page, email);

  await page.goto('/collection/men/hoodie');
  await hydrated(page);
  const card = page
    .getByRole('region', { name: 'Products' })
    .getByRole('article')
    .filter({ hasText: product!.name });
  const add = card.getByRole('button', { name: `Add ${product!.name} to wishlist` });
  await expect(add).toHaveAttribute('aria-pressed', 'false');
  await add.click();
  await expect(page.getByText('Item added to wishlist!')).toBeVisible();
  const remove = card.getByRole('button', { name: `Remove ${product!.name} from wishlist` });
  await expect(remove).toHaveAttribute('aria-pressed', 'true');
  // The card's link was not followed.
  await expect(page).toHaveURL(/\/collection\/men\/hoodie$/);
  const saved = await request.post('/api/v1/wishlist', {
    headers: { authorization: `Bearer ${token}` },
    data: { userId },
  });
  expect(
    ((await saved.json()) as { data: { products: ListItem[] } }).data.products.map((p) => p._id),
  ).toEqual([product!._id]);

  await page.goto('/wishlist');
  await expect(page.getByRole('heading', { name: 'My Wishlist' })).toBeVisible();
  await expect(page.getByText('1 item', { exact: true })).toBeVisible();
  const grid = page.getByRole('list', { name: 'Wishlist' });
  await expect(grid.getByRole('listitem')).toHaveCount(1);
  await expect(grid.getByText(product!.name)).toBeVisible();

  await grid.getByRole('button', { name: `Remove ${product!.name} from wishlist` }).click();
  await expect(page.getByText('Your wishlist is empty.')).toBeVisible();
  await expect(page.getByText('Item removed from wishlist', { exact: true })).toBeVisible();
  await expect(page.getByText('0 items', { exact: true })).toBeVisible();
});

test('a removal the server refuses comes back with a message', async ({ page, request, consoleErrors }) => {
  const [first, second] = await collection(request, 'women/crop-top');
  const { email, token, userId } = await signUp(request, 'rollback');
  for (const product of [first!, second!]) {
    const res = await request.post('/api/v1/wishlist/add', {
      headers: { authorization: `Bearer ${token}` },
      data: { productId: product._id, userId },
    });
    expect(res.ok()).toBe(true);
  }
  await signIn(page, email);

  // Hold the removal until the page has been looked at, then fail it.
  let fail!: () => void;
  const held = new Promise<void>((resolve) => (fail = resolve));
  await page.route('**/api/v1/wishlist/remove/**', async (route) => {
    await held;
    await route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: JSON.stringify({ success: false, message: 'Internal Server Error' }),
    });
  });

  await page.goto('/wishlist');
  const grid = page.getByRole('list', { name: 'Wishlist' });
  await expect(grid.getByRole('listitem')).toHaveCount(2);
  await expect(page.getByText('2 items', { exact: true })).toBeVisible();
  await grid.getByRole('button', { name: `Remove ${first!.name} from wishlist` }).click();
  // Hidden at once, before the server has answered.
  await expect(grid.getByRole('listitem')).toHaveCount(1);
  await expect(grid.getByText(first!.name)).toBeHidden();
  fail();
  await expect(page.getByText('Wishlist is not available', { exact: true })).toBeVisible();
  await expect(grid.getByRole('listitem')).toHaveCount(2);
  await expect(grid.getByText(first!.name)).toBeVisible();
  expectFailedLoads(consoleErrors, 500, 1);
});

test('a guest is asked to log in, and /wishlist asks to sign in first', async ({ page, request }) => {
  const [product] = await collection(request, 'men/hoodie');
  await page.goto('/collection/men/hoodie');
  await hydrated(page);
  await page
    .getByRole('region', { name: 'Products' })
    .getByRole('button', { name: `Add ${product!.name} to wishlist` })
    .click();
  await expect(page.getByText('Please log in to add items to your wishlist.')).toBeVisible();
  await page.goto('/wishlist');
  await expect(page).toHaveURL(/\/login\?returnTo=%2Fwishlist$/);
});
