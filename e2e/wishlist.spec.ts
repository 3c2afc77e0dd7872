// The wishlist in the browser: the heart on a product card, the /wishlist page with its count, removal
// that hides at once, and the rollback when the server fails. Every test uses its own account.
import {
  TEST_COLLECTION,
  bearer,
  expect,
  expectFailedLoads,
  hydrated,
  signIn,
  signUp,
  test,
} from './fixtures.ts';

/** The collection page showing only the named product, so products other tests add cannot crowd it out. */
const collectionOf = (name: string) => `/collection/${TEST_COLLECTION.path}?q=${encodeURIComponent(name)}`;

test('a heart on a card adds to the wishlist; the wishlist page counts and removes at once', async ({
  page,
  request,
  createProduct,
}) => {
  const product = await createProduct();
  const session = await signUp(request, 'heart');
  await signIn(page, session.user.email);

  await page.goto(collectionOf(product.name));
  await hydrated(page);
  const card = page
    .getByRole('region', { name: 'Products' })
    .getByRole('article')
    .filter({ hasText: product.name });
  const add = card.getByRole('button', { name: `Add ${product.name} to wishlist` });
  await expect(add).toHaveAttribute('aria-pressed', 'false');
  await add.click();
  await expect(page.getByText('Item added to wishlist!')).toBeVisible();
  const remove = card.getByRole('button', { name: `Remove ${product.name} from wishlist` });
  await expect(remove).toHaveAttribute('aria-pressed', 'true');
  // The card's link was not followed.
  await expect(page).toHaveURL(
    (url) =>
      url.pathname === `/collection/${TEST_COLLECTION.path}` && url.searchParams.get('q') === product.name,
  );
  const saved = await request.post('/api/v1/wishlist', {
    headers: bearer(session),
    data: { userId: session.user._id },
  });
  expect(
    ((await saved.json()) as { data: { products: { product: { _id: string } }[] } }).data.products.map(
      (entry) => entry.product._id,
    ),
  ).toEqual([product._id]);

  await page.goto('/wishlist');
  await expect(page.getByRole('heading', { name: 'My Wishlist' })).toBeVisible();
  await expect(page.getByText('1 item', { exact: true })).toBeVisible();
  const grid = page.getByRole('list', { name: 'Wishlist' });
  await expect(grid.getByRole('listitem')).toHaveCount(1);
  await expect(grid.getByText(product.name)).toBeVisible();

  await grid.getByRole('button', { name: `Remove ${product.name} from wishlist` }).click();
  await expect(page.getByText('Your wishlist is empty.')).toBeVisible();
  await expect(page.getByText('Item removed from wishlist', { exact: true })).toBeVisible();
  await expect(page.getByText('0 items', { exact: true })).toBeVisible();
});

test('a removal the server refuses comes back with a message', async ({
  page,
  request,
  consoleErrors,
  createProduct,
}) => {
  const [first, second] = await Promise.all([createProduct(), createProduct()]);
  const session = await signUp(request, 'rollback');
  for (const product of [first, second]) {
    const res = await request.post('/api/v1/wishlist/add', {
      headers: bearer(session),
      data: { productId: product._id, userId: session.user._id },
    });
    expect(res.ok()).toBe(true);
  }
  await signIn(page, session.user.email);

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
  await grid.getByRole('button', { name: `Remove ${first.name} from wishlist` }).click();
  // Hidden at once, before the server has answered.
  await expect(grid.getByRole('listitem')).toHaveCount(1);
  await expect(grid.getByText(first.name)).toBeHidden();
  fail();
  await expect(page.getByText('Wishlist is not available', { exact: true })).toBeVisible();
  await expect(grid.getByRole('listitem')).toHaveCount(2);
  await expect(grid.getByText(first.name)).toBeVisible();
  expectFailedLoads(consoleErrors, 500, 1);
});

test('a guest is asked to log in, and /wishlist asks to sign in first', async ({ page, createProduct }) => {
  const product = await createProduct();
  await page.goto(collectionOf(product.name));
  await hydrated(page);
  await page
    .getByRole('region', { name: 'Products' })
    .getByRole('button', { name: `Add ${product.name} to wishlist` })
    .click();
  await expect(page.getByText('Please log in to add items to your wishlist.')).toBeVisible();
  await page.goto('/wishlist');
  await expect(page).toHaveURL(/\/login\?returnTo=%2Fwishlist$/);
});
