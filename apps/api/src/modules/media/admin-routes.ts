// POST /api/v1/admin/media (docs/admin.md#images): staff upload an image as multipart/form-data, a file field
// `file` and an optional text field `alt`. The multipart parser is registered in this plugin's scope only, so no
// other route of the store accepts multipart bodies. Refusals write nothing: the file is read and checked
// (upload.ts), and only then stored in an audited change.
import { adminMediaResponseSchema } from '@rangrez/contract/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../lib/db.ts';
import { changeAudited } from '../../plugins/admin.ts';
import { type AdminMediaOptions, storeUpload } from './admin-service.ts';
import { readImageUpload, registerUploadParser } from './upload.ts';

export interface AdminMediaRoutesOptions extends AdminMediaOptions {
  db: Db;
}

export const adminMediaRoutes: FastifyPluginAsyncZod<AdminMediaRoutesOptions> = async (app, opts) => {
  await registerUploadParser(app);
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
      const { upload, alt } = await readImageUpload(req);
      const stored = await changeAudited(opts.db, req, 'media.upload', (c) =>
        storeUpload(opts, c, upload, alt),
      );
      return reply.code(201).send({ media: stored });
    },
  );
};
