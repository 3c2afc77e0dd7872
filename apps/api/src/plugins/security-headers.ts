// Security headers on every answer. Pages, scripts and files get the document set: helmet decides what they are;
// it runs once, at start-up, on a stand-in response, and each request then gets the same headers with its own CSP
// nonce spliced in. (@fastify/helmet ran helmet's whole option parsing on every request: about a tenth of the cost
// of a cached catalogue answer.) The JSON API gets a short set of its own (docs/api.md, Security headers).
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import { API_PREFIX } from '../lib/api-prefix.ts';

declare module 'fastify' {
  interface FastifyReply {
    /** This answer's CSP script nonce: server-rendered pages put it on their inline scripts. */
    scriptNonce: string;
  }
}

/** Stands in for the nonce while helmet builds the policy; never sent. */
const NONCE_MARK = 'rangrez-nonce-mark';
const NONCE_BYTES = 16;
const POOL_NONCES = 256;

/**
 * 128 random bits per answer, base64 (CSP3 asks for at least 128). Drawn from a buffer refilled every 256 nonces:
 * one call into the CSPRNG per 256 requests instead of one each.
 */
export function createNonceSource(): () => string {
  let pool = Buffer.alloc(0);
  let offset = 0;
  return () => {
    if (offset + NONCE_BYTES > pool.length) {
      pool = randomBytes(NONCE_BYTES * POOL_NONCES);
      offset = 0;
    }
    const nonce = pool.toString('base64', offset, offset + NONCE_BYTES);
    offset += NONCE_BYTES;
    return nonce;
  };
}

/** What helmet would set with these options, for a response whose nonce is NONCE_MARK. */
function helmetHeaders(options: Readonly<HelmetOptions>): Map<string, string> {
  const headers = new Map<string, string>();
  const response = {
    scriptNonce: NONCE_MARK,
    setHeader: (name: string, value: string | number) => headers.set(name.toLowerCase(), String(value)),
    removeHeader: (name: string) => headers.delete(name.toLowerCase()),
  };
  let failure: unknown;
  helmet(options)({} as never, response as never, (err?: unknown) => (failure = err));
  if (failure) throw failure;
  return headers;
}

/**
 * The headers of a JSON answer. Nothing in it is rendered, run or framed, so the policy allows nothing; with nosniff
 * no browser reads it as HTML or script; and only same-origin no-cors loads may read it, so another origin's page
 * cannot pull it into its process (CORS reads are unaffected). What the document set adds is about documents:
 * referrers, opener, DNS prefetch, IE's download prompt and XSS filter, Flash's policy files. Each of those 9
 * headers cost every answer its share of the time: header validation here, parsing in the client.
 */
export function apiHeaders(hsts: string | undefined): Record<string, string> {
  return {
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    'x-content-type-options': 'nosniff',
    'cross-origin-resource-policy': 'same-origin',
    ...(hsts ? { 'strict-transport-security': hsts } : {}),
  };
}

/**
 * Script sources in `options` may be functions of (req, res): they receive a response whose `scriptNonce` is the
 * nonce (`(_req, res) => \`'nonce-${res.scriptNonce}'\``), as with helmet itself.
 */
export function registerSecurityHeaders(app: FastifyInstance, options: Readonly<HelmetOptions>) {
  const headers = helmetHeaders(options);
  const policy = headers.get('content-security-policy');
  headers.delete('content-security-policy');
  const [beforeNonce, afterNonce] = policy?.split(NONCE_MARK) ?? [];
  const nonced = afterNonce !== undefined;
  const fixed = Object.fromEntries(headers);
  if (policy !== undefined && !nonced) fixed['content-security-policy'] = policy;
  const nextNonce = createNonceSource();
  const api = apiHeaders(fixed['strict-transport-security']);

  app.decorateReply('scriptNonce', '');
  app.addHook('onRequest', (req, reply, done) => {
    if (req.url.startsWith(`${API_PREFIX}/`)) {
      reply.headers(api);
      return done();
    }
    const nonce = nextNonce();
    reply.scriptNonce = nonce;
    reply.headers(fixed);
    if (nonced) reply.header('content-security-policy', `${beforeNonce}${nonce}${afterNonce}`);
    done();
  });
}
