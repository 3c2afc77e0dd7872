// Images in the back office (docs/admin.md#images): an upload is checked by its content and limits before anything
// is written, then served by the media route like every other image; a product's gallery is set per colour from
// uploaded images, and the storefront shows it at once.
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { UPLOAD_LIMITS } from '@rangrez/contract/rules';
import { createProduct } from '@rangrez/db/factories/catalogue';
import { auditLog, media, productImages } from '@rangrez/db/schema';
import { count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MultipartPart, type SignedInStaff, multipart, signedInStaff } from './admin-helpers.ts';
import { type TestApp, createTestApp } from './helpers.ts';
import { pngClaiming, solid } from './images.ts';

let t: TestApp;
let editor: SignedInStaff;
let dataDir: string;

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'rangrez-admin-media-'));
  t = await createTestApp({ DATA_DIR: dataDir });
  editor = await signedInStaff(t, 'catalogue');
});
afterAll(async () => {
  await t?.close();
  await fs.rm(dataDir, { recursive: true, force: true });
});

const file = (data: Buffer, filename = 'photo.png', contentType = 'image/png'): MultipartPart => ({
  name: 'file',
  filename,
  contentType,
  data,
});

function upload(parts: MultipartPart[], headers: Record<string, string> = editor.headers) {
  const body = multipart(parts);
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/admin/media',
    headers: { ...headers, ...body.headers },
    payload: body.payload,
  });
}

async function uploaded(data: Buffer, alt?: string): Promise<{ _id: string; url: string; alt: string }> {
  const res = await upload([file(data), ...(alt === undefined ? [] : [{ name: 'alt', value: alt }])]);
  expect(res.statusCode).toBe(201);
  return res.json().media;
}

/** What a refusal must leave untouched: media rows, originals on disk, and the audit trail. */
async function stored() {
  const [row] = await t.database.db.select({ n: count() }).from(media);
  const originals = await fs.readdir(path.join(dataDir, 'media', 'originals')).catch(() => []);
  return { rows: row?.n, originals: originals.length };
}

const auditRows = (requestId: unknown) =>
  t.database.db
    .select()
    .from(auditLog)
    .where(eq(auditLog.requestId, String(requestId)))
    .orderBy(auditLog.id);

const pathOf = (url: string) => new URL(url).pathname;

