// The catalogue pages end to end: server HTML (SSR content, meta tags, JSON-LD), then the shopper's
// journey home -> mega-menu -> collection -> filter -> search -> product -> colour -> size chart -> back.
import type { APIRequestContext } from '@playwright/test';
import { expect, hydrated, pauseClockSoon, test } from './fixtures.ts';

type ListItem = {
  _id: string;
  name: string;
  image: string;
  color: string[];
  size: string[];
  price: number;
  stock: number;
};

async function products(request: APIRequestContext, path: string): Promise<ListItem[]> {
  const res = await request.get(`/api/v1/products/${path}`);
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { products: ListItem[] }).products;
}

/** The catalogue search narrowed to a selection: what a collection page's own search finds (docs/search.md). */
async function searched(request: APIRequestContext, selection: string, word: string): Promise<ListItem[]> {
  const res = await request.get(`/api/v1/search?${selection}&limit=100&q=${encodeURIComponent(word)}`);
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { products: ListItem[] }).products;
}

/** The nonce of the page's Content-Security-Policy script-src. */
function cspNonce(headers: Record<string, string>): string {
  const match = /'nonce-([^']+)'/.exec(headers['content-security-policy'] ?? '');
  expect(match, 'CSP nonce').toBeTruthy();
  return match![1]!;
}

function jsonLd(html: string, nonce: string): Record<string, unknown>[] {
  const blocks = [...html.matchAll(/<script type="application\/ld\+json" nonce="([^"]*)">(.*?)<\/script>/gs)];
  expect(blocks.length).toBeGreaterThan(0);
  for (const block of blocks) expect(block[1]).toBe(nonce);
  return blocks.map((b) => JSON.parse(b[2]!) as Record<string, unknown>);
}

/** The home page's server HTML: the first slide as the LCP image, the policies word for word, the collections. */
async function expectHomeHtml(request: APIRequestContext, baseURL: string | undefined): Promise<void> {
  const res = await request.get('/');
  const html = await res.text();
  const slides = (
    (await (await request.get('/api/v1/activeSliders')).json()) as {
      data: { title: string; desktop: string; mobile: string }[];
    }
  ).data;
  expect(slides.length).toBeGreaterThan(1);
  expect(html).toContain(slides[0]!.title);
  // The first slide's <img>: eager, high priority, sized; the phone artwork is chosen by media query.
  const firstImg = new RegExp(`<img[^>]*alt="${slides[0]!.title}"[^>]*>`).exec(html)?.[0] ?? '';
  expect(firstImg).toMatch(/fetchpriority="high"/i);
  expect(firstImg).toContain('loading="eager"');
  expect(firstImg).toMatch(/width="\d+"/);
  expect(firstImg).toMatch(/height="\d+"/);
  const mobileKey = /media\/([0-9a-f]{32})-/.exec(slides[0]!.mobile)![1]!;
  expect(html).toMatch(
    new RegExp(
      `<source media="\\(max-width: 768px\\)" type="image/avif" srcSet="[^"]*${mobileKey}-360\\.avif 360w`,
    ),
  );
  // Only the first slide's picture is fetched eagerly, announced in <head> for phones and for larger screens.
  expect(html.match(/<img[^>]*fetchpriority="high"/gi)).toHaveLength(1);
  const preloads =
    html.slice(0, html.indexOf('</head>')).match(/<link rel="preload" as="image"[^>]*>/g) ?? [];
  expect(preloads).toHaveLength(2);
  expect(preloads[0]).toContain(`${mobileKey}-800.avif 800w`);
  expect(preloads[0]).toContain('media="(max-width: 768px)"');
  expect(preloads[1]).toContain('media="not all and (max-width: 768px)"');

  expect(html).toContain('<h2 id="our-policies"');
  expect(html).toContain(
    'We believe in making your shopping experience as smooth as possible with our customer-friendly policies',
  );
  for (const [title, text] of [
    ['7 Days Return', 'Full refund within 7 days for manufacturing defects'],
    ['24/7 Support', 'Dedicated customer support team at your service'],
    ['Quality Assured', 'Every product passes our quality checks'],
    ['Secure Shopping', '100% secure payment processing'],
    ['Free Shipping', 'Free delivery on all prepaid orders'],
  ] as const) {
    expect(html).toMatch(new RegExp(`<h3 [^>]*>${title}</h3>`));
    expect(html).toContain(text);
  }
  expect(html).toContain('LATEST ARRIVALS');
  expect(html).toMatch(/href="\/collection\/women\/crop-top"/);
  expect(html).toContain(`<link rel="canonical" href="${baseURL}/"/>`);
  expect(html).toContain(
    '<meta property="og:title" content="Rangrez | Streetwear inspired by anime, comics and urban culture"/>',
  );
}

