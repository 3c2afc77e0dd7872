// What only a browser does in the back office: files dropped on a colour's drop zone upload with a progress bar
// each; a colour's images are dragged into a new order by pointer and by keyboard, with their alt text, and the
// order and the words survive a reload; the slides list is reordered by dragging and keeps its order; a slide's
// page draws its impressions and clicks (recorded through the storefront's own counter calls) on its chart.
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect, test } from './back-office.ts';
import { solidPng } from './png.ts';

/** Drags `from` onto `to` with the mouse, in steps, as a person does (dnd-kit follows pointer moves). */
async function drag(page: Page, from: Locator, to: Locator): Promise<void> {
  // The mouse acts only inside the viewport: other specs' rows can push these two below the fold.
  await to.scrollIntoViewIfNeeded();
  await from.scrollIntoViewIfNeeded();
  const start = (await from.boundingBox())!;
  const end = (await to.boundingBox())!;
  await page.mouse.move(start.x + start.width / 2, start.y + start.height / 2);
  await page.mouse.down();
  await page.mouse.move(end.x + end.width / 2, end.y + end.height / 2, { steps: 12 });
  await page.mouse.up();
}

/** Drops PNG files on `zone` as a file manager does: a drop event whose DataTransfer holds them. */
async function dropFiles(zone: Locator, files: { name: string; png: Buffer }[]): Promise<void> {
  const encoded = files.map(({ name, png }) => ({ name, data: png.toString('base64') }));
  const dataTransfer = await zone.page().evaluateHandle((list) => {
    const transfer = new DataTransfer();
    for (const { name, data } of list) {
      const bytes = Uint8Array.from(atob(data), (c) => c.charCodeAt(0));
      transfer.items.add(new File([bytes], name, { type: 'image/png' }));
    }
    return transfer;
  }, encoded);
  await zone.dispatchEvent('dragover', { dataTransfer });
  await zone.dispatchEvent('drop', { dataTransfer });
}

const altTexts = (gallery: Locator) =>
  gallery.locator('img').evaluateAll((imgs) => imgs.map((i) => i.getAttribute('alt')));

