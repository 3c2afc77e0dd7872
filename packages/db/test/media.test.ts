import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UPLOAD_LADDER, WIDTH_LADDERS, parseVariantFileName } from '../src/media/formats.ts';
import { ingestOriginal, ingestOriginals } from '../src/media/originals.ts';
import { UploadRefusedError, ingestUpload, inspectUpload } from '../src/media/uploads.ts';
import { mediaUrl, mediaUrls } from '../src/media/urls.ts';
import { getVariant, variantStats, warmVariants } from '../src/media/variants.ts';
import { garmentSvg } from '../src/seed/art/garments.ts';
import { createTestDatabase } from '../src/testing/test-db.ts';
import type { TestDatabase } from '../src/testing/test-db.ts';

let tdb: TestDatabase;
let mediaDir: string;

beforeAll(async () => {
  tdb = await createTestDatabase();
  mediaDir = await fs.mkdtemp(path.join(os.tmpdir(), 'rangrez-media-test-'));
});

afterAll(async () => {
  await tdb?.close();
  if (mediaDir) await fs.rm(mediaDir, { recursive: true, force: true });
});

const tee = (hex: string) =>
  Buffer.from(
    garmentSvg({ garmentType: 'Oversized T-shirt', hex, design: 'Rangrez Classic', view: 'front' }),
  );

function magicFormat(bytes: Buffer): string {
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpg';
  if (
    bytes.subarray(0, 4).toString('latin1') === 'RIFF' &&
    bytes.subarray(8, 12).toString('latin1') === 'WEBP'
  )
    return 'webp';
  if (
    bytes.subarray(4, 8).toString('latin1') === 'ftyp' &&
    bytes.subarray(8, 12).toString('latin1') === 'avif'
  )
    return 'avif';
  return 'unknown';
}

