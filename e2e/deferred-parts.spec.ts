// Parts of a page whose code follows the first load (apps/web/app/lib/deferred.tsx) keep the server's HTML until
// their code is in, however late it comes: the session arriving re-renders the page meanwhile, and a part updated
// before it hydrated would vanish and come back, shifting everything below it. What changed meanwhile (the
// signed-in shopper's PIN) reaches the part once it has hydrated.
import type { Page } from '@playwright/test';
import { bearer, expect, hydrated, signUp, signedIn, test } from './fixtures.ts';

/** Holds the code of the breadcrumbs and the delivery check back until `release` is called. */
async function holdBackParts(page: Page): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/(Breadcrumbs|delivery)-[\w-]+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

/** Counts, from the first paint on, layout shifts and the moments the breadcrumbs or the delivery check were gone. */
async function watchThePage(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const seen = { shifts: [] as number[], gone: 0 };
    (window as unknown as { seen: typeof seen }).seen = seen;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) seen.shifts.push((entry as unknown as { value: number }).value);
    }).observe({ type: 'layout-shift', buffered: true });
    document.addEventListener('DOMContentLoaded', () => {
      new MutationObserver(() => {
        const crumbs = document.querySelector('nav[aria-label="Breadcrumb"]');
        const delivery = document.querySelector('#check-delivery');
        if (!crumbs || !delivery) seen.gone += 1;
      }).observe(document.body, { childList: true, subtree: true });
    });
  });
}

const delivery = (page: Page) => page.getByRole('region', { name: 'Check delivery' });

const seen = (page: Page) =>
  page.evaluate(() => (window as unknown as { seen: { shifts: number[]; gone: number } }).seen);

test('slow parts keep their server HTML while the session arrives: nothing vanishes, nothing shifts', async ({
  page,
  createProduct,
}) => {
  const product = await createProduct();
  const release = await holdBackParts(page);
  await watchThePage(page);
  await page.goto(`/product/${product._id}`);
  await hydrated(page);
  // The session's code has come and gone through the page (the header offers Sign In) with the parts still held.
  await expect(page.getByRole('link', { name: 'Home' }).first()).toBeVisible();
  release();
  // Until the widget has hydrated, a check may go unanswered.
  await expect(async () => {
    await delivery(page).getByLabel('Delivery PIN code').fill('400050');
    await delivery(page).getByRole('button', { name: 'Check' }).click();
    await expect(delivery(page).getByRole('status')).toContainText('To Mumbai, Maharashtra', {
      timeout: 2_000,
    });
  }).toPass();
  expect(await seen(page)).toEqual({ shifts: [], gone: 0 });
});

test("the signed-in shopper's PIN reaches the delivery check once its late code is in", async ({
  page,
  request,
  createProduct,
}) => {
  const product = await createProduct();
  const session = await signUp(request, 'deferred-pin');
  const updated = await request.put(`/api/v1/user/update/${session.user._id}`, {
    headers: bearer(session),
    data: {
      address: {
        doorNo: '1',
        street: 'Linking Road',
        city: 'Mumbai',
        state: 'Maharashtra',
        pincode: '400050',
        country: 'India',
      },
    },
  });
  expect(updated.status()).toBe(200);
  await signedIn(page, { ...session, user: (await updated.json()).user ?? session.user });
  const release = await holdBackParts(page);
  await watchThePage(page);
  await page.goto(`/product/${product._id}`);
  await hydrated(page);
  release();
  await expect(page.getByLabel('Delivery PIN code')).toHaveValue('400050');
  await expect(delivery(page).getByRole('status')).toContainText('To Mumbai, Maharashtra');
  expect((await seen(page)).gone).toBe(0);
});
