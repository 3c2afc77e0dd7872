// A local WhatsApp for development and tests (docs/cod-confirmation.md#the-stand-in; mounted only with
// WHATSAPP=standin). It speaks the Cloud API's protocol: the store's own client posts template messages to
// /__whatsapp/{version}/{phone-number-id}/messages and gets Meta's answer shapes; /__whatsapp shows each number's
// messages like a phone, and tapping Confirm or Cancel sends the store a webhook signed with the app secret, as
// Meta would. Messages are kept in memory: they matter for as long as a tester looks at them.
import { randomBytes } from 'node:crypto';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { COD_TEMPLATE, signatureOf } from './port.ts';

export const WHATSAPP_STANDIN_PREFIX = '/__whatsapp';

/** A number the stand-in treats as not on WhatsApp (Meta's error 131026), to exercise the SMS fallback. */
export const STANDIN_UNREACHABLE_NUMBER = '919000000000';

export interface StandinMessage {
  id: string;
  to: string;
  template: string;
  /** The body's slots in order: the order number and the amount. */
  texts: string[];
  /** The quick-reply buttons' payloads: CONFIRM:<order>, CANCEL:<order>. */
  payloads: string[];
  at: Date;
  /** What the tester tapped, once. */
  tapped?: string;
}

export interface WhatsAppStandinOptions {
  phoneNumberId: string;
  accessToken: string;
  appSecret: string;
  webhookUrl: string;
  /** Reaches the store's webhook (in-process when it is the store itself). */
  fetch: typeof fetch;
  now: () => Date;
}

interface TemplateComponent {
  type?: string;
  parameters?: { text?: unknown; payload?: unknown }[];
}

const strings = (values: unknown[]) => values.filter((v): v is string => typeof v === 'string');

function readTemplate(
  body: unknown,
): { to: string; template: string; texts: string[]; payloads: string[] } | null {
  const b = body as { messaging_product?: unknown; to?: unknown; type?: unknown; template?: unknown } | null;
  const template = b?.template as { name?: unknown; components?: TemplateComponent[] } | undefined;
  if (b?.messaging_product !== 'whatsapp' || typeof b.to !== 'string' || b.type !== 'template') return null;
  if (typeof template?.name !== 'string' || !Array.isArray(template.components)) return null;
  const params = (type: string) =>
    template.components!.filter((c) => c.type === type).flatMap((c) => c.parameters ?? []);
  return {
    to: b.to,
    template: template.name,
    texts: strings(params('body').map((p) => p.text)),
    payloads: strings(params('button').map((p) => p.payload)),
  };
}

const graphError = (reply: FastifyReply, status: number, code: number, message: string) =>
  reply.code(status).send({ error: { message, type: 'OAuthException', code, fbtrace_id: 'standin' } });

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const STYLE =
  'body{font-family:system-ui,sans-serif;background:#e5ddd5;margin:0}main{max-width:420px;margin:0 auto;padding:1rem}' +
  '.bubble{background:#fff;border-radius:.6rem;padding:.8rem;margin:.8rem 0}.bubble form{display:inline}' +
  'button{margin:.4rem .4rem 0 0;padding:.5rem 1rem;border:1px solid #128c7e;background:#fff;color:#075e54;border-radius:1rem}' +
  '.note{color:#555;font-size:.85rem}a{color:#075e54}';

