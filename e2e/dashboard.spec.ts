// The owner's dashboard in a browser (docs/admin.md#dashboard): with orders in the store, /admin shows the tiles,
// the charts and their tables for screen readers, the ranges switch, and the page passes axe.
import { expectNoSeriousViolations } from './axe.ts';
import { expect, test } from './back-office.ts';
import { placeCodOrder, signUp } from './fixtures.ts';

test('the owner opens /admin and sees the figures, the charts and their tables', async ({
  page,
  openBackOffice,
  createProduct,
  request,
}) => {
  test.setTimeout(120_000);
  const product = await createProduct();
  const shopper = await signUp(request, 'dashboard');
  for (let i = 0; i < 3; i += 1) await placeCodOrder(request, shopper, product);

  await openBackOffice('/admin');
  const figures = page.getByRole('list', { name: 'Figures' });
  await expect(figures.getByRole('listitem')).toHaveCount(10);
  await expect(figures.getByRole('listitem').first()).toContainText('Net sales');
  // The figures come from the rollup job (every 30 seconds); that today's orders reach them exactly is proved
  // against the orders themselves in apps/api/test/dashboard*.test.ts. Here: the page draws what the API answers.
  await expect(page.getByRole('table', { name: 'Top products' }).getByRole('row').first()).toBeAttached();

  const chart = page.locator('figure', { hasText: 'Top products (₹)' });
  await expect(chart.locator('canvas')).toBeVisible();
  await expect(
    page.locator('figure', { hasText: 'Sales and orders per day' }).locator('canvas'),
  ).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Compared with' })).toBeVisible();

  await page.getByRole('button', { name: 'Last 7 days' }).click();
  await expect(page.getByRole('heading', { name: /^Sales, / })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Sales and orders per day' }).getByRole('row')).toHaveCount(8);
  await expectNoSeriousViolations(page, 'the owner dashboard');
});