describe('POST /api/v1/admin/media', () => {
  it('stores a photo and answers its absolute URL, which the media route serves as an image', async () => {
    const png = await solid(800, 1000, '#b91c1c').png().toBuffer();
    const res = await upload([file(png, 'red-tee.png'), { name: 'alt', value: ' Red tee, front ' }]);
    expect(res.statusCode).toBe(201);
    const { media: answer } = res.json();
    expect(answer).toEqual({
      _id: expect.any(String),
      url: expect.stringMatching(/^http:\/\/shop\.test\/media\/[0-9a-f]{32}-\d+\.jpg$/),
      width: 800,
      height: 1000,
      alt: 'Red tee, front',
    });
    const image = await t.app.inject(pathOf(answer.url));
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/jpeg');
    expect((await sharp(image.rawPayload).metadata()).format).toBe('jpeg');
    // Wider steps than the image (the product page's 1200) serve it at its own width rather than a 404.
    const wide = await t.app.inject(pathOf(answer.url).replace(/-\d+\.jpg$/, '-1200.avif'));
    expect(wide.statusCode).toBe(200);
    expect(await sharp(wide.rawPayload).metadata()).toMatchObject({ format: 'heif', width: 800 });
    const [audit] = await auditRows(res.headers['x-request-id']);
    expect(audit).toMatchObject({ action: 'media.upload', entityType: 'media', entityId: answer._id });
  });

  it('recognises JPEG, WebP and AVIF by their content, whatever the file is called', async () => {
    const base = solid(640, 800, '#1d4ed8');
    for (const data of [
      await base.clone().jpeg().toBuffer(),
      await base.clone().webp().toBuffer(),
      await base.clone().avif({ effort: 0 }).toBuffer(),
    ]) {
      const res = await upload([file(data, 'named-wrongly.png', 'image/png')]);
      expect(res.statusCode).toBe(201);
      expect(res.json().media).toMatchObject({ width: 640, height: 800 });
    }
  });

  it('gives the same image for the same bytes, and a new alt text replaces the old one', async () => {
    const png = await solid(700, 700, '#15803d').png().toBuffer();
    const first = await uploaded(png, 'Green swatch');
    const again = await uploaded(png);
    expect(again).toEqual(first);
    const renamed = await uploaded(png, 'Bottle-green swatch');
    expect(renamed).toEqual({ ...first, alt: 'Bottle-green swatch' });
  });

  const svg = Buffer.from(
    '<svg xmlns="http://www.w3.org/2000/svg" width="800" height="1000"><rect width="800" height="1000"/></svg>',
  );
  const refusals: [string, () => Promise<MultipartPart>, number, string][] = [
    [
      'a text file named .png',
      async () => file(Buffer.from('Not a picture, just words.\n'), 'photo.png'),
      415,
      'The file is not a JPEG, PNG, WebP or AVIF image',
    ],
    [
      'an SVG',
      async () => file(svg, 'art.svg', 'image/svg+xml'),
      415,
      'The file is not a JPEG, PNG, WebP or AVIF image',
    ],
    [
      'a GIF',
      async () => file(await solid(800, 800, '#000').gif().toBuffer(), 'a.gif', 'image/gif'),
      415,
      'The file is not a JPEG, PNG, WebP or AVIF image',
    ],
    [
      'a truncated PNG',
      async () => {
        const png = await solid(800, 1000, '#7c3aed').png({ compressionLevel: 0 }).toBuffer();
        return file(png.subarray(0, Math.floor(png.length / 2)));
      },
      415,
      'The file is not a JPEG, PNG, WebP or AVIF image',
    ],
    [
      'a file over 20 MB',
      async () => file(randomBytes(UPLOAD_LIMITS.maxBytes + 1), 'huge.jpg', 'image/jpeg'),
      413,
      'The file is larger than 20 MB',
    ],
    [
      'a small file claiming 81 megapixels',
      async () => {
        const bomb = pngClaiming(9000, 9000);
        expect(bomb.length).toBeLessThan(64 * 1024);
        return file(bomb, 'bomb.png');
      },
      400,
      'The image is larger than 40 megapixels',
    ],
    [
      'an image 500 px wide',
      async () => file(await solid(500, 700, '#ca8a04').png().toBuffer()),
      400,
      'The image must be at least 600 px wide',
    ],
  ];

  it.each(refusals)('refuses %s and writes nothing', async (_name, part, status, message) => {
    const data = await part();
    const before = await stored();
    const res = await upload([data, { name: 'alt', value: 'Should not be saved' }]);
    expect([res.statusCode, res.json()]).toEqual([status, { success: false, message }]);
    expect(await stored()).toEqual(before);
    expect(await auditRows(res.headers['x-request-id'])).toEqual([]);
  });

  it('refuses a body that is not multipart, a form without the file, two files, a cut-off form and a bad alt', async () => {
    const png = await solid(600, 600, '#0f766e').png().toBuffer();
    const before = await stored();
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/media',
      headers: editor.headers,
      payload: { file: png.toString('base64') },
    });
    const noFile = 'Send the image as multipart/form-data, in a field named file';
    expect([json.statusCode, json.json().message]).toEqual([415, noFile]);
    const altOnly = await upload([{ name: 'alt', value: 'Nothing else' }]);
    expect([altOnly.statusCode, altOnly.json().message]).toEqual([400, noFile]);
    const misnamed = await upload([{ ...file(png), name: 'image' } as MultipartPart]);
    expect([misnamed.statusCode, misnamed.json().message]).toEqual([400, noFile]);
    const two = await upload([file(png), file(png, 'again.png')]);
    expect([two.statusCode, two.json().message]).toEqual([400, 'Send one image at a time']);
    const garbled = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/media',
      headers: { ...editor.headers, 'content-type': 'multipart/form-data; boundary=x' },
      payload: '--x\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\nno end',
    });
    expect([garbled.statusCode, garbled.json().message]).toEqual([
      400,
      'The upload is not valid multipart/form-data',
    ]);
    const nul = await upload([file(png), { name: 'alt', value: 'Red\u0000tee' }]);
    expect([nul.statusCode, nul.json().message]).toEqual([400, 'Text must not contain NUL characters']);
    const longAlt = await upload([file(png), { name: 'alt', value: 'x'.repeat(301) }]);
    expect([longAlt.statusCode, longAlt.json().message]).toEqual([400, 'alt must be at most 300 characters']);
    expect(await stored()).toEqual(before);
  });

  it('is refused to support, who change nothing', async () => {
    const support = await signedInStaff(t, 'support');
    const res = await upload([file(await solid(800, 800, '#000').png().toBuffer())], support.headers);
    expect([res.statusCode, res.json().message]).toEqual([403, 'Your role does not allow this']);
  });
});