const page = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body><main>${body}</main></body></html>`;

function bubble(m: StandinMessage): string {
  const buttons = m.tapped
    ? `<p class="note">You tapped ${escapeHtml(m.tapped.split(':')[0] === 'CONFIRM' ? 'Confirm' : 'Cancel')}.</p>`
    : m.payloads
        .map(
          (payload) =>
            `<form method="post" action="${WHATSAPP_STANDIN_PREFIX}/${m.to}/reply"><input type="hidden" name="messageId" value="${escapeHtml(m.id)}"><input type="hidden" name="payload" value="${escapeHtml(payload)}"><button type="submit">${payload.startsWith('CONFIRM:') ? 'Confirm' : 'Cancel'}</button></form>`,
        )
        .join('');
  return `<div class="bubble"><p>Please confirm your Cash on Delivery order ${escapeHtml(m.texts[0] ?? '')} of ${escapeHtml(m.texts[1] ?? '')}.</p>${buttons}<p class="note">${escapeHtml(m.template)} · ${m.at.toISOString()}</p></div>`;
}

function standinRoutes(
  options: WhatsAppStandinOptions,
  messages: StandinMessage[],
  tap: (messageId: string, payload: string) => Promise<number>,
): FastifyPluginAsync {
  const byId = (id: string) => messages.find((m) => m.id === id);
  return async (app) => {
    // The inbox's buttons post forms; only this plugin needs to read them.
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 16 * 1024 },
      (_req, body, done) => {
        done(null, Object.fromEntries(new URLSearchParams(body as string)));
      },
    );
    app.post<{ Params: { phoneNumberId: string } }>(
      '/:version/:phoneNumberId/messages',
      async (req, reply) => {
        if (req.headers.authorization !== `Bearer ${options.accessToken}`) {
          return graphError(reply, 401, 190, 'Invalid OAuth access token.');
        }
        if (req.params.phoneNumberId !== options.phoneNumberId) {
          return graphError(reply, 400, 100, 'Unsupported post request.');
        }
        const sent = readTemplate(req.body);
        if (!sent) return graphError(reply, 400, 100, 'Invalid parameter');
        if (sent.template !== COD_TEMPLATE)
          return graphError(reply, 404, 132001, 'Template name does not exist in the translation');
        if (sent.to === STANDIN_UNREACHABLE_NUMBER)
          return graphError(reply, 400, 131026, 'Message undeliverable');
        const id = `wamid.standin-${randomBytes(12).toString('hex')}`;
        messages.push({ id, ...sent, at: options.now() });
        return {
          messaging_product: 'whatsapp',
          contacts: [{ input: sent.to, wa_id: sent.to }],
          messages: [{ id }],
        };
      },
    );

    app.get('/', async (_req, reply) => {
      const numbers = [...new Set(messages.map((m) => m.to))];
      const list = numbers.length
        ? `<ul>${numbers.map((n) => `<li><a href="${WHATSAPP_STANDIN_PREFIX}/${n}">+${n}</a></li>`).join('')}</ul>`
        : '<p>No messages yet.</p>';
      return reply
        .type('text/html; charset=utf-8')
        .send(
          page('WhatsApp stand-in', `<h1>WhatsApp stand-in</h1>${list}<p class="note">WHATSAPP=standin</p>`),
        );
    });

    app.get<{ Params: { number: string } }>('/:number', async (req, reply) => {
      const own = messages.filter((m) => m.to === req.params.number);
      const body = own.length ? own.map(bubble).join('') : '<p>No messages for this number.</p>';
      return reply
        .type('text/html; charset=utf-8')
        .send(page(`+${req.params.number}`, `<h1>+${escapeHtml(req.params.number)}</h1>${body}`));
    });

    app.post<{ Params: { number: string }; Body: { messageId?: string; payload?: string } }>(
      '/:number/reply',
      async (req, reply) => {
        const { messageId = '', payload = '' } = req.body ?? {};
        const message = byId(messageId);
        if (!message || message.to !== req.params.number || !message.payloads.includes(payload)) {
          return reply
            .code(404)
            .type('text/html; charset=utf-8')
            .send(page('Not found', '<p>No such message.</p>'));
        }
        await tap(messageId, payload);
        return reply.redirect(`${WHATSAPP_STANDIN_PREFIX}/${req.params.number}`, 303);
      },
    );
  };
}

/** The stand-in, with its routes to mount and its controls for tests. */
export function createWhatsAppStandin(options: WhatsAppStandinOptions) {
  const messages: StandinMessage[] = [];
  const byId = (id: string) => messages.find((m) => m.id === id);

  /** The tester taps a button: Meta's webhook for a button reply, signed with the app secret, to the store. */
  async function tap(messageId: string, payload: string): Promise<number> {
    const message = byId(messageId);
    if (!message || !message.payloads.includes(payload)) throw new Error('no such button');
    const text = payload.startsWith('CONFIRM:') ? 'Confirm' : 'Cancel';
    const body = JSON.stringify({
      object: 'whatsapp_business_account',
      entry: [
        {
          id: 'standin-waba',
          changes: [
            {
              field: 'messages',
              value: {
                messaging_product: 'whatsapp',
                metadata: { display_phone_number: '15550000000', phone_number_id: options.phoneNumberId },
                contacts: [{ profile: { name: 'Tester' }, wa_id: message.to }],
                messages: [
                  {
                    from: message.to,
                    id: `wamid.reply-${randomBytes(9).toString('hex')}`,
                    timestamp: String(Math.floor(options.now().getTime() / 1000)),
                    type: 'button',
                    button: { payload, text },
                    context: { from: '15550000000', id: message.id },
                  },
                ],
              },
            },
          ],
        },
      ],
    });
    const res = await options.fetch(options.webhookUrl, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-hub-signature-256': signatureOf(body, options.appSecret),
      },
      body,
    });
    if (res.ok) message.tapped = payload;
    return res.status;
  }

  const routes = standinRoutes(options, messages, tap);

  return {
    routes,
    tap,
    /** The messages sent to a number (91 and ten digits), oldest first. */
    messagesTo: (to: string) => messages.filter((m) => m.to === to),
  };
}

export type WhatsAppStandin = ReturnType<typeof createWhatsAppStandin>;
