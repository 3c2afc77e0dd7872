// The product page on a phone (docs/product/screens.md#product-page): the three tabs whole within the screen, the
// Size Chart a 44 px target, the colour in the first photo chosen, the buy bar once the page's own buttons have
// scrolled away (the same checks, a validation toast replacing the last one), and a card's rating once the product
// has reviews.
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import type { Db } from '@rangrez/db/client';
import { createReview } from '@rangrez/db/factories/catalogue';
import { WIDTH_LADDERS } from '@rangrez/db/media/formats';
import { ingestOriginal } from '@rangrez/db/media/originals';
import { productImages, products } from '@rangrez/db/schema';
import { and, eq } from 'drizzle-orm';
import { type Product, TEST_COLLECTION, expect, hydrated, test } from './fixtures.ts';

const PHONE = { width: 360, height: 740 };
test.use({ viewport: PHONE, hasTouch: true });

/** A navy mock-up, unlike the fixtures' dark one: the product's second colour gets it as its only picture. */
const NAVY_ARTWORK = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="1500" viewBox="0 0 1200 1500">' +
    '<rect width="1200" height="1500" fill="#f5f5f4"/><rect x="300" y="300" width="600" height="960" fill="#1e2a4a"/></svg>',
);

/** Gives the product's second colour a picture of its own and makes it the main image; answers its media key. */
async function secondColourInFront(storeDb: Db, product: Product, request: Page['request']): Promise<string> {
  const picture = await ingestOriginal(storeDb.db, path.join(process.env.E2E_DATA_DIR!, 'media'), {
    data: NAVY_ARTWORK,
    ext: 'svg',
    alt: 'Navy zip hoodie',
    widths: WIDTH_LADDERS.product,
  });
  await storeDb.db.transaction(async (tx) => {
    await tx
      .update(productImages)
      .set({ mediaId: picture.id })
      .where(and(eq(productImages.productId, product._id), eq(productImages.color, product.color[1]!)));
    await tx.update(products).set({ imageId: picture.id }).where(eq(products.id, product._id));
  });
  await expect
    .poll(
      async () =>
        ((await (await request.get(`/api/v1/product/${product._id}`)).json()) as Product & { image: string })
          .image,
    )
    .toContain(picture.key);
  return picture.key;
}

/** Whether the element lies within the phone's width and shows its text whole (nothing scrolled or cut off). */
const wholeOnScreen = (element: Locator) =>
  element.evaluate((el, width) => {
    const box = el.getBoundingClientRect();
    return {
      inside: box.left >= 0 && box.right <= width,
      clipped: el.scrollWidth > el.clientWidth || el.scrollHeight > el.clientHeight,
    };
  }, PHONE.width);

test('the tabs fit, Size Chart is a 44 px target and the colour in the first photo is chosen', async ({
  page,
  storeDb,
  createProduct,
}) => {
  const product = await createProduct();
  const key = await secondColourInFront(storeDb, product, page.request);
  await page.goto(`/product/${product._id}`);
  await hydrated(page);

  const swatches = page.getByRole('group', { name: /^Colour/ }).getByRole('button');
  await expect(swatches.nth(1)).toHaveAttribute('aria-pressed', 'true');
  await expect(swatches.nth(0)).toHaveAttribute('aria-pressed', 'false');
  const firstPhoto = page.getByRole('button', { name: /full screen/ }).locator('img');
  await expect(firstPhoto).toHaveAttribute('src', new RegExp(`/media/${key}-`));

  const sizeChart = page.getByRole('button', { name: 'Size Chart' });
  const box = (await sizeChart.boundingBox())!;
  expect(box.width).toBeGreaterThanOrEqual(44);
  expect(box.height).toBeGreaterThanOrEqual(44);

  const tablist = page.getByRole('region', { name: 'Product information' }).getByRole('tablist');
  await tablist.scrollIntoViewIfNeeded();
  expect(await wholeOnScreen(tablist)).toEqual({ inside: true, clipped: false });
  const tabs = tablist.getByRole('tab');
  await expect(tabs).toHaveText(['Description', 'Additional Information', 'Reviews (0)']);
  for (const tab of await tabs.all())
    expect(await wholeOnScreen(tab)).toEqual({ inside: true, clipped: false });

  // Still the tabs pattern: the arrow keys move between them (once the tabs' code, which follows the page's first
  // load, has arrived).
  await expect(async () => {
    await tabs.first().focus();
    await page.keyboard.press('ArrowLeft');
    await expect(tabs.last()).toHaveAttribute('aria-selected', 'true', { timeout: 1_000 });
  }).toPass();
  await expect(tabs.last()).toBeFocused();
});