describe('PUT /api/v1/admin/products/:id/images', () => {
  const putImages = (id: string, images: object[]) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/v1/admin/products/${id}/images`,
      headers: editor.headers,
      payload: { images },
    });
  const storefront = async (id: string) => {
    const res = await t.app.inject(`/api/v1/product/${id}`);
    expect(res.statusCode).toBe(200);
    return res.json() as { image: string; colorImages: { color: string; images: string[] }[] };
  };
  const three = async () => ({
    front: await uploaded(await solid(800, 1000, '#111827').png().toBuffer(), 'Black tee, front'),
    back: await uploaded(await solid(800, 1000, '#1f2937').png().toBuffer(), 'Black tee, back'),
    white: await uploaded(await solid(800, 1000, '#f9fafb').png().toBuffer(), 'White tee'),
  });

  it('sets the gallery per colour in list order with the main image, and the storefront shows it at once', async () => {
    const { front, back, white } = await three();
    const product = await createProduct(t.database.db, { colors: ['Bk', 'Wh'] });
    // Read once first, so a cached answer would show if the change did not reach the storefront.
    expect((await storefront(product.id)).colorImages).toEqual([
      { color: 'Bk', images: [] },
      { color: 'Wh', images: [] },
    ]);

    const res = await putImages(product.id, [
      { color: 'Wh', mediaId: white._id },
      { color: 'Bk', mediaId: back._id, alt: 'Black tee, back print' },
      { color: 'Bk', mediaId: front._id },
    ]);
    expect(res.statusCode).toBe(200);
    expect(res.json().product.images).toEqual([
      {
        color: 'Bk',
        images: [
          { mediaId: back._id, url: back.url, alt: 'Black tee, back print' },
          { mediaId: front._id, url: front.url, alt: 'Black tee, front' },
        ],
      },
      { color: 'Wh', images: [{ mediaId: white._id, url: white.url, alt: 'White tee' }] },
    ]);
    const shown = await storefront(product.id);
    expect(shown.colorImages).toEqual([
      { color: 'Bk', images: [back.url, front.url] },
      { color: 'Wh', images: [white.url] },
    ]);
    expect(shown.image).toBe(back.url);

    // Reorder, and leave white out: it leaves the product, the image itself stays.
    const reordered = await putImages(product.id, [
      { color: 'Bk', mediaId: front._id },
      { color: 'Bk', mediaId: back._id },
    ]);
    expect(reordered.statusCode).toBe(200);
    const after = await storefront(product.id);
    expect(after.colorImages).toEqual([
      { color: 'Bk', images: [front.url, back.url] },
      { color: 'Wh', images: [] },
    ]);
    expect(after.image).toBe(front.url);
    expect(await t.database.db.select().from(media).where(eq(media.id, white._id))).toHaveLength(1);
    const admin = await t.app.inject({
      method: 'GET',
      url: `/api/v1/admin/products/${product.id}`,
      headers: editor.headers,
    });
    expect(admin.json().product.images.map((c: { images: unknown[] }) => c.images.length)).toEqual([2, 0]);
  });

  it('records the gallery per colour before and after, and alt text changes on the image', async () => {
    const { front, back, white } = await three();
    const product = await createProduct(t.database.db, { colors: ['Bk', 'Wh'] });
    await putImages(product.id, [
      { color: 'Bk', mediaId: front._id },
      { color: 'Wh', mediaId: white._id },
    ]);
    const res = await putImages(product.id, [
      { color: 'Bk', mediaId: back._id },
      { color: 'Bk', mediaId: front._id, alt: 'Front, close-up' },
      { color: 'Wh', mediaId: white._id, alt: 'White tee' },
    ]);
    expect(res.statusCode).toBe(200);
    const rows = await auditRows(res.headers['x-request-id']);
    expect(rows.map((r) => [r.action, r.entityType, r.entityId, r.before, r.after])).toEqual([
      ['media.update', 'media', front._id, { alt: 'Black tee, front' }, { alt: 'Front, close-up' }],
      ['product.images', 'product', product.id, { Bk: [front._id] }, { Bk: [back._id, front._id] }],
    ]);
  });

  it('refuses a colour the product does not have, an unknown image and an image twice in a colour', async () => {
    const { front } = await three();
    const product = await createProduct(t.database.db, { colors: ['Bk', 'Wh'] });
    const slots = () =>
      t.database.db.select().from(productImages).where(eq(productImages.productId, product.id));
    await putImages(product.id, [{ color: 'Bk', mediaId: front._id }]);
    const before = await slots();

    const colour = await putImages(product.id, [{ color: 'Rd', mediaId: front._id }]);
    expect([colour.statusCode, colour.json().message]).toEqual([
      400,
      "Rd is not one of this product's colours (Bk, Wh)",
    ]);
    const missing = randomUUID();
    const unknown = await putImages(product.id, [{ color: 'Bk', mediaId: missing }]);
    expect([unknown.statusCode, unknown.json().message]).toEqual([
      400,
      `mediaId ${missing} is not an uploaded image`,
    ]);
    const twice = await putImages(product.id, [
      { color: 'Bk', mediaId: front._id },
      { color: 'Bk', mediaId: front._id },
    ]);
    expect([twice.statusCode, twice.json().message]).toEqual([400, 'An image may appear once per colour']);
    const nowhere = await putImages(randomUUID(), []);
    expect(nowhere.statusCode).toBe(404);
    expect(await slots()).toEqual(before);
  });
});
