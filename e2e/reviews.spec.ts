// Reviews with photos (docs/product/rules.md#reviews): a shopper whose order of a product was delivered writes a
// review from the product page, rating it with the keyboard and adding a photo (the open form passes axe); a
// catalogue editor sees it with the photo in the back office's queue and approves it; the product page then shows
// it with the 'Verified buyer' mark and the photo, which opens full screen.
import type { Browser, BrowserContext, Page } from '@playwright/test';
import type { Db } from '@rangrez/db/client';
import { orders } from '@rangrez/db/schema';
import { and, eq } from 'drizzle-orm';
import { expectNoSeriousViolations } from './axe.ts';
import { addStaffFromCommandLine, nav, setUpTwoFactor, signIn } from './back-office.ts';
import { expect, freshEmail, hydrated, placeCodOrder, signUp, signedIn, test } from './fixtures.ts';
import { solidPng } from './png.ts';

const COMMENT = 'The print is sharp and the cotton is soft. True to size.';

/**
 * Marks the shopper's order delivered, as the partner's status updates would leave it: the simulated partner
 * reaches Delivered only after several of its steps and the store reads it every FULFILMENT_POLL_SECONDS. The
 * order is first left to be handed over (`submitted`), so the hand-over job has nothing left to move.
 */
async function deliver(storeDb: Db, userId: string): Promise<void> {
  const mine = and(eq(orders.userId, userId), eq(orders.fulfilmentState, 'submitted'));
  await expect
    .poll(async () => (await storeDb.db.select({ id: orders.id }).from(orders).where(mine)).length, {
      message: 'the order handed over to the print partner',
    })
    .toBe(1);
  const delivered = await storeDb.db
    .update(orders)
    .set({ fulfilmentState: 'delivered' })
    .where(mine)
    .returning({ id: orders.id });
  expect(delivered).toHaveLength(1);
}

/** The Reviews tab of the product's page, opened. */
async function reviewsTab(page: Page, productId: string) {
  await page.goto(`/product/${productId}`);
  await hydrated(page);
  // The tabs' code follows the page's first load (lib/deferred.tsx): a click before it has arrived is lost.
  const tab = page.getByRole('tab', { name: /^Reviews/ });
  await expect(async () => {
    await tab.click();
    await expect(tab).toHaveAttribute('aria-selected', 'true', { timeout: 1_000 });
  }).toPass();
  return page.getByRole('tabpanel');
}

/** A catalogue editor, in a browser of their own, finds the review with its photo in the queue and approves it. */
async function approveAsEditor(browser: Browser, productName: string): Promise<void> {
  const context: BrowserContext = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(err.message));
  page.on('console', (msg) => void (msg.type() === 'error' && errors.push(msg.text())));
  const editor = freshEmail('moderator');
  await signIn(page, editor, addStaffFromCommandLine(editor, 'catalogue'));
  await expect(page).toHaveURL(/\/admin\/security$/);
  await setUpTwoFactor(page);
  await nav(page).getByRole('link', { name: 'Reviews' }).click();
  const review = page.getByRole('listitem').filter({ hasText: COMMENT });
  await expect(review).toContainText(productName);
  await expect(review).toContainText('Verified buyer');
  await expect(review.getByRole('list', { name: "Photos, Meera's review" }).getByRole('img')).toHaveCount(1);
  await review.getByRole('button', { name: `Approve Meera's review of ${productName}` }).click();
  await expect(review).toHaveCount(0);
  await context.close();
  expect(errors, 'browser console errors of the editor').toEqual([]);
}

test('a shopper reviews a delivered product with a photo, a catalogue editor approves it, and the page shows it as from a verified buyer', async ({
  page,
  browser,
  request,
  storeDb,
  createProduct,
}) => {
  // Argon2 at the editor's sign-in and two-factor set-up, an image upload, on a busy machine.
  test.setTimeout(120_000);
  const product = await createProduct();
  const session = await signUp(request, 'reviewer', { firstName: 'Meera', lastName: 'Iyer' });
  await placeCodOrder(request, session, product);
  await deliver(storeDb, session.user._id);

  await signedIn(page, session);
  let panel = await reviewsTab(page, product._id);
  await expect(panel).toContainText('No reviews yet.');
  // Under the name too: no stars and no '0.0 (0 reviews)' for a product nobody has reviewed.
  const summary = page.locator('h1').locator('xpath=..');
  await expect(summary.getByText('No reviews yet', { exact: true })).toBeVisible();
  await expect(summary.getByRole('img', { name: /^Rated/ })).toHaveCount(0);
  await panel.getByRole('button', { name: 'Write a review' }).click();
  await expect(panel.getByRole('heading', { name: 'Write a review' })).toBeFocused();
  // The rating with the keyboard: into the group, End for 5 stars, one step back to 4.
  await page.keyboard.press('Tab');
  await expect(panel.getByRole('radio', { name: '1 star' })).toBeFocused();
  await page.keyboard.press('End');
  await page.keyboard.press('ArrowLeft');
  await expect(panel.getByRole('radio', { name: '4 stars' })).toBeChecked();
  await panel.getByLabel('Your review').fill(COMMENT);
  await panel.getByLabel('Add photos').setInputFiles({
    name: 'on-me.png',
    mimeType: 'image/png',
    // The store refuses photos under 600 px wide.
    buffer: solidPng(640, 800, [180, 83, 9]),
  });
  await expect(panel.getByRole('img', { name: 'Photo 1' })).toBeVisible();
  await expect(panel.getByRole('progressbar')).toHaveCount(0);
  await expectNoSeriousViolations(page, 'the review form with a photo');
  await panel.getByRole('button', { name: 'Submit review' }).click();
  await expect(panel.getByText('Thank you! Your review will appear once it is approved.')).toBeVisible();
  await expect(panel.getByText('Waiting for moderation: it appears here once it is approved.')).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Edit your review' })).toBeVisible();
  await expect(panel).toContainText('No reviews yet.');

  await approveAsEditor(browser, product.name);

  // The approval reaches the catalogue's caches through the database: the page may need a reload or two.
  await expect(async () => {
    panel = await reviewsTab(page, product._id);
    await expect(panel.getByRole('listitem').filter({ hasText: COMMENT })).toHaveCount(1, { timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  await expect(page.getByRole('tab', { name: 'Reviews (1)' })).toBeVisible();
  await expect(page.locator('h1').locator('xpath=..').getByText('4.0 (1 review)')).toBeVisible();
  const shown = panel.getByRole('listitem').filter({ hasText: COMMENT });
  await expect(shown).toContainText('Meera');
  await expect(shown).toContainText('Verified buyer');
  await expect(shown.getByRole('img', { name: 'Rated 4 out of 5' })).toBeVisible();
  await expect(panel.getByText('Published.')).toBeVisible();
  await shown.getByRole('button', { name: "Open photo 1 of 1 from Meera's review" }).click();
  const lightbox = page.getByRole('dialog', { name: "Photos from Meera's review: images" });
  await expect(lightbox.getByRole('img', { name: "Photos from Meera's review, image 1 of 1" })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(lightbox).toHaveCount(0);
});