/** A product page's meta tags, Open Graph price and JSON-LD under the CSP nonce. */
async function expectProductMeta(request: APIRequestContext, baseURL: string | undefined): Promise<void> {
  const [item] = await products(request, 'men/hoodie');
  const res = await request.get(`/product/${item!._id}`);
  expect(res.status()).toBe(200);
  const html = await res.text();
  const url = `${baseURL}/product/${item!._id}`;
  expect(html).toContain(`<title>${item!.name} | Rangrez</title>`);
  expect(html).toContain(`<link rel="canonical" href="${url}"/>`);
  expect(html).toContain(`<meta property="og:image" content="${item!.image}"/>`);
  expect(html).toContain(`<meta property="product:price:amount" content="${item!.price.toFixed(2)}"/>`);
  expect(html).toContain('<meta property="product:price:currency" content="INR"/>');
  expect(html).toContain('<meta name="twitter:card" content="summary_large_image"/>');
  expect(html).toContain('Inclusive of all Taxes');

  const [product, breadcrumbs] = jsonLd(html, cspNonce(res.headers()));
  expect(product).toMatchObject({
    '@type': 'Product',
    name: item!.name,
    offers: {
      '@type': 'Offer',
      price: item!.price.toFixed(2),
      priceCurrency: 'INR',
      availability:
        item!.stock > 0
          ? expect.stringMatching(/InStock|LimitedAvailability/)
          : 'https://schema.org/OutOfStock',
    },
  });
  expect(breadcrumbs).toMatchObject({ '@type': 'BreadcrumbList' });
  expect((breadcrumbs!.itemListElement as unknown[]).length).toBe(3);
}

/** The policy pages' server HTML: the refund, support and shipping facts, the open accordion, the grievance officer. */
async function expectPolicyPages(request: APIRequestContext): Promise<void> {
  const refund = await (await request.get('/return')).text();
  for (const fact of [
    'within 7 days of delivery',
    '24-48 hours',
    'at most 2 pickup attempts',
    'within 14 business',
    'Cash on delivery orders can be cancelled only before they are dispatched',
    'Prepaid orders are final',
    'We do not accept returns or exchanges for size',
    'Monday to Saturday, 11:00 to 19:00 IST',
    'within 24 hours',
    'Grievance Officer',
  ]) {
    expect(refund).toContain(fact);
  }
  expect(refund).toMatch(/<button id="[^"]+" type="button" aria-expanded="true" aria-controls="[^"]+"/);
  const shipping = await (await request.get('/shipping')).text();
  for (const fact of [
    'Shipping is free on every prepaid order',
    '₹50',
    'within 1-2 business days',
    '3-5 days to metro cities and 3-7 days to the rest of India',
  ]) {
    expect(shipping).toContain(fact);
  }
  for (const path of ['/privacy', '/terms', '/contact']) {
    const res = await request.get(path);
    expect(res.status()).toBe(200);
    expect(await res.text()).toContain('Grievance Officer');
  }
}

