// Reading an image upload (docs/admin.md#images): the one way the store takes a file, for staff (admin-routes.ts)
// and for shoppers' review photos (docs/api.md#reviews). A multipart/form-data body with a file field `file` and
// an optional text field `alt`; the file is read within its size limit, then checked by its content (packages/db
// media/uploads.ts). Every refusal is thrown before anything is written.
import multipart from '@fastify/multipart';
import { UPLOAD_LIMITS, UPLOAD_MESSAGES } from '@rangrez/contract/rules';
import { altTextSchema } from '@rangrez/contract/schemas';
import { type InspectedUpload, UploadRefusedError, inspectUpload } from '@rangrez/db/media/uploads';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError, badRequest, payloadTooLarge, unsupportedMediaType } from '../../lib/errors.ts';
import { LIMIT_MESSAGES, containsNul } from '../../plugins/limits.ts';

const FIELDS_MESSAGE = 'Send only the fields file and alt';
const MALFORMED_MESSAGE = 'The upload is not valid multipart/form-data';

/**
 * Registers the multipart parser in `scope` only: no other route of the store accepts multipart bodies, so call it
 * in a scope that holds nothing but upload routes.
 */
export async function registerUploadParser(scope: FastifyInstance): Promise<void> {
  await scope.register(multipart, {
    limits: {
      fileSize: UPLOAD_LIMITS.maxBytes,
      files: 1,
      // `alt` and a little slack for clients that send an empty field or two; each at most 4 KB.
      fields: 4,
      parts: 5,
      fieldSize: 4096,
    },
  });
}

/** The multipart parser's own errors, in the contract's words; anything else it raises is a malformed body. */
function multipartError(err: unknown): AppError {
  if (err instanceof AppError) return err;
  const code = (err as { code?: unknown } | null)?.code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return payloadTooLarge(UPLOAD_MESSAGES.tooLarge);
  if (code === 'FST_FILES_LIMIT') return badRequest(UPLOAD_MESSAGES.oneFile);
  if (code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT') return badRequest(FIELDS_MESSAGE);
  return badRequest(MALFORMED_MESSAGE);
}

/** The file's bytes (at most UPLOAD_LIMITS.maxBytes are ever held) and the alt text. */
async function readParts(req: FastifyRequest): Promise<{ data: Buffer; alt: string }> {
  if (!req.isMultipart()) throw unsupportedMediaType(UPLOAD_MESSAGES.noFile);
  let data: Buffer | undefined;
  let alt = '';
  try {
    for await (const part of req.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file') throw badRequest(UPLOAD_MESSAGES.noFile);
        data = await part.toBuffer();
      } else if (part.fieldname === 'alt') {
        alt = typeof part.value === 'string' ? part.value : '';
      }
    }
  } catch (err) {
    throw multipartError(err);
  }
  if (!data) throw badRequest(UPLOAD_MESSAGES.noFile);
  // The store-wide NUL check reads JSON bodies only; PostgreSQL text cannot hold U+0000 either way.
  if (containsNul(alt)) throw badRequest(LIMIT_MESSAGES.nul);
  const parsed = altTextSchema.safeParse(alt);
  if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? 'alt is not valid');
  return { data, alt: parsed.data };
}

async function inspect(data: Buffer): Promise<InspectedUpload> {
  try {
    return await inspectUpload(data);
  } catch (err) {
    if (!(err instanceof UploadRefusedError)) throw err;
    if (err.reason === 'too-many-pixels') throw badRequest(UPLOAD_MESSAGES.tooManyPixels);
    if (err.reason === 'too-narrow') throw badRequest(UPLOAD_MESSAGES.tooNarrow);
    throw unsupportedMediaType(UPLOAD_MESSAGES.notAnImage);
  }
}

/** The request's image, read and checked: 413, 415 or 400 in the contract's words for anything refused. */
export async function readImageUpload(
  req: FastifyRequest,
): Promise<{ upload: InspectedUpload; alt: string }> {
  const { data, alt } = await readParts(req);
  return { upload: await inspect(data), alt };
}