test('a colour’s photos are dropped in with a progress bar, dragged into order by pointer and keyboard, and keep order and alt text after a reload', async ({
  page,
  openBackOffice,
  createProduct,
}) => {
  test.setTimeout(90_000);
  const product = await createProduct();
  // The uploads wait until the progress bars have been seen.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/v1/admin/media', async (route) => {
    await held;
    await route.continue();
  });
  await openBackOffice(`/admin/products/${product._id}`);
  const gallery = page.getByRole('list', { name: 'Images, Black (Bk)' });
  // The product's own picture, from the specs' fixture.
  await expect(gallery.locator('img')).toHaveCount(1);

  await dropFiles(page.getByRole('group', { name: 'Drop images for Black (Bk)' }), [
    { name: 'front.png', png: solidPng(640, 800, [178, 34, 52]) },
    { name: 'back.png', png: solidPng(640, 800, [36, 62, 140]) },
  ]);
  const bars = page.getByRole('list', { name: 'Uploads, Black (Bk)' }).getByRole('progressbar');
  await expect(bars).toHaveCount(2);
  await expect(page.getByRole('progressbar', { name: 'Uploading front.png' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save images' })).toBeDisabled();
  release();
  await expect(gallery.locator('img')).toHaveCount(3);
  await expect(bars).toHaveCount(0);
  await page.getByLabel('Alt text, Black (Bk), image 2').fill('Front print in saffron');
  await page.getByLabel('Alt text, Black (Bk), image 3').fill('Back print in indigo');

  // By pointer: the back print to the top.
  await drag(
    page,
    page.getByRole('button', { name: 'Drag Black (Bk), image 3 to reorder' }),
    page.getByRole('button', { name: 'Drag Black (Bk), image 1 to reorder' }),
  );
  await expect
    .poll(() => altTexts(gallery))
    .toEqual(['Back print in indigo', 'Zip hoodie', 'Front print in saffron']);
  // By keyboard: the front print picked up with Space, one place up, dropped with Space.
  await page.getByRole('button', { name: 'Drag Black (Bk), image 3 to reorder' }).focus();
  await page.keyboard.press('Space');
  // Picked up, it is over its own place at once; the announcer says so after saying it was picked up.
  await expect(page.getByText('Black (Bk), image 3 is over position 3 of 3.')).toBeAttached();
  await page.keyboard.press('ArrowUp');
  await expect(page.getByText('Black (Bk), image 3 is over position 2 of 3.')).toBeAttached();
  await page.keyboard.press('Space');
  await expect
    .poll(() => altTexts(gallery))
    .toEqual(['Back print in indigo', 'Front print in saffron', 'Zip hoodie']);

  await page.getByRole('button', { name: 'Save images' }).click();
  await expect(page.getByText('Images saved.')).toBeVisible();
  await page.reload();
  await expect(gallery.locator('img')).toHaveCount(3);
  expect(await altTexts(gallery)).toEqual(['Back print in indigo', 'Front print in saffron', 'Zip hoodie']);
  await expect(page.getByLabel('Alt text, Black (Bk), image 2')).toHaveValue('Front print in saffron');
});

/** A slide made through the admin API, switched off, so the home page the other specs look at never shows it. */
async function newSlide(request: APIRequestContext, token: string, title: string): Promise<string> {
  const res = await request.post('/api/v1/admin/slides', {
    headers: { authorization: `Bearer ${token}` },
    data: { title, isActive: false },
  });
  expect(res.status()).toBe(201);
  return ((await res.json()) as { slide: { _id: string } }).slide._id;
}

/** Pixels of the canvas painted in `rgb` (give or take the anti-aliasing). */
const paintedIn = (canvas: Locator, rgb: readonly [number, number, number]) =>
  canvas.evaluate((element, [r, g, b]) => {
    const c = element as HTMLCanvasElement;
    const { data } = c.getContext('2d')!.getImageData(0, 0, c.width, c.height);
    let count = 0;
    for (let i = 0; i < data.length; i += 4) {
      const near = Math.abs(data[i]! - r!) + Math.abs(data[i + 1]! - g!) + Math.abs(data[i + 2]! - b!);
      if (data[i + 3]! > 200 && near < 40) count += 1;
    }
    return count;
  }, rgb);

test('slides are reordered by dragging and keep the order; a slide’s chart draws the impressions and clicks the storefront recorded', async ({
  page,
  openBackOffice,
  owner,
  request,
}) => {
  test.setTimeout(90_000);
  const suffix = Date.now().toString(36);
  const first = `Kesari Drop A ${suffix}`;
  const second = `Kesari Drop B ${suffix}`;
  const firstId = await newSlide(request, owner.accessToken, first);
  await newSlide(request, owner.accessToken, second);
  // Three visitors see the first slide, one of them follows it: the storefront's own counter calls.
  for (const visitor of ['one', 'two', 'three']) {
    const headers = { 'user-agent': `e2e-visitor-${visitor}-${suffix}` };
    expect((await request.post(`/api/v1/slider/${firstId}/impression`, { headers })).ok()).toBe(true);
    if (visitor === 'one')
      expect((await request.post(`/api/v1/slider/${firstId}/click`, { headers })).ok()).toBe(true);
  }

  await openBackOffice('/admin/slides');
  const list = page.getByRole('list', { name: 'Slides in display order' });
  const titles = () => list.getByRole('link').allTextContents();
  await expect.poll(async () => (await titles()).slice(-2)).toEqual([first, second]);
  await drag(
    page,
    page.getByRole('button', { name: `Drag “${second}” to reorder` }),
    page.getByRole('button', { name: `Drag “${first}” to reorder` }),
  );
  await expect(page.getByText(new RegExp(`^Order saved: “${second}” is now number \\d+\\.$`))).toBeVisible();
  await page.reload();
  await expect.poll(async () => (await titles()).slice(-2)).toEqual([second, first]);

  await list.getByRole('link', { name: first }).click();
  const counts = page.getByRole('region', { name: 'Daily counts' });
  await expect(counts.getByRole('row', { name: /^Total/ })).toHaveText('Total3133.33%');
  const canvas = page.getByRole('region', { name: 'Last 30 days' }).locator('canvas').first();
  await expect(canvas).toBeAttached();
  // The impressions' line (blue) and the clicks' line (red) are drawn.
  await expect.poll(() => paintedIn(canvas, [29, 78, 216])).toBeGreaterThan(20);
  await expect.poll(() => paintedIn(canvas, [225, 29, 72])).toBeGreaterThan(20);
  await expect(page.getByRole('list', { name: 'Changes to this slide' })).toContainText('slide.create');
});