test.describe('server HTML', () => {
  test('home: slider with the first image as LCP, policies word for word, collections', async ({
    request,
    baseURL,
  }) => {
    await expectHomeHtml(request, baseURL);
  });

  test('collection: filters and search from the URL are rendered on the server', async ({
    request,
    baseURL,
  }) => {
    const hoodies = await products(request, 'men/hoodie');
    const word = hoodies[1]!.name.split(' ')[0]!;
    const found = await searched(request, 'category=men,women&subCategory=hoodie,crop-hoodie', word);
    const html = await (
      await request.get(
        `/collection/men/hoodie?cat=men,women&type=hoodie,crop-hoodie&q=${encodeURIComponent(word)}`,
      )
    ).text();
    expect(html).toContain(`Found ${found.length} results`);
    expect(html).toContain(hoodies[1]!.name.replace(/'/g, '&#x27;'));
    const checked = (name: string, value: string) =>
      new RegExp(`<input type="checkbox"[^>]*name="${name}" checked=""[^>]*value="${value}"`).test(html);
    expect(checked('cat', 'men') && checked('cat', 'women') && checked('type', 'crop-hoodie')).toBe(true);
    expect(checked('cat', 'newly-added')).toBe(false);
    expect(html).toContain('placeholder="Search products..."');
    expect(html).toContain(`<link rel="canonical" href="${baseURL}/collection/men/hoodie"/>`);
    expect(html).toContain('<meta name="robots" content="noindex, follow"/>');

    const empty = await (await request.get('/collection/men/hoodie?cat=')).text();
    expect(empty).toContain('No products for selected category. Please select a category.');
  });

  test('product: its scripts wait for the page to load, then hydrate it under the CSP', async ({
    request,
    page,
  }) => {
    const [item] = await products(request, 'men/hoodie');
    const res = await request.get(`/product/${item!._id}`);
    const html = await res.text();
    const nonce = cspNonce(res.headers());
    // Nothing competes with the LCP image: no preloads, and the module script is inert until the loader runs.
    expect(html).not.toContain('rel="modulepreload"');
    expect(html).not.toMatch(/<script[^>]*type="module"/);
    expect(html).toContain(`<script nonce="${nonce}" type="text/x-deferred-module" data-deferred-module=""`);
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    await page.goto(`/product/${item!._id}`);
    await hydrated(page);
    // Interactive: choosing a size is React's work.
    const size = page.getByRole('button', { name: item!.size[0]!, exact: true });
    await size.click();
    await expect(size).toHaveAttribute('aria-pressed', 'true');
    expect(errors).toEqual([]);
  });

  test('product: meta tags, Open Graph price and JSON-LD with the CSP nonce', async ({
    request,
    baseURL,
  }) => {
    await expectProductMeta(request, baseURL);
  });

  test('an unknown product id answers 404 with the Page Not Found view', async ({ request }) => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      const res = await request.get(`/product/${id}`);
      expect(res.status()).toBe(404);
      const html = await res.text();
      expect(html).toContain('Page Not Found');
      expect(html).toContain('Return to Home');
    }
  });

  test('policy pages: accordions and the refund, support and shipping facts', async ({ request }) => {
    await expectPolicyPages(request);
  });
});

