// The back office's search page under /api/v1/admin/search (docs/admin.md#search): the searches that found
// nothing, read by anyone who sees the catalogue; the synonyms, changed by the catalogue role and the owner, audited.
import {
  adminSearchMissListResponseSchema,
  adminSynonymBodySchema,
  adminSynonymIdParamsSchema,
  adminSynonymListResponseSchema,
  adminSynonymResponseSchema,
  successMessageResponseSchema,
} from '@rangrez/contract/schemas';
import { isUuid } from '@rangrez/contract/rules';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Clock } from '../../lib/clock.ts';
import type { Db } from '../../lib/db.ts';
import { notFound } from '../../lib/errors.ts';
import { changeAudited } from '../../plugins/admin.ts';
import { deleteSynonym, insertSynonym, listMisses, listSynonyms, updateSynonym } from './repository.ts';

/** The back office lists this many of the most recent zero-result searches. */
const MISSES_SHOWN = 200;
const NOT_FOUND = 'Synonym not found';

const view = (row: { id: string; terms: string[] }) => ({ id: row.id, terms: row.terms });

interface Options {
  db: Db;
  clock: Clock;
}
type AdminApp = Parameters<FastifyPluginAsyncZod<Options>>[0];

export const adminSearchRoutes: FastifyPluginAsyncZod<Options> = async (app, options) => {
  readRoutes(app, options);
  writeRoutes(app, options);
};

/** The zero-result log and the synonyms, for anyone who reads the catalogue. */
function readRoutes(app: AdminApp, { db }: Options): void {
  app.get(
    '/search/misses',
    {
      config: { permission: 'products:read' },
      schema: { response: { 200: adminSearchMissListResponseSchema } },
    },
    async () => ({
      misses: (await listMisses(db, MISSES_SHOWN)).map((m) => ({
        query: m.query,
        count: m.count,
        lastSeenAt: m.lastSeenAt.toISOString(),
      })),
    }),
  );
  app.get(
    '/search/synonyms',
    {
      config: { permission: 'products:read' },
      schema: { response: { 200: adminSynonymListResponseSchema } },
    },
    async () => ({ synonyms: (await listSynonyms(db)).map(view) }),
  );
}

/** Adding, changing and deleting a synonym set, audited. */
function writeRoutes(app: AdminApp, { db, clock }: Options): void {
  app.post(
    '/search/synonyms',
    {
      config: { permission: 'products:write' },
      schema: { body: adminSynonymBodySchema, response: { 201: adminSynonymResponseSchema } },
    },
    async (req, reply) => {
      const synonym = await changeAudited(db, req, 'search.synonym.create', async (c) => {
        const row = view(await insertSynonym(c.tx, req.body.terms));
        await c.record({ action: 'synonym.create', entityType: 'synonym', entityId: row.id, after: row });
        return row;
      });
      return reply.code(201).send({ synonym });
    },
  );
  app.put(
    '/search/synonyms/:id',
    {
      config: { permission: 'products:write' },
      schema: {
        params: adminSynonymIdParamsSchema,
        body: adminSynonymBodySchema,
        response: { 200: adminSynonymResponseSchema },
      },
    },
    async (req) => {
      if (!isUuid(req.params.id)) throw notFound(NOT_FOUND);
      const synonym = await changeAudited(db, req, 'search.synonym.update', async (c) => {
        const [before] = (await listSynonyms(c.tx)).filter((s) => s.id === req.params.id);
        const row = await updateSynonym(c.tx, req.params.id, req.body.terms, clock.now());
        if (!before || !row) throw notFound(NOT_FOUND);
        await c.record({
          action: 'synonym.update',
          entityType: 'synonym',
          entityId: row.id,
          before: view(before),
          after: view(row),
        });
        return view(row);
      });
      return { synonym };
    },
  );
  app.delete(
    '/search/synonyms/:id',
    {
      config: { permission: 'products:write' },
      schema: { params: adminSynonymIdParamsSchema, response: { 200: successMessageResponseSchema } },
    },
    async (req) => {
      if (!isUuid(req.params.id)) throw notFound(NOT_FOUND);
      await changeAudited(db, req, 'search.synonym.delete', async (c) => {
        const row = await deleteSynonym(c.tx, req.params.id);
        if (!row) throw notFound(NOT_FOUND);
        await c.record({
          action: 'synonym.delete',
          entityType: 'synonym',
          entityId: row.id,
          before: view(row),
        });
      });
      return { success: true as const, message: 'Synonym deleted' };
    },
  );
}
