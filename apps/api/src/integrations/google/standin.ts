// A local Google for development and tests (docs/integrations.md; mounted only with GOOGLE_AUTH=standin).
// It speaks Google's protocol: an OAuth 2 consent page that redirects to redirect_uri with
// `#access_token=...&token_type=Bearer&expires_in=3599&state=...`, and tokeninfo, userinfo and certs answering
// Google's JSON shapes and errors. The real client (client.ts) verifies its tokens exactly as it would Google's.
import { createHash } from 'node:crypto';
import { isEmailAddress } from '@rangrez/contract/rules';
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { importJWK, SignJWT } from 'jose';
import type { Clock } from '../../lib/clock.ts';
import { GOOGLE_ISSUERS, type GoogleEndpoints } from './port.ts';
import { STANDIN_TOKEN_SECONDS, type StandinGrant, type StandinStore } from './standin-store.ts';

export const STANDIN_BASE_PATH = '/__google';
/** Where the web app opens its popup in stand-in mode (GET /api/v1/auth/google/config answers it). */
export const STANDIN_AUTH_PATH = `${STANDIN_BASE_PATH}/o/oauth2/v2/auth`;

/** The stand-in's endpoints on a given origin (the in-process transport ignores the origin). */
export function standinEndpoints(origin = 'http://google.standin'): GoogleEndpoints {
  return {
    tokenInfo: `${origin}${STANDIN_BASE_PATH}/tokeninfo`,
    userInfo: `${origin}${STANDIN_BASE_PATH}/oauth2/v3/userinfo`,
    certs: `${origin}${STANDIN_BASE_PATH}/oauth2/v3/certs`,
  };
}

export const STANDIN_DEMO_ACCOUNTS = [
  { id: 'asha', givenName: 'Asha', familyName: 'Verma', email: 'asha.verma@gmail.com' },
  { id: 'kabir', givenName: 'Kabir', familyName: 'Singh', email: 'kabir.singh@gmail.com' },
  { id: 'meera', givenName: 'Meera', familyName: 'Iyer', email: 'meera.iyer@gmail.com' },
] as const;

const SCOPE_DEFAULT = 'openid email profile';
const RESPONSE_TYPES = new Set(['token', 'id_token']);

/** Google's `sub` is a stable decimal string; derive one from the e-mail so the same tester is the same account. */
export function standinSub(email: string): string {
  const digest = createHash('sha256').update(`rangrez-standin:${email.toLowerCase()}`).digest();
  return `1${(digest.readBigUInt64BE(0) % 10n ** 20n).toString().padStart(20, '0')}`;
}

export interface StandinOptions {
  store: StandinStore;
  clock: Clock;
  clientId: string;
  publicUrl: string;
}

interface AuthRequest {
  clientId: string;
  redirectUri: URL;
  state: string;
  scope: string;
  responseTypes: Set<string>;
  nonce: string;
}

type Params = Record<string, string | undefined>;

/** Who signs in: a demo account or the other account typed into the form. */
interface Person {
  email: string;
  givenName: string;
  familyName: string;
}

export const googleStandinRoutes: FastifyPluginAsync<StandinOptions> = async (app, opts) => {
  // The consent form posts form-urlencoded; only this plugin needs to read that.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 16 * 1024 },
    (_req, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    },
  );
  registerConsentRoutes(app, opts);
  registerTokenRoutes(app, opts);
  registerAvatarRoute(app);
};

