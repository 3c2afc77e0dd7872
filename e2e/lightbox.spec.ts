// The lightbox shows the whole picture at any window size, never larger than the picture itself, and its
// controls stay on the backdrop, in view and large enough to tap (docs/product/screens.md#product-page).
import path from 'node:path';
import type { Locator } from '@playwright/test';
import { WIDTH_LADDERS } from '@rangrez/db/media/formats';
import { ingestOriginal } from '@rangrez/db/media/originals';
import { productImages } from '@rangrez/db/schema';
import { expect, hydrated, test } from './fixtures.ts';
import { solidPng } from './png.ts';

/** A photo (a raster: an SVG scales to any size) smaller than the windows: the lightbox must not blow it up. */
const SMALL_PHOTO = solidPng(300, 375, [127, 29, 29]);

interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox();
  if (!box) throw new Error('not rendered');
  return { left: box.x, top: box.y, right: box.x + box.width, bottom: box.y + box.height };
}

const within = (box: Box, width: number, height: number) =>
  box.left >= 0 && box.top >= 0 && box.right <= width && box.bottom <= height;
const overlaps = (a: Box, b: Box) =>
  a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

/**
 * The image's rendered size and its natural one: CSS px of the file the browser chose from the srcset, which the
 * browser rounds to whole pixels (hence the 1 px of slack below).
 */
async function sizes(img: Locator) {
  await expect
    .poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0))
    .toBe(true);
  return img.evaluate((el: HTMLImageElement) => {
    const rect = el.getBoundingClientRect();
    return {
      width: rect.width,
      height: rect.height,
      naturalWidth: el.naturalWidth,
      naturalHeight: el.naturalHeight,
    };
  });
}

for (const viewport of [
  { width: 1280, height: 720 },
  { width: 390, height: 844 },
]) {
  test(`lightbox at ${viewport.width}x${viewport.height}: the whole image, never enlarged, controls in view`, async ({
    page,
    request,
    storeDb,
    createProduct,
  }) => {
    await page.setViewportSize(viewport);
    const product = await createProduct();
    const colour = product.color[0]!;
    const small = await ingestOriginal(storeDb.db, path.join(process.env.E2E_DATA_DIR!, 'media'), {
      data: SMALL_PHOTO,
      ext: 'png',
      alt: 'Print close-up',
      widths: WIDTH_LADDERS.product,
      // As an upload does: every step of the srcset is served, the wider ones at the photo's own 300 px.
      keepWiderSteps: true,
    });
    await storeDb.db
      .insert(productImages)
      .values({ productId: product._id, color: colour, position: 1, mediaId: small.id });
    await expect
      .poll(async () => {
        const res = await request.get(`/api/v1/product/${product._id}/color/${encodeURIComponent(colour)}`);
        return ((await res.json()) as { images: string[] }).images.length;
      })
      .toBe(2);

    await page.goto(`/product/${product._id}`);
    await hydrated(page);
    await page.getByRole('button', { name: 'Open image 1 of 2 full screen' }).click();
    const dialog = page.getByRole('dialog', { name: `${product.name}: images` });
    const controls = ['Close', 'Previous image', 'Next image'].map((name) =>
      dialog.getByRole('button', { name }),
    );

    for (const n of [1, 2]) {
      await expect(dialog.getByText(`${n} / 2`)).toBeVisible();
      const img = dialog.getByRole('img', { name: `${product.name}, image ${n} of 2` });
      const size = await sizes(img);
      expect(size.width, `image ${n} not wider than its natural width`).toBeLessThanOrEqual(
        size.naturalWidth + 1,
      );
      expect(size.height, `image ${n} not taller than its natural height`).toBeLessThanOrEqual(
        size.naturalHeight + 1,
      );
      const imageBox = await boxOf(img);
      expect(within(imageBox, viewport.width, viewport.height), `image ${n} inside the window`).toBe(true);
      for (const control of controls) {
        await expect(control).toBeVisible();
        const box = await boxOf(control);
        expect(within(box, viewport.width, viewport.height), 'control inside the window').toBe(true);
        expect(box.right - box.left).toBeGreaterThanOrEqual(44);
        expect(box.bottom - box.top).toBeGreaterThanOrEqual(44);
        expect(overlaps(box, imageBox), 'control beside the image, not on it').toBe(false);
      }
      if (n === 1) await controls[2]!.click();
    }
    // The small picture is shown at its own size: nothing shrank it, and nothing enlarged it.
    const smallSize = await sizes(dialog.getByRole('img', { name: `${product.name}, image 2 of 2` }));
    expect(Math.abs(smallSize.width - smallSize.naturalWidth)).toBeLessThanOrEqual(1);

    await controls[1]!.click();
    await expect(dialog.getByText('1 / 2')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Open image 1 of 2 full screen' })).toBeFocused();
  });
}
