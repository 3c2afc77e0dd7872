// Photos on shoppers' reviews (docs/api.md#reviews, docs/product/rules.md#reviews): a shopper who may review a
// product uploads images under the same rules as staff, attaches up to 3 of their own to their review, and the
// storefront shows them once a moderator has approved the review; the moderation queue shows them at once.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { UPLOAD_LIMITS } from '@rangrez/contract/rules';
import { createProduct } from '@rangrez/db/factories/catalogue';
import { media, reviews, shopperUploads } from '@rangrez/db/schema';
import { and, count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MultipartPart, type SignedInStaff, multipart, signedInStaff } from './admin-helpers.ts';
import { type SignedInUser, type TestApp, createTestApp, signInNewUser } from './helpers.ts';
import { pngClaiming, solid } from './images.ts';
import { eligibleShopper, orderWith } from './review-helpers.ts';

let t: TestApp;
let dataDir: string;
let moderator: SignedInStaff;

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'rangrez-review-photos-'));
  t = await createTestApp({ DATA_DIR: dataDir });
  moderator = await signedInStaff(t, 'catalogue');
});
afterAll(async () => {
  await t?.close();
  await fs.rm(dataDir, { recursive: true, force: true });
});

const NOT_OWNED = 'photos must hold only photos you uploaded';
const TEXT = 'The colours held up after ten washes.';
const MEDIA_URL = /^http:\/\/shop\.test\/media\/[0-9a-f]{32}-\d+\.jpg$/;

const file = (data: Buffer, filename = 'photo.png', contentType = 'image/png'): MultipartPart => ({
  name: 'file',
  filename,
  contentType,
  data,
});

/** Each call another colour, so other bytes and another stored image. */
let hue = 0;
const photoBytes = () =>
  solid(640, 800, `#${(0x102030 + (hue += 7919)).toString(16).padStart(6, '0').slice(-6)}`)
    .png()
    .toBuffer();

function upload(who: SignedInUser | null, productId: string, parts: MultipartPart[]) {
  const body = multipart(parts);
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/product/${productId}/review/photos`,
    headers: { ...(who ? who.headers : {}), ...body.headers },
    payload: body.payload,
  });
}

async function uploaded(who: SignedInUser, productId: string, data?: Buffer): Promise<string> {
  const res = await upload(who, productId, [file(data ?? (await photoBytes()))]);
  expect(res.statusCode).toBe(201);
  return res.json().photo._id;
}

const putReview = (who: SignedInUser, productId: string, payload: object) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/v1/product/${productId}/review`,
    headers: who.headers,
    payload,
  });

const storefrontReviews = async (productId: string) => {
  const res = await t.app.inject(`/api/v1/product/${productId}`);
  expect(res.statusCode).toBe(200);
  return res.json().reviews as {
    comment: string;
    verified: boolean;
    photos: { _id: string; url: string }[];
  }[];
};

/** What a refused upload must leave as it was: media rows, ownership rows and originals on disk. */
async function stored() {
  const [rows] = await t.database.db.select({ n: count() }).from(media);
  const [owners] = await t.database.db.select({ n: count() }).from(shopperUploads);
  const originals = await fs.readdir(path.join(dataDir, 'media', 'originals')).catch(() => []);
  return { media: rows?.n, owners: owners?.n, originals: originals.length };
}

