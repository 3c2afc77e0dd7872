// A return's short video (docs/api.md#returns): one multipart file, recognised by its first bytes (MP4, WebM or
// QuickTime, whatever the client calls it), written to DATA_DIR/returns/<order id>/<random id>.<ext> while it
// streams in, and refused past RETURN_VIDEO_MAX_BYTES without holding it in memory. No name or path from the client
// is used: the order's id is ours and the file's id is drawn here, so the key can never leave that folder.
import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import multipart from '@fastify/multipart';
import { RETURN_MESSAGES, RETURN_VIDEO_MAX_BYTES, isUuid } from '@rangrez/contract/rules';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError, badRequest, payloadTooLarge, unsupportedMediaType } from '../../lib/errors.ts';

const TYPES = {
  mp4: 'video/mp4',
  webm: 'video/webm',
  mov: 'video/quicktime',
} as const;
type Extension = keyof typeof TYPES;

export interface StoredVideo {
  id: string;
  /** Relative to the returns folder: `<order id>/<id>.<ext>`. */
  storageKey: string;
  contentType: string;
  sizeBytes: number;
}

/** The video's kind by its first bytes: an ISO media file ('ftyp' box; brand 'qt  ' is QuickTime) or EBML (WebM). */
export function videoKind(head: Buffer): Extension | null {
  if (head.length >= 12 && head.subarray(4, 8).toString('latin1') === 'ftyp') {
    return head.subarray(8, 12).toString('latin1') === 'qt  ' ? 'mov' : 'mp4';
  }
  if (head.length >= 4 && head.readUInt32BE(0) === 0x1a45dfa3) return 'webm';
  return null;
}

/** The multipart parser for the video route's scope alone, with the video's own size limit. */
export async function registerVideoParser(scope: FastifyInstance): Promise<void> {
  await scope.register(multipart, {
    limits: { fileSize: RETURN_VIDEO_MAX_BYTES, files: 1, fields: 2, parts: 3, fieldSize: 1024 },
  });
}

const codeOf = (err: unknown) => (err as { code?: unknown } | null)?.code;

/** Writes the file part to `target`, checking its kind on the first bytes and its size as it goes. */
async function writePart(file: AsyncIterable<Buffer> & { truncated?: boolean }, target: string) {
  const handle = await fs.open(target, 'wx');
  let head = Buffer.alloc(0);
  let kind: Extension | null = null;
  let size = 0;
  try {
    for await (const chunk of file) {
      if (!kind) {
        head = Buffer.concat([head, chunk]);
        if (head.length < 12) continue;
        kind = videoKind(head);
        if (!kind) throw unsupportedMediaType(RETURN_MESSAGES.videoInvalid);
        await handle.write(head);
      } else {
        await handle.write(chunk);
      }
      size += chunk.length;
      if (file.truncated || size > RETURN_VIDEO_MAX_BYTES)
        throw payloadTooLarge(RETURN_MESSAGES.videoTooLarge);
    }
    kind ??= videoKind(head);
    if (!kind) throw unsupportedMediaType(RETURN_MESSAGES.videoInvalid);
    if (file.truncated) throw payloadTooLarge(RETURN_MESSAGES.videoTooLarge);
    return { kind, size };
  } finally {
    await handle.close();
  }
}

/** Reads the request's video into `dir/<orderId>/`; every refusal leaves nothing behind. */
export async function storeVideo(req: FastifyRequest, dir: string, orderId: string): Promise<StoredVideo> {
  if (!req.isMultipart()) throw unsupportedMediaType(RETURN_MESSAGES.videoMissing);
  const id = randomUUID();
  const folder = path.join(dir, orderId);
  await fs.mkdir(folder, { recursive: true });
  const partial = path.join(folder, `.${id}.part`);
  let written: { kind: Extension; size: number } | undefined;
  try {
    for await (const part of req.parts()) {
      if (part.type !== 'file') continue;
      if (part.fieldname !== 'file' || written) throw badRequest(RETURN_MESSAGES.videoMissing);
      written = await writePart(part.file, partial);
    }
  } catch (err) {
    await fs.rm(partial, { force: true });
    if (err instanceof AppError) throw err;
    if (codeOf(err) === 'FST_REQ_FILE_TOO_LARGE') throw payloadTooLarge(RETURN_MESSAGES.videoTooLarge);
    throw badRequest(RETURN_MESSAGES.videoMissing);
  }
  if (!written) throw badRequest(RETURN_MESSAGES.videoMissing);
  const storageKey = `${orderId}/${id}.${written.kind}`;
  await fs.rename(partial, path.join(dir, storageKey));
  return { id, storageKey, contentType: TYPES[written.kind], sizeBytes: written.size };
}

/** The stored video `id` of the order, if the shopper uploaded one: its key, type and size. */
export async function findVideo(dir: string, orderId: string, id: string): Promise<StoredVideo | undefined> {
  if (!isUuid(id) || !isUuid(orderId)) return undefined;
  for (const ext of Object.keys(TYPES) as Extension[]) {
    const storageKey = `${orderId}/${id}.${ext}`;
    const stat = await fs.stat(path.join(dir, storageKey)).catch(() => undefined);
    if (stat?.isFile()) return { id, storageKey, contentType: TYPES[ext], sizeBytes: stat.size };
  }
  return undefined;
}

/** A stored video's bytes, for the authenticated evidence routes. */
export function readVideo(dir: string, storageKey: string) {
  return createReadStream(path.join(dir, storageKey));
}
