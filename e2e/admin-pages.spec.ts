// Every back-office page, signed in as an owner: axe finds no serious or critical violation on it (with the state
// worth checking open: a category's edit form, a member's timeline, a review waiting for moderation, an order's
// cancel dialog), and at a
// phone's width
// (390 x 844) the page itself never scrolls sideways; a wide table scrolls inside its own region. The walk goes
// through the navigation as staff do; two walks share the pages so the two workers share the time.
import type { Locator, Page } from '@playwright/test';
import { createReview } from '@rangrez/db/factories/catalogue';
import { expectNoSeriousViolations } from './axe.ts';
import { expect, nav, test } from './back-office.ts';
import { placeCodOrder, signUp } from './fixtures.ts';

interface Stop {
  /** The page as the report names it. */
  name: string;
  /** From the stop before: a link of the navigation or of the page, or the address. */
  go: (page: Page) => Promise<unknown>;
  /** What shows once the page's data has arrived and its state is set. */
  ready: (page: Page) => Locator | Promise<Locator>;
}

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 720 };

const navTo = (label: string) => (page: Page) => nav(page).getByRole('link', { name: label }).click();
const linkTo = (label: string) => (page: Page) =>
  page.getByRole('link', { name: label, exact: true }).click();
const heading = (name: string) => (page: Page) => page.getByRole('heading', { level: 1, name, exact: true });

/** How far the page scrolls sideways at the current width. */
const sideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

async function check(page: Page, stop: Stop) {
  await stop.go(page);
  await expect(await stop.ready(page)).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /^Loading/ })).toHaveCount(0);
  await expectNoSeriousViolations(page, stop.name, { wholePage: true });
  await page.setViewportSize(PHONE);
  // Polled: what fits itself to the width it is given (the slide preview) does so once the resize is observed.
  await expect.poll(() => sideways(page), { message: `${stop.name} scrolls sideways on a phone` }).toBe(0);
  await page.setViewportSize(DESKTOP);
}

test('the catalogue pages pass axe and fit a phone', async ({
  page,
  openBackOffice,
  createProduct,
  storeDb,
}) => {
  test.setTimeout(120_000);
  const product = await createProduct();
  // A shopper's review waiting for moderation: the queue's common task.
  await createReview(storeDb.db, {
    productId: product._id,
    status: 'pending',
    isDemo: false,
    comment: 'The zip is sturdy and the hood keeps its shape.',
  });
  const stops: Stop[] = [
    { name: 'dashboard', go: () => openBackOffice('/admin'), ready: heading('Dashboard') },
    {
      name: 'products, searched',
      go: async (p) => {
        await navTo('Products')(p);
        await p.getByLabel('Search by name or SKU').fill(product.name);
        await expect(p.getByRole('region', { name: 'Products' }).getByRole('row')).toHaveCount(2);
      },
      ready: (p) => p.getByRole('region', { name: 'Products' }).getByRole('link', { name: product.name }),
    },
    {
      name: 'product editor',
      go: (p) =>
        p.getByRole('region', { name: 'Products' }).getByRole('link', { name: product.name }).click(),
      ready: (p) => p.getByRole('list', { name: 'Images, Black (Bk)' }),
    },
    {
      name: 'new product',
      go: async (p) => {
        await navTo('Products')(p);
        await linkTo('New product')(p);
      },
      ready: heading('New product'),
    },
    { name: 'import', go: navTo('Import'), ready: heading('Import products') },
    {
      name: 'reviews',
      go: navTo('Reviews'),
      ready: (p) =>
        p
          .getByRole('list', { name: 'Pending reviews' })
          .getByText('The zip is sturdy and the hood keeps its shape.'),
    },
    { name: 'returns', go: navTo('Returns'), ready: heading('Returns') },
    { name: 'security', go: navTo('Security'), ready: heading('Security') },
  ];
  for (const stop of stops) await check(page, stop);
});