test('journey: mega-menu -> collection -> filter -> search -> product -> colour -> size chart -> back', async ({
  page,
  request,
}) => {
  const hoodies = await products(request, 'men/hoodie');
  const target = hoodies[1]!;
  const word = target.name.split(' ')[0]!;
  const dataRequests: string[] = [];
  page.on('request', (req) => {
    if (req.url().includes('.data')) dataRequests.push(req.url());
  });

  await page.goto('/');
  await hydrated(page);
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('button', { name: 'COLLECTIONS' }).hover();
  await expect(nav.getByRole('button', { name: 'COLLECTIONS' })).toHaveAttribute('aria-expanded', 'true');
  await nav.getByRole('tab', { name: 'Men', exact: true }).hover();
  await nav.getByRole('link', { name: 'Hoodie', exact: true }).click();
  await expect(page).toHaveURL(/\/collection\/men\/hoodie$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Hoodie' })).toBeVisible();
  const grid = page.getByRole('region', { name: 'Products' }).getByRole('listitem');
  await expect(grid).toHaveCount(hoodies.length);

  // Filter: add the Women group and its Crop Hoodie type.
  await page.getByRole('checkbox', { name: 'Women' }).check();
  await expect(page).toHaveURL(/\?cat=men,women$/);
  await page.getByRole('checkbox', { name: 'Crop Hoodie' }).check();
  await expect(page).toHaveURL(/\?cat=men,women&type=hoodie,crop-hoodie$/);
  const both = await products(request, 'men,women/hoodie,crop-hoodie');
  await expect(grid).toHaveCount(both.length);
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText('Men, Women');

  // Search through the header's toggle.
  await page.getByRole('button', { name: 'Search products' }).click();
  const box = page.getByRole('searchbox', { name: 'Search products' });
  await expect(box).toBeFocused();
  await box.fill(word);
  const found = await searched(request, 'category=men,women&subCategory=hoodie,crop-hoodie', word);
  await expect(page).toHaveURL(new RegExp(`&q=${encodeURIComponent(word)}$`));
  await expect(page.getByText(`Found ${found.length} results`)).toBeVisible();
  await expect(grid).toHaveCount(found.length);

  // Product page; choosing another colour shows that colour's pictures.
  await page.getByRole('link', { name: target.name }).click();
  await expect(page).toHaveURL(new RegExp(`/product/${target._id}$`));
  await expect(page.getByRole('heading', { level: 1, name: target.name })).toBeVisible();
  const main = page.getByRole('button', { name: /full screen/ }).locator('img');
  const before = await main.getAttribute('src');
  const other = target.color[1]!;
  const colourImages = (
    (await (await request.get(`/api/v1/product/${target._id}/color/${other}`)).json()) as { images: string[] }
  ).images;
  const otherKey = /media\/([0-9a-f]{32})-/.exec(colourImages[0]!)![1]!;
  await page.locator('fieldset', { hasText: 'Colour' }).getByRole('button').nth(1).click();
  await expect(main).toHaveAttribute('src', new RegExp(otherKey));
  expect(await main.getAttribute('src')).not.toBe(before);

  // Size chart in centimetres.
  await page.getByRole('button', { name: 'Size Chart' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: /^Size Chart: / })).toBeVisible();
  const inches = Number(await dialog.locator('tbody tr').first().locator('td').first().textContent());
  await dialog.getByRole('button', { name: 'Cms' }).click();
  await expect(dialog.getByRole('button', { name: 'Cms' })).toHaveAttribute('aria-pressed', 'true');
  await expect(dialog.locator('tbody tr').first().locator('td').first()).toHaveText(
    String(Math.round(inches * 254) / 100),
  );
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Size Chart' })).toBeFocused();

  // Back: the collection view comes back from this session's storage, without asking the server again.
  const dataBefore = dataRequests.length;
  await page.goBack();
  await expect(page).toHaveURL(
    new RegExp(
      `/collection/men/hoodie\\?cat=men,women&type=hoodie,crop-hoodie&q=${encodeURIComponent(word)}$`,
    ),
  );
  await expect(page.getByText(`Found ${found.length} results`)).toBeVisible();
  await expect(page.getByRole('checkbox', { name: 'Women' })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'Crop Hoodie' })).toBeChecked();
  await expect(page.getByRole('searchbox', { name: 'Search products' })).toHaveValue(word);
  await expect(grid).toHaveCount(found.length);
  expect(dataRequests.slice(dataBefore).filter((u) => u.includes('/collection/'))).toEqual([]);
});

