// The owner's dashboard in a browser (docs/admin.md#dashboard): orders placed in the test reach the figures through
// the server's own rollup job (every 30 seconds), and /admin shows the tiles, the charts and their tables for
// screen readers, the ranges switch, and the page passes axe.
import { expectNoSeriousViolations } from './axe.ts';
import { expect, test } from './back-office.ts';
import { placeCodOrder, signUp } from './fixtures.ts';

test('the owner opens /admin and sees the figures, the charts and their tables', async ({
  page,
  openBackOffice,
  createProduct,
  request,
}) => {
  test.setTimeout(180_000);
  const product = await createProduct();
  const shopper = await signUp(request, 'dashboard');
  // Delivered to a state no other spec sends orders to (and one cash on delivery reaches): 'Sales by state' lists
  // every state, so the order shows there whatever the other specs sell today (the top products are only ten).
  // One order: the same body sent again within minutes is the same order (a double tap), not a second one.
  await placeCodOrder(request, shopper, product, {
    place: { city: 'Panaji', state: 'Goa', pincode: '403001' },
  });

  await openBackOffice('/admin');
  const figures = page.getByRole('list', { name: 'Figures' });
  await expect(figures.getByRole('listitem')).toHaveCount(10);
  await expect(figures.getByRole('listitem').first()).toContainText('Net sales');
  // The job recomputes today every half minute; a round can take longer under the whole suite's load, so ask
  // again until the state's row is there, with the order.
  await expect(async () => {
    await page.getByRole('button', { name: 'Last 30 days' }).click();
    await expect(
      page.getByRole('table', { name: 'Sales by state' }).getByRole('row', { name: /^Goa 1 / }),
    ).toBeAttached({ timeout: 2_000 });
  }).toPass({ timeout: 120_000, intervals: [2_000, 5_000] });
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
