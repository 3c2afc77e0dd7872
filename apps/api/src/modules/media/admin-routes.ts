// POST /api/v1/admin/media (docs/admin.md#images): staff upload an image as multipart/form-data, a file field
// `file` and an optional text field `alt`. The multipart parser is registered in this plugin's scope only, so no
// other route of the store accepts multipart bodies. Refusals write nothing: the file is read within its size
// limit, then checked by content (packages/db media/uploads.ts), and only then stored in an audited change.
import multipart from '@fastify/multipart';
import { UPLOAD_LIMITS, UPLOAD_MESSAGES } from '@rangrez/contract/rules';
import { adminMediaResponseSchema, altTextSchema } from '@rangrez/contract/schemas';
import { type InspectedUpload, UploadRefusedError, inspectUpload } from '@rangrez/db/media/uploads';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../lib/db.ts';
import { AppError, badRequest, payloadTooLarge, unsupportedMediaType } from '../../lib/errors.ts';
import { changeAudited } from '../../plugins/admin.ts';
import { LIMIT_MESSAGES, containsNul } from '../../plugins/limits.ts';
import { type AdminMediaOptions, storeUpload } from './admin-service.ts';

export interface AdminMediaRoutesOptions extends AdminMediaOptions {
  db: Db;
}

const FIELDS_MESSAGE = 'Send only the fields file and alt';
const MALFORMED_MESSAGE = 'The upload is not valid multipart/form-data';

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
async function readUpload(req: FastifyRequest): Promise<{ data: Buffer; alt: string }> {
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

export const adminMediaRoutes: FastifyPluginAsyncZod<AdminMediaRoutesOptions> = async (app, opts) => {
  await app.register(multipart, {
    limits: {
      fileSize: UPLOAD_LIMITS.maxBytes,
      files: 1,
      // `alt` and a little slack for clients that send an empty field or two; each at most 4 KB.
      fields: 4,
      parts: 5,
      fieldSize: 4096,
    },
  });
  app.post(
    '/media',
    {
      // products:write or slides:write, as one permission: the kernel takes one per route.
      config: { permission: 'media:write' },
      schema: {
        description:
          'multipart/form-data: `file` (JPEG, PNG, WebP or AVIF, at most 20 MB and 40 megapixels, at least 600 px ' +
          'wide) and optionally `alt`.',
        response: { 201: adminMediaResponseSchema },
      },
    },
    async (req, reply) => {
      const { data, alt } = await readUpload(req);
      const upload = await inspect(data);
      const stored = await changeAudited(opts.db, req, 'media.upload', (c) =>
        storeUpload(opts, c, upload, alt),
      );
      return reply.code(201).send({ media: stored });
    },
  );
};