describe('media pipeline', () => {
  it('ingests an SVG: stores the original by hash and records its size and ladder', async () => {
    const row = await ingestOriginal(tdb.db, mediaDir, {
      data: tee('#000000'),
      ext: 'svg',
      alt: 'Black tee',
      widths: WIDTH_LADDERS.product,
    });
    expect(row.key).toMatch(/^[0-9a-f]{32}$/);
    expect([row.width, row.height]).toEqual([1200, 1500]);
    expect(row.widths).toEqual([320, 480, 640, 960, 1200]);
    expect(row.formats).toEqual(['avif', 'webp', 'jpg']);
    expect(row.alt).toBe('Black tee');
    await expect(fs.readFile(path.join(mediaDir, 'originals', `${row.key}.svg`))).resolves.toEqual(
      tee('#000000'),
    );
  });

  it('renders avif, webp and jpg variants of the right format and width', async () => {
    const row = await ingestOriginal(tdb.db, mediaDir, {
      data: tee('#7f1d1d'),
      ext: 'svg',
      alt: 'Maroon tee',
      widths: WIDTH_LADDERS.product,
    });
    for (const format of ['avif', 'webp', 'jpg'] as const) {
      const variant = await getVariant(mediaDir, row.key, 480, format);
      expect(variant).not.toBeNull();
      const bytes = await fs.readFile(variant!.path);
      expect(magicFormat(bytes)).toBe(format);
      expect(variant!.contentType).toBe(
        { avif: 'image/avif', webp: 'image/webp', jpg: 'image/jpeg' }[format],
      );
      const meta = await sharp(bytes).metadata();
      expect([meta.width, meta.height]).toEqual([480, 600]);
      expect(path.basename(variant!.path)).toBe(`${row.key}-480.${format}`);
    }
    const leftovers = (await fs.readdir(path.join(mediaDir, 'variants'))).filter((f) => f.endsWith('.tmp'));
    expect(leftovers).toEqual([]);
  });

  it('refuses widths outside the ladder, unknown keys and formats', async () => {
    const row = await ingestOriginal(tdb.db, mediaDir, {
      data: tee('#ffffff'),
      ext: 'svg',
      alt: 'White tee',
      widths: WIDTH_LADDERS.product,
    });
    expect(await getVariant(mediaDir, row.key, 500, 'webp')).toBeNull();
    expect(await getVariant(mediaDir, row.key, 2400, 'webp')).toBeNull();
    expect(await getVariant(mediaDir, row.key, 480, 'png')).toBeNull();
    expect(await getVariant(mediaDir, '0'.repeat(32), 480, 'webp')).toBeNull();
    expect(await getVariant(mediaDir, '../originals/x', 480, 'webp')).toBeNull();
  });

  it('never upscales: the ladder stops at the source width', async () => {
    const small = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="400" height="500"><rect width="400" height="500" fill="#2563eb"/></svg>',
    );
    const row = await ingestOriginal(tdb.db, mediaDir, {
      data: small,
      ext: 'svg',
      alt: '',
      widths: WIDTH_LADDERS.product,
    });
    expect(row.widths).toEqual([320]);
    expect(await getVariant(mediaDir, row.key, 480, 'jpg')).toBeNull();
    const tiny = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><rect width="100" height="100"/></svg>',
    );
    expect(
      (
        await ingestOriginal(tdb.db, mediaDir, {
          data: tiny,
          ext: 'svg',
          alt: '',
          widths: WIDTH_LADDERS.product,
        })
      ).widths,
    ).toEqual([100]);
  });

  it('stores identical bytes once', async () => {
    const data = tee('#3d550c');
    const first = await ingestOriginal(tdb.db, mediaDir, {
      data,
      ext: 'svg',
      alt: 'Olive tee',
      widths: WIDTH_LADDERS.product,
    });
    const second = await ingestOriginal(tdb.db, mediaDir, {
      data: Buffer.from(data),
      ext: 'svg',
      alt: 'Olive tee again',
    });
    expect(second.id).toBe(first.id);
    expect(second.alt).toBe('Olive tee');
    const [batchA, batchB] = await ingestOriginals(tdb.db, mediaDir, [
      { data, ext: 'svg', alt: 'a' },
      { data, ext: 'svg', alt: 'b' },
    ]);
    expect(batchA?.id).toBe(first.id);
    expect(batchB?.id).toBe(first.id);
    const files = (await fs.readdir(path.join(mediaDir, 'originals'))).filter((f) => f.startsWith(first.key));
    expect(files.sort()).toEqual([`${first.key}.json`, `${first.key}.svg`]);
  });

  it('re-ingests an image that an open transaction references without waiting for it', async () => {
    const input = {
      data: tee('#123456'),
      ext: 'svg' as const,
      alt: 'Referenced tee',
      widths: WIDTH_LADDERS.product,
    };
    const row = await ingestOriginal(tdb.db, mediaDir, input);
    const holder = await tdb.pool.connect();
    try {
      // The foreign-key check of this insert holds a KEY SHARE lock on the media row until the transaction ends.
      await holder.query('BEGIN');
      await holder.query(
        `INSERT INTO slides (title, desktop_id, mobile_id, is_active) VALUES ('Held', $1, $1, false)`,
        [row.id],
      );
      const again = await tdb.db.transaction(async (tx) => {
        // Fails fast with 55P03 instead of hanging if the upsert ever needs a conflicting lock again.
        await tx.execute(sql`set local lock_timeout = '5s'`);
        return ingestOriginal(tx, mediaDir, input);
      });
      expect(again.id).toBe(row.id);
    } finally {
      await holder.query('ROLLBACK');
      holder.release();
    }
  });

  it('rejects data that is not what its extension says', async () => {
    await expect(
      ingestOriginal(tdb.db, mediaDir, { data: tee('#000000'), ext: 'png', alt: '' }),
    ).rejects.toThrow(/not png/);
  });

  it('renders a variant once when many requests ask for it at the same time', async () => {
    const row = await ingestOriginal(tdb.db, mediaDir, {
      data: tee('#e9d5ff'),
      ext: 'svg',
      alt: 'Lavender tee',
      widths: WIDTH_LADDERS.product,
    });
    const before = variantStats().renders;
    const results = await Promise.all(
      Array.from({ length: 12 }, () => getVariant(mediaDir, row.key, 640, 'webp')),
    );
    expect(variantStats().renders - before).toBe(1);
    expect(new Set(results.map((r) => r?.path)).size).toBe(1);
    // Served from disk afterwards.
    await getVariant(mediaDir, row.key, 640, 'webp');
    expect(variantStats().renders - before).toBe(1);
  });

  it('warms every variant of the given rows, then finds nothing left to do', async () => {
    const data = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="800" height="1000"><rect width="800" height="1000" fill="#f97316"/></svg>',
    );
    const row = await ingestOriginal(tdb.db, mediaDir, {
      data,
      ext: 'svg',
      alt: '',
      widths: WIDTH_LADDERS.slideMobile,
    });
    const progress: number[] = [];
    const result = await warmVariants(mediaDir, [row], {
      concurrency: 2,
      onProgress: (done) => progress.push(done),
    });
    expect(result).toEqual({ total: 9, rendered: 9, failed: 0, aborted: false });
    expect(progress.at(-1)).toBe(9);
    expect((await warmVariants(mediaDir, [row])).rendered).toBe(0);
  });

  it('keeps every step of every use for an upload, serving the wider ones at the width of the image', async () => {
    for (const ladder of [WIDTH_LADDERS.product, WIDTH_LADDERS.thumbnail, WIDTH_LADDERS.slideDesktop]) {
      expect(ladder.every((w) => UPLOAD_LADDER.includes(w))).toBe(true);
    }
    const avif = await sharp({ create: { width: 700, height: 875, channels: 3, background: '#0369a1' } })
      .avif({ effort: 0 })
      .toBuffer();
    const upload = await inspectUpload(avif);
    expect(upload).toMatchObject({ ext: 'avif', width: 700, height: 875 });
    const row = await ingestUpload(tdb.db, mediaDir, upload, 'Blue swatch');
    expect(row.widths).toEqual([...UPLOAD_LADDER]);
    await expect(fs.access(path.join(mediaDir, 'originals', `${row.key}.avif`))).resolves.toBeUndefined();
    const wide = await getVariant(mediaDir, row.key, 1920, 'webp');
    expect(await sharp(wide!.path).metadata()).toMatchObject({ format: 'webp', width: 700 });
    const narrow = await getVariant(mediaDir, row.key, 320, 'jpg');
    expect((await sharp(narrow!.path).metadata()).width).toBe(320);
  });

  it('refuses uploads by content: SVG, text, an empty file, too narrow, too many pixels', async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="800" height="800"><rect width="800" height="800"/></svg>',
    );
    const narrow = await sharp({ create: { width: 599, height: 900, channels: 3, background: '#000' } })
      .jpeg()
      .toBuffer();
    const huge = await sharp({ create: { width: 8000, height: 5001, channels: 3, background: '#000' } })
      .jpeg({ quality: 10 })
      .toBuffer();
    const reasons = [];
    for (const data of [svg, Buffer.from('plain text'), Buffer.alloc(0), narrow, huge]) {
      reasons.push(
        await inspectUpload(data).then(
          () => 'stored',
          (err: unknown) => (err instanceof UploadRefusedError ? err.reason : String(err)),
        ),
      );
    }
    expect(reasons).toEqual([
      'not-an-image',
      'not-an-image',
      'not-an-image',
      'too-narrow',
      'too-many-pixels',
    ]);
  });

  it('builds absolute variant URLs and srcsets', () => {
    const row = {
      key: 'a'.repeat(32),
      width: 1200,
      height: 1500,
      widths: [320, 480, 640, 960, 1200],
      formats: ['avif', 'webp', 'jpg'],
    };
    const urls = mediaUrls('https://cdn.example.in/', row);
    expect(urls.src).toBe(`https://cdn.example.in/media/${'a'.repeat(32)}-640.jpg`);
    expect(urls.srcSetAvif.split(', ')).toHaveLength(5);
    expect(urls.srcSetWebp).toContain(`/media/${'a'.repeat(32)}-1200.webp 1200w`);
    expect([urls.width, urls.height]).toEqual([1200, 1500]);
    expect(mediaUrl('http://localhost:3000', row.key, 320, 'avif')).toBe(
      `http://localhost:3000/media/${row.key}-320.avif`,
    );
    expect(parseVariantFileName(`${row.key}-320.avif`)).toEqual({ key: row.key, width: 320, format: 'avif' });
    expect(parseVariantFileName(`${row.key}-320.png`)).toBeNull();
    expect(parseVariantFileName(`../${row.key}-320.jpg`)).toBeNull();
  });
});
