// Catalogue truths (docs/decisions/039-newly-added-and-back-in-stock.md): an unknown collection is a missing page
// (status 404, the not-found page) while the API keeps answering its empty list; a product sold out everywhere
// carries the Out of Stock badge on its card; a shopper asks to be told when it is back, the back office sees the
// request, the owner raises the stock of one size, and the shopper's e-mail arrives with the product's link.
import { mergeTests } from '@playwright/test';
import { test as backOffice, notice } from './back-office.ts';
import { expect, expectFailedLoads, freshEmail, hydrated, test as shop } from './fixtures.ts';
import { mailTo } from './mailbox.ts';

const test = mergeTests(shop, backOffice);

test('an unknown collection answers 404 with the not-found page; the API keeps its empty list', async ({
  page,
  request,
  consoleErrors,
}) => {
  const res = await page.goto('/collection/no-such/thing');
  expect(res?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Return to Home' })).toBeVisible();
  expectFailedLoads(consoleErrors, 404, 1);

  const api = await request.get('/api/v1/products/no-such/thing');
  expect(api.status()).toBe(200);
  expect(await api.json()).toEqual({ products: [] });

  // A known group with a type it offers is a page, products or not.
  expect((await page.goto('/collection/men/zip-hoodie'))?.status()).toBe(200);
});

test('Notify me on a sold-out product: the e-mail arrives once the back office raises the stock', async ({
  page,
  request,
  createProduct,
  openBackOffice,
  owner,
}) => {
  // The sweep and the outbox each wait for their next tick (10 s apiece).
  test.setTimeout(90_000);
  const product = await createProduct({ stock: 0 });
  const email = freshEmail('notify');

  // The card in its collection says it is out of stock.
  await page.goto(`/collection/men/zip-hoodie?q=${encodeURIComponent(product.name)}`);
  const card = page.getByRole('article').filter({ hasText: product.name });
  await expect(card.getByText('Out of Stock', { exact: true })).toBeVisible();

  await page.goto(`/product/${product._id}`);
  await hydrated(page);
  await expect(page.getByRole('button', { name: 'ADD TO CART' })).toBeDisabled();
  const form = page.getByRole('form', { name: 'Out of stock. Get an email when it is back.' });
  // The form's code comes after the page's: it is usable once its button is enabled.
  await expect(form.getByRole('button', { name: 'Notify me' })).toBeEnabled();
  await form.getByLabel('Email').fill(email);
  await form.getByRole('button', { name: 'Notify me' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'We will email you' })).toHaveText(
    'We will email you when it is back in stock.',
  );

  await openBackOffice('/admin/back-in-stock');
  const row = page.getByRole('row').filter({ hasText: product.name });
  await expect(row.getByRole('cell').nth(1)).toHaveText('1');
  await expect(row).toContainText('Any colour and size: 1');

  await page.goto(`/admin/products/${product._id}`);
  await page.getByLabel('Stock, Black (Bk), M').fill('3');
  await page.getByRole('button', { name: 'Save variants' }).click();
  await expect(notice(page)).toHaveText('Variants and stock saved.');

  // The sweep marks the request served within its interval; the outbox then sends the e-mail.
  const headers = { authorization: `Bearer ${owner.accessToken}` };
  await expect
    .poll(
      async () => {
        const res = await request.get('/api/v1/admin/back-in-stock', { headers });
        const body = (await res.json()) as { products: { productId: string }[] };
        return body.products.some((p) => p.productId === product._id);
      },
      { message: 'the request served', timeout: 30_000 },
    )
    .toBe(false);
  const mail = await mailTo(email, new RegExp(`${product.name} is back in stock`));
  expect(mail).toContain(`/product/${product._id}`);
});
