// The catalogue on a phone-sized screen: bottom bar, collections and profile sheets, the phone slide artwork,
// swipes, the LATEST ARRIVALS carousel and the same shopping journey as on desktop.
import type { Locator } from '@playwright/test';
import { expect, hydrated, test } from './fixtures.ts';

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

type ListItem = { _id: string; name: string; color: string[] };

async function swipe(target: Locator, fromX: number, toX: number) {
  const y = 200;
  await target.dispatchEvent('touchstart', { touches: [{ identifier: 1, clientX: fromX, clientY: y }] });
  await target.dispatchEvent('touchend', {
    touches: [],
    changedTouches: [{ identifier: 1, clientX: toX, clientY: y }],
  });
}

test('home on a phone: phone artwork, swipes, latest arrivals pages', async ({ page, request }) => {
  const slides = (
    (await (await request.get('/api/v1/activeSliders')).json()) as { data: { mobile: string }[] }
  ).data;
  const mobileKey = /media\/([0-9a-f]{32})-/.exec(slides[0]!.mobile)![1]!;
  await page.goto('/');
  await hydrated(page);
  const slider = page.getByRole('region', { name: 'Featured drops' });
  const firstImage = slider.getByRole('group').first().locator('img');
  await expect
    .poll(() => firstImage.evaluate((img: HTMLImageElement) => img.currentSrc))
    .toContain(mobileKey);

  const dots = slider.getByRole('button', { name: /^Go to slide/ });
  await swipe(slider, 300, 260); // 40 px: not a swipe
  await expect(dots.first()).toHaveAttribute('aria-current', 'true');
  await swipe(slider, 300, 200); // left swipe: next
  await expect(dots.nth(1)).toHaveAttribute('aria-current', 'true');

  const latest = page.getByRole('list', { name: 'Latest arrivals' });
  await latest.scrollIntoViewIfNeeded();
  const count = await latest.getByRole('listitem').count();
  expect(count).toBeGreaterThan(1);
  await expect(page.getByText(`1 of ${count}`, { exact: true })).toBeVisible();
  await page.getByRole('button', { name: `Show page 2 of ${count}` }).click();
  await expect(page.getByText(`2 of ${count}`, { exact: true })).toBeVisible();
});

test('on a small phone the policies are one strip and the first collection starts within two screens', async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 640 });
  await page.goto('/');
  await hydrated(page);
  const policies = page.getByRole('region', { name: 'Our Policies' });
  const strip = policies.getByRole('listitem');
  await expect(strip).toHaveCount(5);
  // One row: every card starts at the same height.
  const tops = await strip.evaluateAll((cards) =>
    cards.map((c) => Math.round(c.getBoundingClientRect().top)),
  );
  expect(new Set(tops).size).toBe(1);
  const firstTile = page.locator('#collections section').first().getByRole('link').first();
  const top = await firstTile.evaluate((el) => el.getBoundingClientRect().top + window.scrollY);
  expect(top).toBeLessThan(2 * 640);
});

