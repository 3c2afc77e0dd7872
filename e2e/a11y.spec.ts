// Accessibility of every page: axe-core (WCAG 2.0/2.1 A and AA rules) finds no serious or critical
// violation on any page of the store, signed out and signed in, nor in the open mega-menu, cart drawer, size
// chart and profile menu; and Lighthouse scores the main pages' accessibility at 95 or more. The fixture also fails
// a page on any console error, which includes Content-Security-Policy violations.
import { chromium } from '@playwright/test';
import { freePort } from '@rangrez/db/testing/free-port';
import { expectNoSeriousViolations, typedTextContrast } from './axe.ts';
import { addToCart, bearer, expect, hydrated, placeCodOrder, signedIn, signUp, test } from './fixtures.ts';

test.describe('signed out', () => {
  const pages: Array<[string, string]> = [
    ['home', '/'],
    ['about', '/about'],
    ['contact', '/contact'],
    ['privacy', '/privacy'],
    ['refund policy', '/return'],
    ['shipping policy', '/shipping'],
    ['terms', '/terms'],
    ['not found', '/404'],
    ['collection', '/collection/men/oversized-t-shirt'],
    ['sign in', '/login'],
    ['sign up', '/signup'],
    ['forgot password', '/forgot-password'],
    ['reset password', '/reset-password#a-link-token'],
  ];
  for (const [label, url] of pages) {
    test(`${label} has no serious or critical axe violations`, async ({ page }) => {
      // axe runs twice over the whole page (top and scrolled to the bottom): seconds of CPU on a busy machine.
      test.slow();
      await page.goto(url);
      await hydrated(page);
      await expect(page.locator('main').first()).toBeVisible();
      await expectNoSeriousViolations(page, url);
    });
  }

  test("the newsletter's e-mail field on About shows what is typed in it legibly", async ({ page }) => {
    await page.goto('/about');
    await hydrated(page);
    const field = page
      .getByRole('region', { name: 'Join the Rangrez Newsletter' })
      .getByLabel('Email address');
    await field.fill('reader@example.in');
    const id = await field.getAttribute('id');
    expect(await typedTextContrast(page, `[id="${id}"]`)).toBeGreaterThanOrEqual(4.5);
  });

  test('product has no serious or critical axe violations', async ({ page, createProduct }) => {
    const url = `/product/${(await createProduct())._id}`;
    await page.goto(url);
    await hydrated(page);
    await expect(page.locator('main').first()).toBeVisible();
    await expectNoSeriousViolations(page, url);
  });
});

test.describe('signed in', () => {
  test('profile, cart, wishlist, orders, checkout and success page have no serious or critical axe violations', async ({
    page,
    request,
    createProduct,
  }) => {
    // Two products made with their images, then six pages each checked twice by axe.
    test.setTimeout(180_000);
    const session = await signUp(request, 'a11y', { firstName: 'Meera', lastName: 'Iyer' });
    const [p, q] = await Promise.all([createProduct(), createProduct()]);
    const orderId = await placeCodOrder(request, session, q);
    await addToCart(request, session, p);
    const liked = await request.post('/api/v1/wishlist/add', {
      headers: bearer(session),
      data: { productId: p._id, userId: session.user._id },
    });
    expect(liked.ok()).toBe(true);
    await signedIn(page, session);

    const checks: Array<[string, () => Promise<void>]> = [
      ['/profile', () => expect(page.getByRole('heading', { name: 'My Profile' })).toBeVisible()],
      ['/cart', () => expect(page.getByText(p.name).first()).toBeVisible()],
      ['/wishlist', () => expect(page.getByText(p.name).first()).toBeVisible()],
      ['/orders', () => expect(page.getByText(orderId).first()).toBeVisible()],
      ['/place-order', () => expect(page.getByRole('button', { name: 'Place Order' })).toBeVisible()],
      [
        `/successPage/${orderId}`,
        () => expect(page.getByRole('heading', { name: 'Order Successful!' })).toBeVisible(),
      ],
    ];
    const failures: string[] = [];
    for (const [url, ready] of checks) {
      await page.goto(url);
      await hydrated(page);
      await ready();
      // Collected, not thrown: one run reports every page that fails.
      await expectNoSeriousViolations(page, url).catch((err: Error) => failures.push(err.message));
    }
    // An expanded order shows its items, address and summary.
    await page.goto('/orders');
    await hydrated(page);
    const row = page.getByRole('button', { name: new RegExp(`Order ${orderId}`) });
    await row.click();
    await expect(row).toHaveAttribute('aria-expanded', 'true');
    await expectNoSeriousViolations(page, '/orders (expanded)').catch((err: Error) =>
      failures.push(err.message),
    );
    expect(failures, failures.join('\n\n')).toEqual([]);
  });
});