test('mega-menu works from the keyboard', async ({ page }) => {
  await page.goto('/about');
  await hydrated(page);
  const nav = page.getByRole('navigation', { name: 'Main' });
  const trigger = nav.getByRole('button', { name: 'COLLECTIONS' });
  await nav.getByRole('link', { name: 'HOME' }).focus();
  await page.keyboard.press('Tab');
  await expect(trigger).toBeFocused();
  await expect(trigger).toHaveAttribute('aria-expanded', 'true');
  await page.keyboard.press('Enter');
  await expect(nav.getByRole('tab', { name: 'Men', exact: true })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(nav.getByRole('tab', { name: 'Women', exact: true })).toBeFocused();
  await expect(nav.getByRole('tab', { name: 'Women', exact: true })).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('ArrowRight');
  await expect(nav.getByRole('link', { name: 'Crop Top' })).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect(nav.getByRole('link', { name: 'Crop Hoodie' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(trigger).toHaveAttribute('aria-expanded', 'false');
  await expect(trigger).toBeFocused();
  // Enter reopens on the group last shown.
  await page.keyboard.press('Enter');
  await expect(nav.getByRole('tab', { name: 'Women', exact: true })).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('ArrowRight');
  await expect(nav.getByRole('link', { name: 'Oversized T-Shirt' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/collection\/men\/oversized-t-shirt$/);
  await expect(trigger).toHaveAttribute('aria-expanded', 'false');
});

test('mega-menu: a pointer resting on it before the scripts have run opens it once they have', async ({
  page,
}) => {
  // React cannot replay a hover that came before it was listening (it does not always manage even after):
  // hold the page's scripts back until the pointer is on the button.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/(entry\.client|MegaMenu)-[\w-]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/about', { waitUntil: 'domcontentloaded' });
  const trigger = page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'COLLECTIONS' });
  await trigger.hover();
  await expect(trigger).toHaveAttribute('aria-expanded', 'false');
  release();
  await hydrated(page);
  await expect(trigger).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByRole('tab', { name: 'Men', exact: true })).toBeVisible();
});

test('hero slider: keys and dots move it, impressions and CTA clicks are counted', async ({ page }) => {
  const impressions: string[] = [];
  page.on('request', (req) => {
    if (req.method() === 'POST' && req.url().includes('/impression')) impressions.push(req.url());
  });
  // The 1000 ms transition lock is asserted on a paused clock: on a loaded machine real time could pass it.
  await page.clock.install();
  await page.goto('/');
  await hydrated(page);
  const slider = page.getByRole('region', { name: 'Featured drops' });
  const dots = slider.getByRole('button', { name: /^Go to slide/ });
  await expect(dots.first()).toHaveAttribute('aria-current', 'true');
  await expect.poll(() => impressions.length).toBe(1);
  await pauseClockSoon(page);
  await slider.focus();
  await page.keyboard.press('ArrowRight');
  await expect(dots.nth(1)).toHaveAttribute('aria-current', 'true');
  await expect.poll(() => impressions.length).toBe(2);
  // Within the 1000 ms transition further moves are ignored.
  await page.clock.runFor(500);
  await page.keyboard.press('ArrowLeft');
  await expect(dots.nth(1)).toHaveAttribute('aria-current', 'true');
  await expect(dots.first()).not.toHaveAttribute('aria-current', 'true');
  // After it, ArrowUp goes back; the first slide was already counted.
  await page.clock.runFor(600);
  await page.keyboard.press('ArrowUp');
  await expect(dots.first()).toHaveAttribute('aria-current', 'true');
  expect(impressions.length).toBe(2);

  await page.clock.resume();
  const click = page.waitForRequest((req) => req.method() === 'POST' && req.url().includes('/click'));
  await slider.getByRole('link', { name: 'Shop Oversized' }).click();
  await click;
  await expect(page).toHaveURL(/\/collection\/men\/oversized-t-shirt$/);
});

test('product page: size then colour, lightbox, share, wishlist', async ({ page, request, context }) => {
  const [item] = await products(request, 'women/crop-top');
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto(`/product/${item!._id}`);
  await hydrated(page);
  await page.getByRole('button', { name: 'ADD TO CART' }).click();
  await expect(page.getByText('Please select a size.')).toBeVisible();
  // The colour in the first photo is chosen already (e2e/product-phone.spec.ts checks which).
  await expect(
    page.getByRole('group', { name: /^Colour/ }).getByRole('button', { pressed: true }),
  ).toHaveCount(1);

  const open = page.getByRole('button', { name: /full screen/ });
  await open.click();
  const lightbox = page.getByRole('dialog');
  // Four pictures of the colour (front, back, print close-up, on a hanger); the arrows wrap around both ways.
  await expect(lightbox.getByText('1 / 4')).toBeVisible();
  await page.keyboard.press('ArrowLeft');
  await expect(lightbox.getByText('4 / 4')).toBeVisible();
  await page.keyboard.press('ArrowRight');
  await expect(lightbox.getByText('1 / 4')).toBeVisible();
  await page.keyboard.press('ArrowRight');
  await expect(lightbox.getByText('2 / 4')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(lightbox).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Open image 2 of 4 full screen' })).toBeFocused();

  await page.getByRole('button', { name: 'Share', exact: true }).click();
  await expect(page.getByText('Product details copied to clipboard!')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toContain(`/product/${item!._id}`);

  await page
    .getByRole('button', { name: `Add ${item!.name} to wishlist` })
    .first()
    .click();
  await expect(page.getByText('Please log in to add items to your wishlist.')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Notifications' })).toHaveAttribute('aria-live', 'polite');
});

test('contact and policy pages: coming-soon toast, one accordion open at a time', async ({ page }) => {
  await page.goto('/contact');
  await hydrated(page);
  // No WhatsApp number set: the messaging contact is the customer-care phone, to call; no WhatsApp link anywhere.
  await expect(page.getByRole('heading', { name: 'Call us' })).toBeVisible();
  await expect(page.getByRole('link', { name: /WhatsApp/ })).toHaveCount(0);
  await page.getByRole('button', { name: 'Explore Jobs' }).click();
  await expect(page.getByText('Stay Tuned. This feature is coming soon!')).toBeVisible();

  await page.goto('/shipping');
  await hydrated(page);
  const first = page.getByRole('button', { name: 'Shipping Charges' });
  const second = page.getByRole('button', { name: 'Dispatch Time' });
  await expect(first).toHaveAttribute('aria-expanded', 'true');
  await second.click();
  await expect(second).toHaveAttribute('aria-expanded', 'true');
  await expect(first).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByText('dispatched within 1-2 business days')).toBeVisible();
});

test('slider: auto-advance every 8000 ms, skeleton while loading in the app, placeholder for a broken image', async ({
  page,
  request,
}) => {
  const slides = (
    (await (await request.get('/api/v1/activeSliders')).json()) as { data: { desktop: string }[] }
  ).data;
  await page.clock.install();
  await page.goto('/about');
  await hydrated(page);

  // Hold the home page's data so the skeleton can be seen; break the second slide's picture.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\.data(\?|$)/, async (route) => {
    await held;
    await route.continue();
  });
  const brokenKey = /media\/([0-9a-f]{32})-/.exec(slides[1]!.desktop)![1]!;
  await page.route(new RegExp(brokenKey), (route) =>
    route.fulfill({ status: 200, contentType: 'image/jpeg', body: 'not a picture' }),
  );

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'HOME' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Loading slides...' })).toBeVisible();
  // From here on time moves only when the test says so: the slider mounts, and starts its 8000 ms, on a paused
  // clock, so no real time on a busy machine counts towards the auto-advance.
  await pauseClockSoon(page);
  release();
  const slider = page.getByRole('region', { name: 'Featured drops' });
  const dots = slider.getByRole('button', { name: /^Go to slide/ });
  // React reveals the slides that arrive after the skeleton on a timer of its own, which the paused clock holds:
  // step the clock until the slider is up, and count those steps in the auto-advance's 8000 ms.
  let stepped = 0;
  await expect(async () => {
    await page.clock.runFor(100);
    stepped += 100;
    await expect(dots.first()).toHaveAttribute('aria-current', 'true', { timeout: 250 });
  }).toPass({ timeout: 10_000 });
  expect(stepped).toBeLessThan(1200);
  await page.clock.runFor(6800 - stepped);
  await expect(dots.first()).toHaveAttribute('aria-current', 'true');
  await page.clock.runFor(1200 + stepped);
  await expect(dots.nth(1)).toHaveAttribute('aria-current', 'true');
  await expect(
    slider.getByRole('group', { name: `2 of ${slides.length}` }).getByText('Image Not Found'),
  ).toBeVisible();
  await page.clock.runFor(8000);
  await expect(dots.nth(2)).toHaveAttribute('aria-current', 'true');
});

test('toasts close themselves after 5000 ms', async ({ page }) => {
  await page.clock.install();
  await page.goto('/contact');
  await hydrated(page);
  await page.getByRole('button', { name: 'Explore Jobs' }).click();
  const toast = page
    .getByRole('region', { name: 'Notifications' })
    .getByText('Stay Tuned. This feature is coming soon!');
  await expect(toast).toBeVisible();
  await pauseClockSoon(page);
  await page.clock.runFor(4000);
  await expect(toast).toBeVisible();
  await page.clock.runFor(1100);
  await expect(toast).toHaveCount(0);
});

test('back from a product page restores the scroll position of the collection', async ({ page }) => {
  await page.goto('/collection/men/oversized-t-shirt');
  await hydrated(page);
  const cards = page.getByRole('region', { name: 'Products' }).getByRole('article');
  const last = cards.last();
  await last.scrollIntoViewIfNeeded();
  const y = await page.evaluate(() => window.scrollY);
  expect(y).toBeGreaterThan(0);
  await last.getByRole('link').click();
  await expect(page).toHaveURL(/\/product\//);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  await page.goBack();
  await expect(page).toHaveURL(/\/collection\/men\/oversized-t-shirt$/);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(y);
});
