import { expect, hydrated, test } from './fixtures.ts';

test('the home page is server-rendered with the seeded collections', async ({ request }) => {
  const res = await request.get('/');
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toContain('text/html');
  expect(res.headers()['cache-control']).toBe('no-store');
  const html = await res.text();
  // Present in the HTML before any script runs.
  expect(html).toContain('<h2 id="group-men"');
  expect(html).toMatch(/href="\/collection\/men\/oversized-t-shirt"/);
  expect(html).toContain('Newly Added');
  expect(html).toContain(`© ${new Date().getFullYear()} Rangrez`);
  // Tile images wait for the scripts (they would compete with the hero image); without scripts, <noscript> has them.
  const menSection = html.slice(
    html.indexOf('<h2 id="group-men"'),
    html.indexOf('</section>', html.indexOf('<h2 id="group-men"')),
  );
  expect(menSection).toMatch(/<noscript><picture>/);
  expect(menSection.replace(/<noscript>.*?<\/noscript>/gs, '')).not.toContain('<img');
  // So do the latest arrivals' card images.
  const latest = html.slice(
    html.indexOf('aria-label="Latest arrivals"'),
    html.indexOf('</ul>', html.indexOf('aria-label="Latest arrivals"')),
  );
  expect(latest).toMatch(/<noscript><picture>/);
  expect(latest.replace(/<noscript>.*?<\/noscript>/gs, '')).not.toContain('<img');
});

test('the home page hydrates without console errors and navigates to /about', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 2, name: 'Men', exact: true })).toBeVisible();
  await hydrated(page);
  const tiles = page.getByRole('region', { name: 'Men', exact: true }).locator('img');
  await expect(tiles.first()).toBeVisible();
  const cards = page.getByRole('list', { name: 'Latest arrivals' }).locator('img');
  await expect(cards.first()).toBeVisible();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'ABOUT' }).click();
  await expect(page).toHaveURL(/\/about$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Our Story' })).toBeVisible();
});

test('an unknown path redirects to /404', async ({ page }) => {
  await page.goto('/no-such-page');
  await expect(page).toHaveURL(/\/404$/);
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
  await page.getByRole('link', { name: 'Return to Home' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('hashed assets are cached forever, HTML is not', async ({ request }) => {
  const html = await (await request.get('/')).text();
  const asset = /\/assets\/[^"]+\.js/.exec(html)?.[0];
  expect(asset).toBeTruthy();
  const res = await request.get(asset!);
  expect(res.status()).toBe(200);
  expect(res.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  expect((await request.get('/assets/missing-file.js')).status()).toBe(404);
});