test('open menus, drawer and dialogs have no serious or critical axe violations', async ({
  page,
  createProduct,
}) => {
  test.slow();
  const p = await createProduct();
  await page.goto('/');
  await hydrated(page);
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('button', { name: 'COLLECTIONS' }).hover();
  await expect(nav.getByRole('button', { name: 'COLLECTIONS' })).toHaveAttribute('aria-expanded', 'true');
  // The panel's code loads on first use: check the menu as a shopper sees it, drawn.
  await expect(nav.getByRole('tablist')).toBeVisible();
  await expectNoSeriousViolations(page, 'mega-menu open');

  await page.mouse.move(0, 600);
  await page.getByRole('button', { name: 'Account menu', exact: true }).click();
  await expectNoSeriousViolations(page, 'profile menu open');
  await page.keyboard.press('Escape');

  await page.goto(`/product/${p._id}`);
  await hydrated(page);
  await page.getByRole('button', { name: 'Size Chart' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expectNoSeriousViolations(page, 'size chart open');
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: p.size[0]!, exact: true }).click();
  await page
    .getByRole('group', { name: /^Colour/ })
    .getByRole('button')
    .first()
    .click();
  await page.getByRole('button', { name: 'ADD TO CART' }).click();
  await expect(page.getByText('Item added to cart!')).toBeVisible();
  await page.getByRole('banner').getByRole('button', { name: /^Cart/ }).click();
  await expect(page.getByRole('dialog', { name: 'Your Cart' })).toBeVisible();
  await expectNoSeriousViolations(page, 'cart drawer open');
});

// Lighthouse's accessibility audit on the main pages, in its own Chromium (it drives the browser through the
// DevTools protocol). Score 0-1; the issue asks for 95 or more.
test('Lighthouse scores the accessibility of the main pages at 95 or more', async ({
  baseURL,
  createProduct,
}) => {
  test.setTimeout(180_000);
  const { default: lighthouse } = await import('lighthouse');
  const port = await freePort();
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      `--remote-debugging-port=${port}`,
    ],
  });
  try {
    const p = await createProduct();
    const scores: Record<string, number> = {};
    for (const path of ['/', '/collection/men/oversized-t-shirt', `/product/${p._id}`, '/login', '/return']) {
      const result = await lighthouse(`${baseURL}${path}`, {
        port,
        onlyCategories: ['accessibility'],
        logLevel: 'error',
        output: 'json',
        // Desktop: the store's own mobile layout is covered by mobile.spec.ts; one form factor keeps this bounded.
        formFactor: 'desktop',
        screenEmulation: { mobile: false, width: 1350, height: 940, deviceScaleFactor: 1, disabled: false },
        throttlingMethod: 'provided',
      });
      const category = result?.lhr.categories.accessibility;
      const failed = Object.values(result?.lhr.audits ?? {})
        .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === 'binary')
        .map((a) => {
          type Item = { node?: { snippet?: string; explanation?: string } };
          const all = (a.details as { items?: Item[] } | undefined)?.items ?? [];
          const items = all
            .slice(0, 4)
            .map(
              (i) =>
                `      ${i.node?.snippet ?? ''}\n        ${(i.node?.explanation ?? '').replace(/\n/g, ' ')}`,
            );
          return `  ${a.id}: ${a.title}\n${items.join('\n')}`;
        });
      const score = Math.round((category?.score ?? 0) * 100);
      scores[`${path}\n${failed.join('\n')}`] = score;
    }
    const low = Object.entries(scores).filter(([, score]) => score < 95);
    expect(
      low.map(([page, score]) => `${score} ${page}`).join('\n'),
      'Lighthouse accessibility below 95',
    ).toBe('');
  } finally {
    await browser.close();
  }
});