test('the slides, categories, settings, search, staff and audit pages pass axe and fit a phone', async ({
  page,
  openBackOffice,
  owner,
}) => {
  test.setTimeout(120_000);
  const stops: Stop[] = [
    {
      name: 'slides',
      go: () => openBackOffice('/admin/slides'),
      ready: (p) => p.getByRole('list', { name: 'Slides in display order' }),
    },
    {
      name: 'slide editor',
      go: (p) => p.getByRole('list', { name: 'Slides in display order' }).getByRole('link').first().click(),
      ready: (p) => p.getByRole('region', { name: 'Daily counts' }),
    },
    {
      name: 'new slide',
      go: async (p) => {
        await navTo('Slides')(p);
        await linkTo('New slide')(p);
      },
      ready: heading('New slide'),
    },
    {
      name: 'categories, a sub-category being edited',
      go: async (p) => {
        await navTo('Categories')(p);
        await p
          .getByRole('button', { name: /^Edit / })
          .nth(1)
          .click();
      },
      ready: (p) => p.getByRole('form', { name: /^Edit / }),
    },
    {
      name: 'settings',
      go: navTo('Settings'),
      ready: (p) => p.getByRole('button', { name: 'Save settings' }),
    },
    {
      name: 'search',
      go: navTo('Search'),
      ready: (p) =>
        p
          .getByRole('list')
          .filter({ has: p.getByRole('textbox', { name: 'Terms of tee, t-shirt, tshirt, t shirt' }) }),
    },
    {
      name: 'staff, a timeline open',
      go: async (p) => {
        await navTo('Staff')(p);
        await p.getByRole('button', { name: `Timeline of ${owner.email}` }).click();
      },
      ready: (p) => p.getByRole('list', { name: `Changes to ${owner.email}` }),
    },
    {
      name: 'audit, filtered by actor',
      go: async (p) => {
        await navTo('Audit')(p);
        await p.getByLabel('Actor (e-mail or system)').fill(owner.email);
        await p.getByRole('button', { name: 'Show entries' }).click();
        // Every row but the header is the owner's.
        const rows = p.getByRole('region', { name: 'Audit entries' }).getByRole('row');
        await expect(rows.filter({ hasNotText: owner.email })).toHaveCount(1);
      },
      ready: (p) => p.getByRole('region', { name: 'Audit entries' }).getByText('staff.totp_enable'),
    },
  ];
  for (const stop of stops) await check(page, stop);
});

test('the orders desk pass axe and fit a phone', async ({ page, openBackOffice, createProduct, request }) => {
  test.setTimeout(120_000);
  const orderNumber = await placeCodOrder(
    request,
    await signUp(request, 'pages-desk'),
    await createProduct(),
  );
  const stops: Stop[] = [
    {
      name: 'orders, searched',
      go: async (p) => {
        await openBackOffice('/admin/orders');
        await p.getByLabel('Search', { exact: true }).fill(orderNumber);
        await expect(p.getByRole('region', { name: 'Orders table' }).getByRole('row')).toHaveCount(2);
      },
      ready: (p) => p.getByRole('region', { name: 'Orders table' }).getByRole('link', { name: orderNumber }),
    },
    {
      name: 'order',
      go: (p) =>
        p.getByRole('region', { name: 'Orders table' }).getByRole('link', { name: orderNumber }).click(),
      ready: (p) => p.getByRole('region', { name: 'Timeline' }).getByRole('listitem').first(),
    },
    {
      name: 'order, the cancel dialog open',
      go: (p) => p.getByRole('button', { name: 'Cancel order' }).click(),
      ready: (p) => p.getByRole('dialog', { name: `Cancel ${orderNumber}?` }),
    },
    {
      name: 'needs action',
      go: async (p) => {
        await p.keyboard.press('Escape');
        await navTo('Needs action')(p);
      },
      ready: heading('Needs action'),
    },
  ];
  for (const stop of stops) await check(page, stop);
});