/** The consent page (GET) and its form (POST), which redirects back with the tokens or with access_denied. */
function registerConsentRoutes(app: FastifyInstance, opts: StandinOptions): void {
  const { store, clock, clientId, publicUrl } = opts;
  const storeOrigin = new URL(publicUrl).origin;

  app.get<{ Querystring: Params }>(STANDIN_AUTH_PATH, async (req, reply) => {
    const request = parseAuthRequest(req.query, req, clientId, storeOrigin);
    if ('error' in request) return sendError(reply, request.error, request.detail);
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(consentPage(request, req.query));
  });

  app.post<{ Body: Params }>(STANDIN_AUTH_PATH, async (req, reply) => {
    const body = typeof req.body === 'object' && req.body !== null ? req.body : {};
    const request = parseAuthRequest(body, req, clientId, storeOrigin);
    if ('error' in request) return sendError(reply, request.error, request.detail);

    const fragment = new URLSearchParams();
    if (body.action === 'deny') {
      fragment.set('error', 'access_denied');
      if (request.state) fragment.set('state', request.state);
      return reply.redirect(withFragment(request.redirectUri, fragment), 302);
    }

    const person = chosenPerson(body);
    if (!person) {
      return reply
        .code(400)
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(consentPage(request, body, 'Enter an e-mail address for the other account.'));
    }
    const grant = grantFor(person, request.scope, body.email_verified === 'true', opts);

    if (request.responseTypes.has('token')) {
      const { token } = await store.mintAccessToken(grant);
      fragment.set('access_token', token);
      fragment.set('token_type', 'Bearer');
      fragment.set('expires_in', String(STANDIN_TOKEN_SECONDS));
      fragment.set('scope', request.scope);
    }
    if (request.responseTypes.has('id_token')) {
      fragment.set('id_token', await signIdToken(store, clock, grant, request.nonce));
    }
    if (request.state) fragment.set('state', request.state);
    return reply.redirect(withFragment(request.redirectUri, fragment), 302);
  });
}

/** Validates client_id and redirect_uri before anything may redirect: never an open redirect. */
function parseAuthRequest(
  params: Params,
  req: FastifyRequest,
  clientId: string,
  storeOrigin: string,
): AuthRequest | { error: string; detail: string } {
  if (params.client_id !== clientId) {
    return { error: 'Error 401: invalid_client', detail: 'The OAuth client was not found.' };
  }
  let redirectUri: URL;
  try {
    redirectUri = new URL(params.redirect_uri ?? '');
  } catch {
    return { error: 'Error 400: invalid_request', detail: 'Missing or invalid redirect_uri.' };
  }
  const requestOrigin = safeOrigin(`${req.protocol}://${req.host}`);
  const ownOrigin = redirectUri.origin === storeOrigin || redirectUri.origin === requestOrigin;
  if (!ownOrigin || redirectUri.hash !== '' || !/^https?:$/.test(redirectUri.protocol)) {
    return {
      error: 'Error 400: redirect_uri_mismatch',
      detail: "The redirect URI in the request does not match the store's own address.",
    };
  }
  const responseTypes = new Set((params.response_type ?? '').split(' ').filter(Boolean));
  if (responseTypes.size === 0 || [...responseTypes].some((t) => !RESPONSE_TYPES.has(t))) {
    return {
      error: 'Error 400: unsupported_response_type',
      detail: 'response_type must be token and/or id_token.',
    };
  }
  return {
    clientId,
    redirectUri,
    state: params.state ?? '',
    scope: params.scope?.trim() || SCOPE_DEFAULT,
    responseTypes,
    nonce: params.nonce ?? '',
  };
}

function sendError(reply: FastifyReply, error: string, detail: string) {
  return reply
    .code(400)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .send(errorPage(error, detail));
}

/** A demo account, or the other account the tester typed in; null when its e-mail address is not one. */
function chosenPerson(body: Params): Person | null {
  const account = STANDIN_DEMO_ACCOUNTS.find((a) => a.id === body.account);
  if (account) return account;
  const email = (body.email ?? '').trim().toLowerCase();
  if (!isEmailAddress(email)) return null;
  const [givenName = email.split('@')[0] ?? '', ...rest] = (body.name ?? '')
    .trim()
    .split(/\s+/)
    .filter(Boolean);
  return { email, givenName, familyName: rest.join(' ') };
}

function grantFor(person: Person, scope: string, emailVerified: boolean, opts: StandinOptions): StandinGrant {
  const initials =
    (person.givenName.charAt(0) + person.familyName.charAt(0)).toUpperCase().replace(/[^A-Z]/g, '') || 'G';
  return {
    clientId: opts.clientId,
    scope,
    sub: standinSub(person.email),
    email: person.email,
    emailVerified,
    givenName: person.givenName,
    familyName: person.familyName,
    name: [person.givenName, person.familyName].filter(Boolean).join(' '),
    picture: `${opts.publicUrl}${STANDIN_BASE_PATH}/avatar/${initials}.svg`,
  };
}