test('phone journey: bottom bar -> collections sheet -> filter -> search -> product -> size chart -> back', async ({
  page,
  request,
}) => {
  const collections = (
    (await (await request.get('/api/v1/subcategories')).json()) as { data: Record<string, unknown[]> }
  ).data;
  const groups = Object.keys(collections).length;
  const items = Object.values(collections).reduce((n, subs) => n + subs.length, 0);
  const hoodies = (
    (await (await request.get('/api/v1/products/men/hoodie')).json()) as { products: ListItem[] }
  ).products;
  const target = hoodies[0]!;
  const word = target.name.split(' ')[0]!;

  await page.goto('/');
  await hydrated(page);
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
  const bar = page.getByRole('navigation', { name: 'Mobile' });
  await bar.getByRole('button', { name: 'Collections' }).click();
  const sheet = page.getByRole('dialog', { name: 'Collections' });
  await expect(sheet).toBeVisible();
  await expect(sheet.getByText(`${groups} categories · ${items} items`)).toBeVisible();
  const men = sheet.getByRole('button', { name: /^Men/ });
  await expect(men).toHaveAttribute('aria-expanded', 'true');
  await expect(men).toContainText(String(collections.Men!.length));
  const women = sheet.getByRole('button', { name: /^Women/ });
  await women.click();
  await expect(women).toHaveAttribute('aria-expanded', 'true');
  await expect(men).toHaveAttribute('aria-expanded', 'false');
  await men.click();
  await sheet.getByRole('link', { name: 'Hoodie', exact: true }).click();
  await expect(page).toHaveURL(/\/collection\/men\/hoodie$/);
  await expect(sheet).toHaveCount(0);

  await page.getByRole('button', { name: /^Filters/ }).click();
  await page.getByRole('checkbox', { name: 'Women' }).check();
  await expect(page).toHaveURL(/\?cat=men,women$/);
  await page.getByRole('button', { name: 'Search products' }).click();
  await page.getByRole('searchbox', { name: 'Search products' }).fill(word);
  await expect(page).toHaveURL(new RegExp(`\\?cat=men,women&q=${encodeURIComponent(word)}$`));
  const found = (
    (await (
      await request.get(
        `/api/v1/search?category=men,women&subCategory=hoodie&limit=100&q=${encodeURIComponent(word)}`,
      )
    ).json()) as {
      products: ListItem[];
    }
  ).products;
  await expect(page.getByText(`Found ${found.length} results`)).toBeVisible();

  await page.getByRole('link', { name: target.name }).click();
  await expect(page.getByRole('heading', { level: 1, name: target.name })).toBeVisible();
  const main = page.getByRole('button', { name: /full screen/ }).locator('img');
  const colourImages = (
    (await (await request.get(`/api/v1/product/${target._id}/color/${target.color[1]}`)).json()) as {
      images: string[];
    }
  ).images;
  await page.locator('fieldset', { hasText: 'Colour' }).getByRole('button').nth(1).click();
  await expect(main).toHaveAttribute('src', new RegExp(/media\/([0-9a-f]{32})-/.exec(colourImages[0]!)![1]!));
  // The gallery follows a swipe too.
  const counter = page.getByText(/^1 \/ \d+$/);
  await expect(counter).toBeVisible();
  await swipe(page.getByRole('button', { name: /full screen/ }), 300, 150);
  await expect(page.getByText(/^2 \/ \d+$/)).toBeVisible();

  await page.getByRole('button', { name: 'Size Chart' }).click();
  const chart = page.getByRole('dialog');
  await chart.getByRole('button', { name: 'Cms' }).click();
  await expect(chart.getByRole('columnheader', { name: 'Chest (cm)' })).toBeVisible();
  await chart.getByRole('button', { name: 'Close' }).click();
  await expect(chart).toHaveCount(0);

  await page.goBack();
  await expect(page).toHaveURL(
    new RegExp(`/collection/men/hoodie\\?cat=men,women&q=${encodeURIComponent(word)}$`),
  );
  await expect(page.getByText(`Found ${found.length} results`)).toBeVisible();
  await expect(page.getByRole('searchbox', { name: 'Search products' })).toHaveValue(word);
  await page.getByRole('button', { name: /^Filters/ }).click();
  await expect(page.getByRole('checkbox', { name: 'Women' })).toBeChecked();
});

test('profile sheet for a guest: Sign In, About us, Contact us; Escape closes it', async ({ page }) => {
  await page.goto('/about');
  await hydrated(page);
  const profile = page.getByRole('navigation', { name: 'Mobile' }).getByRole('button', { name: 'Profile' });
  await profile.click();
  const sheet = page.getByRole('dialog', { name: 'Profile' });
  await expect(sheet.getByRole('link', { name: 'Sign In' })).toBeVisible();
  await expect(sheet.getByRole('link', { name: 'About us' })).toBeVisible();
  await expect(sheet.getByRole('link', { name: 'Contact us' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(sheet).toHaveCount(0);
  await expect(profile).toBeFocused();
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  await profile.click();
  await sheet.getByRole('link', { name: 'Contact us' }).click();
  await expect(page).toHaveURL(/\/contact$/);
  await expect(sheet).toHaveCount(0);
  // Scroll resets to the top on a new page.
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});
