// The shopper's side of the COD confirmation (docs/api.md#orders-and-payment): the signed-in owner's confirm or
// cancel and WhatsApp's webhook (its verification handshake and its signed notifications, read as raw bytes) in
// the API; the e-mailed link's page and form at the site's root.
import {
  COD_CONFIRMATION_MESSAGES as M,
  codDeadlineText,
  type CodConfirmationAction,
  formatINR,
  paiseToRupees,
} from '@rangrez/contract/rules';
import {
  codConfirmationBodySchema,
  orderActionResponseSchema,
  orderReferenceParamsSchema,
  successMessageResponseSchema,
} from '@rangrez/contract/schemas';
import { errorResponseSchema } from '@rangrez/contract/errors';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/errors.ts';
import { currentUser } from '../../plugins/auth.ts';
import type { OrderRow, OrdersService } from '../orders/index.ts';
import type { CodConfirmationService } from './service.ts';
import { handleWhatsAppWebhook, WHATSAPP_WEBHOOK_MESSAGES, type WhatsAppWebhookDeps } from './webhook.ts';

export interface CodRoutesOptions {
  cod: CodConfirmationService;
  orders: Pick<OrdersService, 'orderJson'>;
  webhook: WhatsAppWebhookDeps;
  verifyToken: string;
}

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const STYLE =
  'body{font-family:system-ui,sans-serif;margin:0;color:#111}main{max-width:32rem;margin:2rem auto;padding:0 1rem}' +
  'button{font:inherit;padding:.6rem 1.2rem;margin:.4rem .6rem 0 0;border-radius:.4rem;border:1px solid #111;background:#fff}' +
  'button[value=confirm]{background:#111;color:#fff}form{display:inline}';

function page(reply: FastifyReply, status: number, title: string, body: string) {
  return reply
    .code(status)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('referrer-policy', 'no-referrer')
    .send(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body><main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`,
    );
}

const para = (text: string) => `<p>${escapeHtml(text)}</p>`;

/** The order's page: Confirm and Cancel while it waits, its state otherwise. Acting needs the form's POST. */
function orderPage(reply: FastifyReply, token: string, order: OrderRow, note?: string) {
  const title = `Order ${order.orderNumber}`;
  const lead = note ? para(note) : '';
  if (order.codConfirmation !== 'pending' || !order.codConfirmDeadline) {
    const state = order.codConfirmation === 'confirmed' ? M.alreadyConfirmed : M.alreadyCancelled;
    return page(reply, 200, title, lead || para(state));
  }
  const action = `/cod-confirmation/${encodeURIComponent(token)}`;
  const buttons = (['confirm', 'cancel'] as const)
    .map(
      (a) =>
        `<form method="post" action="${action}"><button type="submit" name="action" value="${a}">${a === 'confirm' ? 'Confirm order' : 'Cancel order'}</button></form>`,
    )
    .join('');
  return page(
    reply,
    200,
    title,
    `${lead}${para(`Cash on Delivery order of ${formatINR(paiseToRupees(order.totalPaise))}. Please confirm it by ${codDeadlineText(order.codConfirmDeadline)}, or it will be cancelled.`)}${buttons}`,
  );
}

const tokenParams = z.object({ token: z.string().min(1).max(300) });

/** Pages for a person, outside the API and its reference. */
const linkSchema = { params: tokenParams, hide: true };

/**
 * The e-mailed link (docs/cod-confirmation.md#where-the-shopper-answers): its page on GET, its form's POST acting.
 * Registered at the site's root, not under /api/v1: these are pages for a person, answered in HTML whatever
 * happened, where the API answers JSON.
 */
export const codConfirmationPages: FastifyPluginAsync<{ cod: CodConfirmationService }> = async (
  links,
  { cod },
) => {
  // The link's page posts a plain form.
  links.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 1024 },
    (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );
  const tokenOf = (params: unknown) => (params as z.infer<typeof tokenParams>).token;
  links.get('/cod-confirmation/:token', { schema: linkSchema }, async (req, reply) => {
    const token = tokenOf(req.params);
    const target = await cod.linkTarget(token);
    if (target === 'invalid') return page(reply, 404, 'Link not valid', para(M.linkInvalid));
    if (target === 'expired') return page(reply, 410, 'Link expired', para(M.linkExpired));
    return orderPage(reply, token, target);
  });
  links.post('/cod-confirmation/:token', { schema: linkSchema }, async (req, reply) => {
    const token = tokenOf(req.params);
    const target = await cod.linkTarget(token);
    if (target === 'invalid') return page(reply, 404, 'Link not valid', para(M.linkInvalid));
    if (target === 'expired') return page(reply, 410, 'Link expired', para(M.linkExpired));
    const parsed = codConfirmationBodySchema.safeParse(req.body);
    if (!parsed.success)
      return page(reply, 400, 'Choose an action', para('action must be confirm or cancel'));
    const action: CodConfirmationAction = parsed.data.action;
    try {
      const order = await cod.decideByLink(target.id, action);
      return orderPage(reply, token, order, action === 'confirm' ? M.confirmed : M.cancelled);
    } catch (e) {
      if (!(e instanceof AppError)) throw e;
      return page(reply, e.statusCode, `Order ${target.orderNumber}`, para(e.message));
    }
  });
};

/** Meta's webhook: the subscription handshake, and notifications signed over the exact bytes sent. */
const webhookRoutes: FastifyPluginAsyncZod<CodRoutesOptions> = async (app, opts) => {
  app.get(
    '/whatsapp/webhook',
    {
      schema: {
        querystring: z.record(z.string(), z.string()),
        response: {
          200: { description: 'The challenge, as text', content: { 'text/plain': { schema: z.string() } } },
          403: errorResponseSchema,
        },
      },
    },
    async (req, reply) => {
      const q = req.query;
      if (q['hub.mode'] === 'subscribe' && q['hub.verify_token'] === opts.verifyToken && q['hub.challenge']) {
        return reply.type('text/plain; charset=utf-8').send(q['hub.challenge']);
      }
      return reply.code(403).send({ success: false, message: 'Verification token mismatch' });
    },
  );
  await app.register(async (hooks) => {
    hooks.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_req, body, done) =>
      done(null, body),
    );
    hooks.post(
      '/whatsapp/webhook',
      {
        schema: {
          response: { 200: successMessageResponseSchema, 400: errorResponseSchema, 401: errorResponseSchema },
        },
      },
      async (req) => {
        const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
        await handleWhatsAppWebhook(opts.webhook, raw, req.headers['x-hub-signature-256']);
        return { success: true as const, message: WHATSAPP_WEBHOOK_MESSAGES.received };
      },
    );
  });
};

export const codConfirmationRoutes: FastifyPluginAsyncZod<CodRoutesOptions> = async (app, opts) => {
  const { cod, orders } = opts;

  app.post(
    '/orders/:orderId/cod-confirmation',
    {
      config: { rateLimitGroup: 'orders' },
      onRequest: app.authenticate,
      schema: {
        params: orderReferenceParamsSchema,
        body: codConfirmationBodySchema,
        response: {
          200: orderActionResponseSchema,
          403: errorResponseSchema,
          404: errorResponseSchema,
          409: errorResponseSchema,
        },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      const order = await cod.decideByShopper(currentUser(req).id, req.params.orderId, req.body.action);
      const message = req.body.action === 'confirm' ? M.confirmed : M.cancelled;
      return { success: true as const, message, order: await orders.orderJson(order) };
    },
  );

  await app.register(webhookRoutes, opts);
};