async function signIdToken(
  store: StandinStore,
  clock: Clock,
  grant: StandinGrant,
  nonce: string,
): Promise<string> {
  const { kid, privateJwk } = await store.signingKey();
  const key = await importJWK(privateJwk, 'RS256');
  const iat = Math.floor(clock.now().getTime() / 1000);
  return new SignJWT({
    azp: grant.clientId,
    email: grant.email,
    email_verified: grant.emailVerified,
    name: grant.name,
    given_name: grant.givenName,
    family_name: grant.familyName,
    picture: grant.picture,
    ...(nonce ? { nonce } : {}),
  })
    .setProtectedHeader({ alg: 'RS256', kid, typ: 'JWT' })
    .setIssuer(GOOGLE_ISSUERS[1] ?? 'https://accounts.google.com')
    .setAudience(grant.clientId)
    .setSubject(grant.sub)
    .setIssuedAt(iat)
    .setExpirationTime(iat + 3600)
    .sign(key);
}

/** What the client checks tokens against: tokeninfo and userinfo for access tokens, certs for ID tokens. */
function registerTokenRoutes(app: FastifyInstance, { store, clock }: StandinOptions): void {
  app.get<{ Querystring: Params }>(`${STANDIN_BASE_PATH}/tokeninfo`, async (req, reply) => {
    const token = req.query.access_token;
    if (!token) {
      return reply.code(400).send({
        error: 'invalid_request',
        error_description: 'Either access_token, id_token, or token_handle required',
      });
    }
    const found = await store.lookupAccessToken(token);
    if (!found) return reply.code(400).send({ error: 'invalid_token', error_description: 'Invalid Value' });
    const { grant, expiresAt } = found;
    return reply.header('cache-control', 'no-store').send({
      azp: grant.clientId,
      aud: grant.clientId,
      sub: grant.sub,
      scope: grant.scope,
      exp: String(Math.floor(expiresAt.getTime() / 1000)),
      expires_in: String(Math.max(0, Math.floor((expiresAt.getTime() - clock.now().getTime()) / 1000))),
      email: grant.email,
      email_verified: String(grant.emailVerified),
      access_type: 'online',
    });
  });

  app.get(`${STANDIN_BASE_PATH}/oauth2/v3/userinfo`, async (req, reply) => {
    const match = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '');
    const found = match?.[1] ? await store.lookupAccessToken(match[1]) : null;
    if (!found) {
      return reply
        .code(401)
        .header('www-authenticate', 'Bearer realm="https://accounts.google.com/", error="invalid_token"')
        .send({ error: 'invalid_request', error_description: 'Invalid Credentials' });
    }
    const { grant } = found;
    return reply.header('cache-control', 'no-store').send({
      sub: grant.sub,
      name: grant.name,
      given_name: grant.givenName,
      family_name: grant.familyName,
      picture: grant.picture,
      email: grant.email,
      email_verified: grant.emailVerified,
    });
  });

  app.get(`${STANDIN_BASE_PATH}/oauth2/v3/certs`, async (_req, reply) => {
    const { kid, privateJwk } = await store.signingKey();
    return reply.header('cache-control', 'public, max-age=3600').send({
      keys: [{ kty: privateJwk.kty, n: privateJwk.n, e: privateJwk.e, kid, alg: 'RS256', use: 'sig' }],
    });
  });
}

/** The pictures grants point at: the initials on a round badge. */
function registerAvatarRoute(app: FastifyInstance): void {
  app.get<{ Params: { file: string } }>(`${STANDIN_BASE_PATH}/avatar/:file`, async (req, reply) => {
    const initials = /^([A-Z]{1,2})\.svg$/.exec(req.params.file)?.[1];
    if (!initials) return reply.code(404).send({ success: false, message: 'Not found' });
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 96 96"><rect width="96" height="96" rx="48" fill="#1a73e8"/><text x="48" y="60" font-family="sans-serif" font-size="36" text-anchor="middle" fill="#ffffff">${initials}</text></svg>`;
    return reply.header('cache-control', 'public, max-age=86400').type('image/svg+xml').send(svg);
  });
}