describe('POST /api/v1/product/{id}/review/photos', () => {
  it('stores a photo for a shopper who may review the product, as theirs, served by the media route', async () => {
    const { shopper, productId } = await eligibleShopper(t);
    const res = await upload(shopper, productId, [file(await solid(800, 1000, '#b91c1c').jpeg().toBuffer())]);
    expect(res.statusCode).toBe(201);
    expect(res.headers['cache-control']).toBe('no-store');
    const { photo } = res.json();
    expect(res.json()).toEqual({
      success: true,
      photo: { _id: expect.any(String), url: expect.stringMatching(MEDIA_URL), width: 800, height: 1000 },
    });
    const owners = await t.database.db
      .select({ userId: shopperUploads.userId })
      .from(shopperUploads)
      .where(eq(shopperUploads.mediaId, photo._id));
    expect(owners).toEqual([{ userId: shopper.userId }]);
    const image = await t.app.inject(new URL(photo.url).pathname);
    expect([image.statusCode, image.headers['content-type']]).toEqual([200, 'image/jpeg']);
    expect((await sharp(image.rawPayload).metadata()).format).toBe('jpeg');
  });

  it('needs a signed-in shopper with a delivered order of the product, and reads no file otherwise', async () => {
    const product = await createProduct(t.database.db);
    const png = await photoBytes();
    const before = await stored();
    const anonymous = await upload(null, product.id, [file(png)]);
    expect(anonymous.statusCode).toBe(401);
    const shopper = await signInNewUser(t);
    await orderWith(t, shopper.userId, product.id, 'shipped');
    const notYet = await upload(shopper, product.id, [file(png)]);
    expect([notYet.statusCode, notYet.json()]).toEqual([
      403,
      { success: false, message: 'You can review a product after your order with it is delivered' },
    ]);
    const unknown = await upload(shopper, '0b7c7a52-7f5e-4d0c-9d0a-8f6f1f1f1f1f', [file(png)]);
    expect([unknown.statusCode, unknown.json().message]).toEqual([404, 'Product not found']);
    expect(await stored()).toEqual(before);
  });

  const refusals: [string, () => Promise<MultipartPart[]>, number, string][] = [
    [
      'a text file named .png',
      async () => [file(Buffer.from('Not a picture, just words.\n'))],
      415,
      'The file is not a JPEG, PNG, WebP or AVIF image',
    ],
    [
      'an SVG',
      async () => [
        file(
          Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="800" height="800"><rect/></svg>'),
          'art.svg',
          'image/svg+xml',
        ),
      ],
      415,
      'The file is not a JPEG, PNG, WebP or AVIF image',
    ],
    [
      'a file over 20 MB',
      async () => [file(randomBytes(UPLOAD_LIMITS.maxBytes + 1), 'huge.jpg', 'image/jpeg')],
      413,
      'The file is larger than 20 MB',
    ],
    [
      'a small file claiming 81 megapixels',
      async () => [file(pngClaiming(9000, 9000), 'bomb.png')],
      400,
      'The image is larger than 40 megapixels',
    ],
    [
      'an image 500 px wide',
      async () => [file(await solid(500, 700, '#ca8a04').png().toBuffer())],
      400,
      'The image must be at least 600 px wide',
    ],
    [
      'two files at once',
      async () => [file(await photoBytes()), file(await photoBytes(), 'again.png')],
      400,
      'Send one image at a time',
    ],
    [
      'a form without the file',
      async () => [{ name: 'alt', value: 'Nothing else' }],
      400,
      'Send the image as multipart/form-data, in a field named file',
    ],
  ];

  it.each(refusals)(
    'refuses %s as the back office does, and stores nothing',
    async (_name, parts, status, message) => {
      const { shopper, productId } = await eligibleShopper(t);
      const before = await stored();
      const res = await upload(shopper, productId, await parts());
      expect([res.statusCode, res.json()]).toEqual([status, { success: false, message }]);
      expect(await stored()).toEqual(before);
    },
  );

  it('refuses a body that is not multipart', async () => {
    const { shopper, productId } = await eligibleShopper(t);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1/product/${productId}/review/photos`,
      headers: shopper.headers,
      payload: { file: 'aGVsbG8=' },
    });
    expect([res.statusCode, res.json().message]).toEqual([
      415,
      'Send the image as multipart/form-data, in a field named file',
    ]);
  });

  it('lets two shoppers who send the same bytes each use the one stored image', async () => {
    const png = await photoBytes();
    const first = await eligibleShopper(t);
    const second = await eligibleShopper(t, 'Kabir');
    const a = await uploaded(first.shopper, first.productId, png);
    const b = await uploaded(second.shopper, second.productId, png);
    expect(b).toBe(a);
    const saved = await putReview(second.shopper, second.productId, {
      rating: 5,
      comment: TEXT,
      photos: [b],
    });
    expect([saved.statusCode, saved.json().review.photos.map((p: { _id: string }) => p._id)]).toEqual([
      201,
      [a],
    ]);
  });
});

describe('a review with photos', () => {
  it('refuses someone else’s image, a staff upload, an unknown id, more than 3, a repeat or a non-id, storing nothing', async () => {
    const { shopper, productId } = await eligibleShopper(t);
    const other = await eligibleShopper(t, 'Kabir');
    const theirs = await uploaded(other.shopper, other.productId);
    const staffUpload = await (async () => {
      const body = multipart([file(await photoBytes())]);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/admin/media',
        headers: { ...moderator.headers, ...body.headers },
        payload: body.payload,
      });
      expect(res.statusCode).toBe(201);
      return res.json().media._id as string;
    })();
    const mine = [
      await uploaded(shopper, productId),
      await uploaded(shopper, productId),
      await uploaded(shopper, productId),
      await uploaded(shopper, productId),
    ];
    const cases: [unknown, string][] = [
      [[mine[0], theirs], NOT_OWNED],
      [[staffUpload], NOT_OWNED],
      [['0b7c7a52-7f5e-4d0c-9d0a-8f6f1f1f1f1f'], NOT_OWNED],
      [mine, 'photos must hold at most 3 photos'],
      [[mine[0], mine[0]], 'photos must not hold the same photo twice'],
      [['photo-1'], 'photos must be a list of photo ids'],
      [mine[0], 'photos must be a list of photo ids'],
      [null, 'photos must be a list of photo ids'],
    ];
    for (const [photos, message] of cases) {
      const res = await putReview(shopper, productId, { rating: 4, comment: TEXT, photos });
      expect([JSON.stringify(photos).slice(0, 50), res.statusCode, res.json()]).toEqual([
        JSON.stringify(photos).slice(0, 50),
        400,
        { success: false, message },
      ]);
    }
    const [row] = await t.database.db
      .select({ n: count() })
      .from(reviews)
      .where(and(eq(reviews.productId, productId), eq(reviews.userId, shopper.userId)));
    expect(row?.n).toBe(0);
  });

  it('shows its photos to the author and the moderators at once, and on the storefront only once approved', async () => {
    const { shopper, productId } = await eligibleShopper(t);
    const [first, second, third] = [
      await uploaded(shopper, productId),
      await uploaded(shopper, productId),
      await uploaded(shopper, productId),
    ];
    const saved = await putReview(shopper, productId, { rating: 5, comment: TEXT, photos: [third, first] });
    expect(saved.statusCode).toBe(201);
    const reviewId = saved.json().review._id as string;
    const ids = (photos: { _id: string; url: string }[]) => photos.map((p) => p._id);
    expect(ids(saved.json().review.photos)).toEqual([third, first]);
    for (const photo of saved.json().review.photos) {
      expect(photo).toEqual({
        _id: expect.any(String),
        url: expect.stringMatching(MEDIA_URL),
        width: 640,
        height: 800,
      });
    }
    expect(await storefrontReviews(productId)).toEqual([]);

    const queue = await t.app.inject({ url: '/api/v1/admin/reviews?limit=200', headers: moderator.headers });
    const queued = queue.json().reviews.find((r: { _id: string }) => r._id === reviewId);
    expect(ids(queued.photos)).toEqual([third, first]);
    expect(queued.photos[0].url).toBe(saved.json().review.photos[0].url);

    const approved = await t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/reviews/${reviewId}/approve`,
      headers: moderator.headers,
    });
    expect(approved.statusCode).toBe(200);
    const [shown] = await storefrontReviews(productId);
    expect([shown?.comment, shown?.verified, ids(shown?.photos ?? [])]).toEqual([TEXT, true, [third, first]]);
    expect(shown?.photos.map((p) => p.url)).toEqual(
      saved.json().review.photos.map((p: { url: string }) => p.url),
    );

    // An edit that leaves photos out keeps them; it is one review still, back in moderation.
    const edited = await putReview(shopper, productId, { rating: 4, comment: `${TEXT} Still great.` });
    expect([edited.statusCode, edited.json().review._id, ids(edited.json().review.photos)]).toEqual([
      200,
      reviewId,
      [third, first],
    ]);
    expect(await storefrontReviews(productId)).toEqual([]);
    const replaced = await putReview(shopper, productId, { rating: 4, comment: TEXT, photos: [second] });
    expect(ids(replaced.json().review.photos)).toEqual([second]);
    const cleared = await putReview(shopper, productId, { rating: 4, comment: TEXT, photos: [] });
    expect(cleared.json().review.photos).toEqual([]);
    const mine = await t.app.inject({
      url: `/api/v1/product/${productId}/my-review`,
      headers: shopper.headers,
    });
    expect(mine.json().review).toMatchObject({ _id: reviewId, photos: [] });
    const [row] = await t.database.db
      .select({ n: count() })
      .from(reviews)
      .where(and(eq(reviews.productId, productId), eq(reviews.userId, shopper.userId)));
    expect(row?.n).toBe(1);
  });
});
