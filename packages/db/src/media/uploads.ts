// Images uploaded by staff (docs/admin.md#images). Whatever the file's name or declared type, its bytes decide:
// only JPEG, PNG, WebP and AVIF photos within the size limits are stored, and nothing is written before the whole
// check has passed. Stored like any original (originals.ts), variants rendered on demand (variants.ts).
import { UPLOAD_LIMITS } from '@rangrez/contract/rules';
import sharp, { type Metadata } from 'sharp';
import type { DbExecutor } from '../factories/executor.ts';
import { type OriginalExt, UPLOAD_LADDER } from './formats.ts';
import { type MediaRow, ingestOriginal } from './originals.ts';

export type UploadRefusal = 'not-an-image' | 'too-many-pixels' | 'too-narrow';

/** An upload that is not stored, and why; the API answers each reason with its own message. */
export class UploadRefusedError extends Error {
  constructor(readonly reason: UploadRefusal) {
    super(`media upload refused: ${reason}`);
    this.name = 'UploadRefusedError';
  }
}

/** The format sharp found in the bytes, as an original's extension; null for anything not accepted. */
function uploadExt(meta: Metadata): OriginalExt | null {
  switch (meta.format) {
    case 'jpeg':
      return 'jpg';
    case 'png':
      return 'png';
    case 'webp':
      return 'webp';
    // HEIF holds AVIF (AV1) or HEIC (HEVC); the renderer decodes only AV1.
    case 'heif':
      return meta.compression === 'av1' ? 'avif' : null;
    // SVG is a document (scripts, external references) that librsvg would parse; GIF, TIFF and the rest are
    // not what product photos and slides are sent as.
    default:
      return null;
  }
}

/** An upload that passed inspectUpload: what ingestUpload stores. */
export interface InspectedUpload {
  data: Buffer;
  ext: OriginalExt;
  /** After EXIF rotation, as the variants show it. */
  width: number;
  height: number;
}

async function readHeader(data: Buffer): Promise<Metadata> {
  try {
    // The pixel limit is checked against the header's size before anything is decoded: a small file that claims
    // an enormous image (a decompression bomb) is refused here.
    return await sharp(data, { limitInputPixels: UPLOAD_LIMITS.maxPixels }).metadata();
  } catch (err) {
    if (err instanceof Error && /pixel limit/i.test(err.message))
      throw new UploadRefusedError('too-many-pixels');
    throw new UploadRefusedError('not-an-image');
  }
}

/**
 * Checks an upload by its content: format, pixel count and width from the header, then a full decode at a small
 * size, so that a truncated or corrupt file is refused now rather than failing every render later.
 */
export async function inspectUpload(data: Buffer): Promise<InspectedUpload> {
  const meta = await readHeader(data);
  const ext = uploadExt(meta);
  if (!ext) throw new UploadRefusedError('not-an-image');
  const { width, height } = meta.autoOrient;
  if (!width || !height) throw new UploadRefusedError('not-an-image');
  if (width * height > UPLOAD_LIMITS.maxPixels) throw new UploadRefusedError('too-many-pixels');
  if (width < UPLOAD_LIMITS.minWidth) throw new UploadRefusedError('too-narrow');
  try {
    // As strict as the renderer (sharp's default: fail on decoder warnings too), so what passes here renders.
    await sharp(data, { limitInputPixels: UPLOAD_LIMITS.maxPixels, autoOrient: true })
      .resize({ width: 64 })
      .raw()
      .toBuffer();
  } catch {
    throw new UploadRefusedError('not-an-image');
  }
  return { data, ext, width, height };
}

/**
 * Stores an inspected upload and upserts its `media` row with the upload ladder. Identical bytes give the row
 * stored before, with its own alt text. Inspect first, outside any transaction: decoding takes a while.
 */
export function ingestUpload(
  db: DbExecutor,
  mediaDir: string,
  upload: InspectedUpload,
  alt: string,
): Promise<MediaRow> {
  return ingestOriginal(db, mediaDir, {
    data: upload.data,
    ext: upload.ext,
    alt,
    widths: UPLOAD_LADDER,
    keepWiderSteps: true,
  });
}
