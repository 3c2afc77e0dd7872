// Originals are stored once per distinct content, named by their hash: the same generated mock-up used by a
// thousand products is one file and one `media` row. Variants are rendered later, on demand (variants.ts).
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import type { DbExecutor } from '../factories/executor.ts';
import { media } from '../schema.ts';
import { type OriginalExt, MEDIA_FORMATS, WIDTH_LADDERS, ladderFor } from './formats.ts';

export type MediaRow = typeof media.$inferSelect;

/** What the variant renderer needs to know about an original, kept next to it so rendering needs no database. */
export interface Sidecar {
  ext: OriginalExt;
  width: number;
  height: number;
  widths: number[];
  formats: string[];
}

export interface OriginalInput {
  data: Buffer;
  /**
   * 'svg' is for our own generated art only: librsvg parses the document, so an upload route should accept
   * photos (jpg, png, webp, avif) and never SVG from a client (uploads.ts).
   */
  ext: OriginalExt;
  alt: string;
  /** Width ladder (see WIDTH_LADDERS); clipped to the source width. Defaults to the general ladder. */
  widths?: readonly number[];
  /** Keep the ladder's steps wider than the source (ladderFor): uploads do. */
  keepWiderSteps?: boolean;
  /**
   * The size of our own generated SVG, which its generator knows: measuring is then skipped, as parsing every
   * picture of the demo catalogue with librsvg would be most of the seeding time. Never for a client's file.
   */
  generatedSize?: { width: number; height: number };
}

/** sharp's name for each accepted original format. */
const SHARP_FORMAT: Readonly<Record<OriginalExt, string>> = {
  svg: 'svg',
  jpg: 'jpeg',
  png: 'png',
  webp: 'webp',
  // AVIF is HEIF with AV1 inside: uploads.ts checks the compression before calling it avif.
  avif: 'heif',
};

export function mediaKey(data: Buffer): string {
  return createHash('sha256').update(data).digest('hex').slice(0, 32);
}

export function originalsDir(mediaDir: string): string {
  return path.join(mediaDir, 'originals');
}

export function originalPath(mediaDir: string, key: string, ext: OriginalExt): string {
  return path.join(originalsDir(mediaDir), `${key}.${ext}`);
}

export function sidecarPath(mediaDir: string, key: string): string {
  return path.join(originalsDir(mediaDir), `${key}.json`);
}

/**
 * Writes through a temporary file and a rename, so a reader (another instance sharing the directory, or this
 * one after a crash) sees either no file or the whole file.
 */
export async function writeFileAtomic(file: string, data: Buffer | string): Promise<void> {
  const tmp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  try {
    await fs.writeFile(tmp, data);
    await fs.rename(tmp, file);
  } catch (err) {
    await fs.rm(tmp, { force: true });
    throw err;
  }
}

async function exists(file: string): Promise<boolean> {
  try {
    await fs.access(file);
    return true;
  } catch {
    return false;
  }
}

interface Prepared {
  key: string;
  ext: OriginalExt;
  alt: string;
  width: number;
  height: number;
  widths: number[];
}

/** Stores the file (if new) and measures it; no database work. */
async function prepare(mediaDir: string, input: OriginalInput): Promise<Prepared> {
  const key = mediaKey(input.data);
  const { width, height } = input.generatedSize ?? (await measure(input));
  const file = originalPath(mediaDir, key, input.ext);
  if (!(await exists(file))) await writeFileAtomic(file, input.data);
  return {
    key,
    ext: input.ext,
    alt: input.alt,
    width,
    height,
    widths: ladderFor(width, input.widths ?? WIDTH_LADDERS.general, {
      keepWiderSteps: input.keepWiderSteps ?? false,
    }),
  };
}

async function measure(input: OriginalInput): Promise<{ width: number; height: number }> {
  const meta = await sharp(input.data).metadata();
  if (meta.format !== SHARP_FORMAT[input.ext]) {
    throw new Error(`media: the data is ${meta.format}, not ${input.ext}`);
  }
  // EXIF-rotated photos: the size that matters is the one after rotation, which is what variants show.
  const width = meta.autoOrient.width;
  const height = meta.autoOrient.height;
  if (!width || !height) throw new Error('media: cannot read the image size');
  return { width, height };
}

async function writeSidecar(mediaDir: string, row: MediaRow, ext: OriginalExt): Promise<void> {
  const sidecar: Sidecar = {
    ext,
    width: row.width,
    height: row.height,
    widths: row.widths,
    formats: row.formats,
  };
  const file = sidecarPath(mediaDir, row.key);
  const text = `${JSON.stringify(sidecar)}\n`;
  try {
    if ((await fs.readFile(file, 'utf8')) === text) return;
  } catch {
    // missing: written below
  }
  await writeFileAtomic(file, text);
}

/** Runs `work` over `items` with at most `limit` in flight, keeping the input order in the result. */
export async function mapLimit<T, R>(
  items: readonly T[],
  limit: number,
  work: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index] as T, index);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker));
  return results;
}

/**
 * Stores one original and upserts its `media` row (identical bytes give the same row). Returns the row; when the
 * content was stored before, the existing row (with its first alt text and ladder) wins.
 */
export async function ingestOriginal(
  db: DbExecutor,
  mediaDir: string,
  input: OriginalInput,
): Promise<MediaRow> {
  const [row] = await ingestOriginals(db, mediaDir, [input]);
  if (!row) throw new Error('media: ingest returned no row');
  return row;
}

/**
 * Batch form of ingestOriginal for seeding: files are written and measured in parallel, rows are upserted in a
 * few multi-row statements. Returns one row per input, in input order (duplicates share a row).
 */
export async function ingestOriginals(
  db: DbExecutor,
  mediaDir: string,
  inputs: readonly OriginalInput[],
  options: { concurrency?: number; batchSize?: number } = {},
): Promise<MediaRow[]> {
  await fs.mkdir(originalsDir(mediaDir), { recursive: true });
  const prepared = await mapLimit(inputs, options.concurrency ?? 8, (input) => prepare(mediaDir, input));
  const unique = new Map<string, Prepared>();
  for (const p of prepared) if (!unique.has(p.key)) unique.set(p.key, p);

  const byKey = new Map<string, MediaRow>();
  const all = [...unique.values()];
  const batchSize = options.batchSize ?? 500;
  for (let i = 0; i < all.length; i += batchSize) {
    const batch = all.slice(i, i + batchSize);
    const rows = await db
      .insert(media)
      .values(
        batch.map((p) => ({
          key: p.key,
          width: p.width,
          height: p.height,
          widths: p.widths,
          formats: [...MEDIA_FORMATS],
          alt: p.alt,
        })),
      )
      // A no-op update instead of DO NOTHING, so RETURNING also yields the rows that already existed. It sets a
      // column outside every key: assigning `key` (even to itself) takes the tuple lock that conflicts with the
      // KEY SHARE locks of foreign-key checks, so re-ingesting an image would wait for, or deadlock with, any
      // open transaction that references it (CI saw a deadlock between two instances seeding together).
      .onConflictDoUpdate({ target: media.key, set: { width: sql`${media}.${sql.identifier('width')}` } })
      .returning();
    for (const row of rows) byKey.set(row.key, row);
  }
  await mapLimit(all, options.concurrency ?? 8, async (p) => {
    const row = byKey.get(p.key);
    if (row) await writeSidecar(mediaDir, row, p.ext);
  });
  return prepared.map((p) => {
    const row = byKey.get(p.key);
    if (!row) throw new Error(`media: no row for ${p.key}`);
    return row;
  });
}