function safeOrigin(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

function withFragment(uri: URL, fragment: URLSearchParams): string {
  const target = new URL(uri);
  target.hash = fragment.toString();
  return target.toString();
}

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

const STYLE = `
body{margin:0;font-family:system-ui,sans-serif;background:#f1f3f4;color:#202124}
main{max-width:28rem;margin:2rem auto;padding:1.5rem 2rem;background:#fff;border-radius:.5rem;border:1px solid #dadce0}
h1{font-size:1.4rem;font-weight:500;margin:.2rem 0 .5rem}
p{line-height:1.4}.note{color:#5f6368;font-size:.9rem}
fieldset{border:1px solid #dadce0;border-radius:.5rem;margin:1rem 0;padding:.5rem 1rem}
legend{padding:0 .3rem;font-weight:500}
.account{display:flex;gap:.6rem;align-items:center;padding:.4rem 0}
.account small{display:block;color:#5f6368}
label.field{display:block;margin:.5rem 0 .2rem}
input[type=email],input[type=text]{width:100%;box-sizing:border-box;padding:.5rem;border:1px solid #dadce0;border-radius:.25rem;font:inherit}
.actions{display:flex;gap:.75rem;justify-content:flex-end;margin-top:1rem}
button{font:inherit;padding:.5rem 1.2rem;border-radius:.25rem;border:1px solid #dadce0;background:#fff;cursor:pointer}
button.primary{background:#1a73e8;border-color:#1a73e8;color:#fff}
button:focus-visible,input:focus-visible{outline:2px solid #1a73e8;outline-offset:2px}
[role=alert]{color:#b3261e;font-weight:500}`;

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body><main>${body}</main></body></html>`;
}

function errorPage(error: string, detail: string): string {
  return page(
    'Sign in with Google: error',
    `<h1>Access blocked: authorisation error</h1><p role="alert">${escapeHtml(error)}</p><p>${escapeHtml(detail)}</p><p class="note">Google sign-in stand-in (GOOGLE_AUTH=standin).</p>`,
  );
}

function consentPage(request: AuthRequest, params: Params, error?: string): string {
  const hidden = {
    client_id: request.clientId,
    redirect_uri: request.redirectUri.toString(),
    response_type: [...request.responseTypes].join(' '),
    scope: request.scope,
    state: request.state,
    nonce: request.nonce,
  };
  const chosen = params.account ?? STANDIN_DEMO_ACCOUNTS[0].id;
  const radios = STANDIN_DEMO_ACCOUNTS.map(
    (a) =>
      `<label class="account"><input type="radio" name="account" value="${a.id}"${chosen === a.id ? ' checked' : ''}><span>${escapeHtml(`${a.givenName} ${a.familyName}`)}<small>${escapeHtml(a.email)}</small></span></label>`,
  ).join('');
  // Default on; after a failed post, keep what the tester chose (an unchecked box is simply absent).
  const verified = !('account' in params) || params.email_verified === 'true';
  return page(
    'Sign in with Google',
    `<h1>Sign in with Google</h1>
<p>Choose an account to continue to <strong>${escapeHtml(new URL(request.redirectUri).host)}</strong>.</p>
<p class="note">Local stand-in for Google sign-in: no Google account or internet connection is used.</p>
${error ? `<p role="alert">${escapeHtml(error)}</p>` : ''}
<form method="post" action="${STANDIN_AUTH_PATH}">
${Object.entries(hidden)
  .map(([name, value]) => `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`)
  .join('')}
<fieldset><legend>Choose an account</legend>${radios}
<label class="account"><input type="radio" name="account" value="other"${chosen === 'other' ? ' checked' : ''}><span>Use another account</span></label>
<label class="field" for="email">Email (another account)</label>
<input id="email" name="email" type="email" autocomplete="off" value="${escapeHtml(params.email ?? '')}">
<label class="field" for="name">Name (another account)</label>
<input id="name" name="name" type="text" autocomplete="off" value="${escapeHtml(params.name ?? '')}">
</fieldset>
<label class="account"><input type="checkbox" name="email_verified" value="true"${verified ? ' checked' : ''}>Email verified</label>
<div class="actions"><button type="submit" name="action" value="allow" class="primary">Continue</button><button type="submit" name="action" value="deny">Cancel</button></div>
</form>`,
  );
}