/** Scrolls so the page's own buttons are just above the top of the screen. */
// Well past them: parts of the page above the buttons may still settle (pictures, deferred code) after the scroll.
async function scrollPast(page: Page, buttons: Locator) {
  await buttons.evaluate((el) =>
    window.scrollTo(0, el.getBoundingClientRect().bottom + window.scrollY + 300),
  );
}

test('the buy bar comes once the buttons scroll away, checks the size like them and adds to the cart', async ({
  page,
  createProduct,
}) => {
  const product = await createProduct();
  await page.goto(`/product/${product._id}`);
  await hydrated(page);
  const bar = page.getByRole('region', { name: 'Buy' });
  const ownAdd = page.getByRole('button', { name: 'ADD TO CART' }).first();
  // Not even in the page (nor its code loaded) while nobody has scrolled past the buttons.
  await expect(page.locator('[role="region"][aria-label="Buy"]')).toHaveCount(0);

  await scrollPast(page, ownAdd);
  await expect(bar).toBeVisible();
  await expect(bar.getByText(`₹${product.price.toLocaleString('en-IN')}`)).toBeVisible();
  // A second refusal replaces the first toast rather than stacking a copy under it.
  await bar.getByRole('button', { name: 'ADD TO CART' }).click();
  const refusal = page.getByText('Please select a size.');
  await expect(refusal).toHaveCount(1);
  await refusal.evaluate((el) => el.setAttribute('data-first', ''));
  await bar.getByRole('button', { name: 'BUY NOW' }).click();
  await expect(page.locator('[data-first]')).toHaveCount(0);
  await expect(refusal).toHaveCount(1);

  // The page's own buttons back in view: the bar goes.
  await page.getByRole('button', { name: product.size[0]!, exact: true }).click();
  await ownAdd.scrollIntoViewIfNeeded();
  await expect(bar).toBeHidden();

  await scrollPast(page, ownAdd);
  await expect(bar).toBeVisible();
  // While it shows, the end of the footer can still be scrolled above it.
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  const footerEnd = await page.getByRole('contentinfo').evaluate((el) => el.getBoundingClientRect().bottom);
  const barTop = (await bar.boundingBox())!.y;
  expect(footerEnd).toBeLessThanOrEqual(barTop + 1);

  await bar.getByRole('button', { name: 'ADD TO CART' }).click();
  await expect(page.getByText('Item added to cart!')).toBeVisible();
  await expect(page.getByRole('banner').getByRole('button', { name: /^Cart/ })).toHaveAccessibleName(
    'Cart, 1 item',
  );
});

test('a card shows the rating once the product has reviews, and nothing before', async ({
  page,
  storeDb,
  createProduct,
}) => {
  const [rated, unrated] = await Promise.all([createProduct(), createProduct()]);
  await createReview(storeDb.db, { productId: rated._id, rating: 4 });
  await createReview(storeDb.db, { productId: rated._id, rating: 5 });
  await expect
    .poll(
      async () =>
        ((await (await page.request.get(`/api/v1/product/${rated._id}`)).json()) as { reviewCount: number })
          .reviewCount,
    )
    .toBe(2);

  const cardOf = async (p: Product) => {
    await page.goto(`/collection/${TEST_COLLECTION.path}?q=${encodeURIComponent(p.name)}`);
    const card = page.getByRole('article').filter({ has: page.getByRole('heading', { name: p.name }) });
    await expect(card).toBeVisible();
    return card;
  };
  const ratedCard = await cardOf(rated);
  await expect(ratedCard.getByText('Rated 4.5 out of 5, 2 reviews')).toBeAttached();
  await expect(ratedCard.getByText('4.5 (2)')).toBeVisible();
  await expect((await cardOf(unrated)).getByText(/^Rated /)).toHaveCount(0);
});
