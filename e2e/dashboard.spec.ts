// The owner's dashboard in a browser (docs/admin.md#dashboard): orders placed in the test reach the figures through
// the server's own rollup job (every 30 seconds), and /admin shows the tiles, the charts and their tables with
// the test's product among the top products. The page passes axe.
import { expectNoSeriousViolations } from './axe.ts';
import { expect, test } from './back-office.ts';
import { placeCodOrder, signUp } from './fixtures.ts';

test('the owner opens /admin and sees the figures and charts of orders placed just now', async ({
  page,
  openBackOffice,
  createProduct,
  request,
}) => {
  test.setTimeout(240_000);
  const product = await createProduct();
  const shopper = await signUp(request, 'dashboard');
  // Three units, so the product ranks among the top ten whatever else the other specs sell today.
  for (let i = 0; i < 3; i += 1) await placeCodOrder(request, shopper, product);

  await openBackOffice('/admin');
  const figures = page.getByRole('list', { name: 'Figures' });
  await expect(figures.getByRole('listitem')).toHaveCount(10);
  await expect(figures.getByRole('listitem').first()).toContainText('Net sales');
  // The job recomputes today every half minute; under the whole suite's load a round can take longer, so ask
  // again for up to three minutes until the product is among the top products.
  await expect(async () => {
    await page.getByRole('button', { name: 'Last 30 days' }).click();
    await expect(page.getByRole('table', { name: 'Top products' })).toContainText(product.name, {
      timeout: 2_000,
    });
  }).toPass({ timeout: 180_000, intervals: [2_000, 5_000] });

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
