// The newsletter's public calls (docs/api.md#newsletter): what the box may promise, subscribing, the confirmation
// link's call, and one-click unsubscribe (RFC 8058: the mail program POSTs `List-Unsubscribe=One-Click` as a form).
import {
  newsletterConfirmBodySchema,
  newsletterInfoResponseSchema,
  newsletterSubscribeBodySchema,
  newsletterUnsubscribeQuerySchema,
  successMessageResponseSchema,
} from '@rangrez/contract/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { NewsletterService } from './service.ts';

export interface NewsletterRoutesOptions {
  newsletter: NewsletterService;
}

export const newsletterRoutes: FastifyPluginAsyncZod<NewsletterRoutesOptions> = async (
  app,
  { newsletter },
) => {
  // The one-click POST carries a form whose only field is List-Unsubscribe=One-Click; the token is in the URL, so
  // the body is read and set aside (here only: no other route takes forms).
  for (const type of ['application/x-www-form-urlencoded', 'multipart/form-data']) {
    app.addContentTypeParser(type, { parseAs: 'string', bodyLimit: 4096 }, (_req, _body, done) =>
      done(null, {}),
    );
  }

  app.get('/newsletter', { schema: { response: { 200: newsletterInfoResponseSchema } } }, async () =>
    newsletter.info(),
  );
  app.post(
    '/newsletter/subscribe',
    {
      config: { rateLimitGroup: 'newsletter' },
      schema: { body: newsletterSubscribeBodySchema, response: { 200: successMessageResponseSchema } },
    },
    async (req) =>
      newsletter.subscribe(req.body, { ip: req.ip, userAgent: req.headers['user-agent'] ?? null }),
  );
  app.post(
    '/newsletter/confirm',
    {
      config: { rateLimitGroup: 'newsletter' },
      schema: { body: newsletterConfirmBodySchema, response: { 200: successMessageResponseSchema } },
    },
    async (req) => newsletter.confirm(req.body.token),
  );
  app.post(
    '/newsletter/unsubscribe',
    {
      schema: {
        querystring: newsletterUnsubscribeQuerySchema,
        response: { 200: successMessageResponseSchema },
      },
    },
    async (req) => newsletter.unsubscribe(req.query.token),
  );
  // The same link opened in a browser: unsubscribed at once, then the page that says so. A client asking for
  // JSON alone gets the answer itself.
  app.get(
    '/newsletter/unsubscribe',
    {
      schema: {
        querystring: newsletterUnsubscribeQuerySchema,
        response: { 200: successMessageResponseSchema },
      },
    },
    async (req, reply) => {
      const answer = await newsletter.unsubscribe(req.query.token);
      const accept = req.headers.accept ?? '';
      if (accept.includes('application/json') && !accept.includes('text/html')) return answer;
      return reply.redirect(`/newsletter/unsubscribe?token=${encodeURIComponent(req.query.token)}`, 303);
    },
  );
};
