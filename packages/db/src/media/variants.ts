// Variants are rendered on first request and cached on disk next to the originals. Only widths and formats
// recorded for the original (its sidecar) are rendered, so a client cannot make the server render arbitrary sizes.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import {
  type MediaFormat,
  CONTENT_TYPES,
  ENCODER_SETTINGS,
  MEDIA_FORMATS,
  MEDIA_KEY_PATTERN,
  isMediaFormat,
  variantFileName,
} from './formats.ts';
import { type Sidecar, mapLimit, originalPath, sidecarPath, writeFileAtomic } from './originals.ts';

export interface Variant {
  path: string;
  contentType: string;
}

export function variantsDir(mediaDir: string): string {
  return path.join(mediaDir, 'variants');
}

// Sidecars never change once written (content-addressed), so they can be cached without invalidation. Bounded so
// a long-running server with many uploads does not grow without limit; only hits are cached.
const SIDECAR_CACHE_MAX = 20_000;
const sidecars = new Map<string, Sidecar>();

async function readSidecar(mediaDir: string, key: string): Promise<Sidecar | null> {
  const cacheKey = `${mediaDir}\0${key}`;
  const cached = sidecars.get(cacheKey);
  if (cached) return cached;
  let sidecar: Sidecar;
  try {
    sidecar = JSON.parse(await fs.readFile(sidecarPath(mediaDir, key), 'utf8')) as Sidecar;
  } catch {
    return null;
  }
  if (sidecars.size >= SIDECAR_CACHE_MAX) {
    const oldest = sidecars.keys().next().value;
    if (oldest !== undefined) sidecars.delete(oldest);
  }
  sidecars.set(cacheKey, sidecar);
  return sidecar;
}

// One render per output file at a time in this process; concurrent requests for it share the promise.
const inFlight = new Map<string, Promise<void>>();
let renders = 0;

/** Renders started by this process so far and renders running now (for metrics and tests). */
export function variantStats(): { renders: number; inFlight: number } {
  return { renders, inFlight: inFlight.size };
}

async function render(
  mediaDir: string,
  key: string,
  sidecar: Sidecar,
  width: number,
  format: MediaFormat,
  out: string,
): Promise<void> {
  // Every time, not once: someone may clear the variant cache while the server runs.
  await fs.mkdir(variantsDir(mediaDir), { recursive: true });
  renders++;
  const input = originalPath(mediaDir, key, sidecar.ext);
  // SVG is rasterised directly at the target size (density scales it) instead of rendering large and shrinking.
  const pipeline =
    sidecar.ext === 'svg'
      ? sharp(input, { density: Math.max(1, (72 * width) / sidecar.width) })
      : sharp(input, { autoOrient: true });
  pipeline.resize({ width, withoutEnlargement: true });
  if (format === 'avif') pipeline.avif(ENCODER_SETTINGS.avif);
  else if (format === 'webp') pipeline.webp(ENCODER_SETTINGS.webp);
  else pipeline.flatten({ background: '#ffffff' }).jpeg(ENCODER_SETTINGS.jpg);
  await writeFileAtomic(out, await pipeline.toBuffer());
}

async function isFile(file: string): Promise<boolean> {
  try {
    return (await fs.stat(file)).isFile();
  } catch {
    return false;
  }
}

/**
 * The variant file for `key` at `width` in `format`, rendered now if it is not on disk yet. Null when the key is
 * unknown or the width or format is not in the original's ladder (the route answers 404).
 */
export async function getVariant(
  mediaDir: string,
  key: string,
  width: number,
  format: string,
): Promise<Variant | null> {
  if (!MEDIA_KEY_PATTERN.test(key) || !Number.isInteger(width) || !isMediaFormat(format)) return null;
  const sidecar = await readSidecar(mediaDir, key);
  if (!sidecar || !sidecar.widths.includes(width) || !sidecar.formats.includes(format)) return null;
  const out = path.join(variantsDir(mediaDir), variantFileName(key, width, format));
  const variant = { path: out, contentType: CONTENT_TYPES[format] };
  if (await isFile(out)) return variant;
  let job = inFlight.get(out);
  if (!job) {
    job = render(mediaDir, key, sidecar, width, format, out).finally(() => inFlight.delete(out));
    inFlight.set(out, job);
  }
  await job;
  return variant;
}

export interface WarmOptions {
  /** Renders in parallel (default: half the CPUs, so a warming server still answers requests). */
  concurrency?: number;
  onProgress?: (done: number, total: number) => void;
  /** Stops starting new renders (e.g. on shutdown); renders already running finish. */
  signal?: AbortSignal;
}

export interface WarmResult {
  total: number;
  rendered: number;
  failed: number;
  aborted: boolean;
}

/**
 * Pre-renders every variant of the given media rows, skipping files already on disk. AVIF first (what browsers
 * offering it pick from a <picture>), and within a format the middle widths first (what product grids request).
 */
export async function warmVariants(
  mediaDir: string,
  rows: readonly { key: string; widths: readonly number[]; formats: readonly string[] }[],
  options: WarmOptions = {},
): Promise<WarmResult> {
  const tasks: { key: string; width: number; format: MediaFormat; rank: number }[] = [];
  for (const row of rows) {
    const middle = row.widths[Math.floor((row.widths.length - 1) / 2)] ?? 0;
    for (const format of MEDIA_FORMATS) {
      if (!row.formats.includes(format)) continue;
      for (const width of row.widths) {
        tasks.push({
          key: row.key,
          width,
          format,
          rank: MEDIA_FORMATS.indexOf(format) * 1e6 + Math.abs(width - middle),
        });
      }
    }
  }
  tasks.sort((a, b) => a.rank - b.rank);
  const total = tasks.length;
  let done = 0;
  let failed = 0;
  let rendered = 0;
  const concurrency = options.concurrency ?? Math.max(1, Math.floor(os.availableParallelism() / 2));
  await mapLimit(tasks, concurrency, async (task) => {
    if (options.signal?.aborted) return;
    const out = path.join(variantsDir(mediaDir), variantFileName(task.key, task.width, task.format));
    try {
      if (!(await isFile(out))) {
        const variant = await getVariant(mediaDir, task.key, task.width, task.format);
        if (variant) rendered++;
        else failed++;
      }
    } catch {
      failed++;
    }
    done++;
    options.onProgress?.(done, total);
  });
  return { total, rendered, failed, aborted: options.signal?.aborted ?? false };
}
