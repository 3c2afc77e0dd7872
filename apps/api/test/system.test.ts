import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, type TestApp } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ CORS_ORIGINS: 'https://partner.example' }, async (app) => {
    const body = z.object({
      email: z.string().min(1, 'Email is required'),
      quantity: z.coerce.number().int().min(1),
    });
    app
      .withTypeProvider<ZodTypeProvider>()
      .post('/api/v1/__echo', { schema: { body } }, async (req) => req.body);
    app.get('/api/v1/__echo-big', async () => ({
      items: Array.from({ length: 200 }, (_, i) => `item-${i}`),
    }));
    app.get('/api/v1/__boom', async () => {
      throw new Error('relation "secret_table" does not exist');
    });
  });
});
afterAll(() => t.close());

describe('GET /api/v1/health', () => {
  it('answers ok after a database round trip', async () => {
    const res = await t.app.inject('/api/v1/health');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });
});

describe('unknown API paths', () => {
  it.each(['/api/v1/nope', '/api/v1/products/a/b/c/d', '/api/other', '/api'])(
    '%s is a JSON 404',
    async (url) => {
      const res = await t.app.inject(url);
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toContain('application/json');
      expect(res.json()).toEqual({ success: false, message: 'Not found' });
    },
  );

  it('answers a POST to an unknown path with a JSON 404 too', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/nope', payload: { a: 1 } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ success: false, message: 'Not found' });
  });
});

describe('security and transport', () => {
  it('sets security headers and no X-Powered-By', async () => {
    const res = await t.app.inject('/api/v1/health');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(res.headers['x-powered-by']).toBeUndefined();
    const page = await t.app.inject('/anything-else');
    expect(page.headers['content-security-policy']).toContain("default-src 'self'");
    expect(page.headers['content-security-policy']).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]{24}'/);
  });

  it('allows the configured origins only', async () => {
    const ok = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/v1/subcategories',
      headers: {
        origin: 'https://partner.example',
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'authorization,content-type',
      },
    });
    expect(ok.statusCode).toBe(204);
    expect(ok.headers['access-control-allow-origin']).toBe('https://partner.example');
    expect(ok.headers['access-control-allow-headers']).toContain('authorization');
    expect(ok.headers['access-control-max-age']).toBe('86400');

    const other = await t.app.inject({
      method: 'GET',
      url: '/api/v1/health',
      headers: { origin: 'https://evil.example' },
    });
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('lets allowed origins read the listed headers, and tells caches the answer varies by origin', async () => {
    const res = await t.app.inject({
      url: '/api/v1/health',
      headers: { origin: 'https://partner.example' },
    });
    expect(res.headers['access-control-allow-origin']).toBe('https://partner.example');
    expect(res.headers['access-control-expose-headers']).toBe('x-total-count, etag, x-request-id');
    expect(res.headers.vary).toBe('Origin');
    const sameOrigin = await t.app.inject('/api/v1/health');
    expect(sameOrigin.headers['access-control-allow-origin']).toBeUndefined();
    expect(sameOrigin.headers['access-control-expose-headers']).toBeUndefined();
    expect(sameOrigin.headers.vary).toBe('Origin');
    const refused = await t.app.inject({ url: '/api/v1/health', headers: { origin: 'https://evil.example' } });
    expect(refused.headers['access-control-expose-headers']).toBeUndefined();
  });

  it('refuses a preflight without an origin or a method in the error shape, and no CORS outside the API', async () => {
    const noMethod = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/v1/subcategories',
      headers: { origin: 'https://partner.example' },
    });
    expect(noMethod.statusCode).toBe(400);
    expect(noMethod.json()).toEqual({ success: false, message: 'Invalid preflight request' });
    const noOrigin = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/v1/subcategories',
      headers: { 'access-control-request-method': 'GET' },
    });
    expect(noOrigin.statusCode).toBe(400);
    const page = await t.app.inject({ url: '/api/other', headers: { origin: 'https://partner.example' } });
    expect(page.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('compresses answers over 1 KB', async () => {
    const res = await t.app.inject({ url: '/api/v1/__echo-big', headers: { 'accept-encoding': 'gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
  });
});

describe('request validation', () => {
  const post = (payload: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: '/api/v1/__echo', payload: payload as string, headers });

  it('strips unknown fields and validates known ones', async () => {
    const res = await post({ email: 'A@B.in', quantity: '2', extra: 'ignored' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ email: 'A@B.in', quantity: 2 });
  });

  it('uses the contract message verbatim when the schema has one', async () => {
    const res = await post({ email: '', quantity: 1 });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: false, message: 'Email is required' });
  });

  it('names the field in zod default messages', async () => {
    const res = await post({ email: 'a@b.in', quantity: 'many' });
    expect(res.statusCode).toBe(400);
    expect(res.json().success).toBe(false);
    expect(res.json().message).toMatch(/^quantity: /);
  });

  it('answers malformed JSON with a 400 in the error shape', async () => {
    const res = await post('{"email":', { 'content-type': 'application/json' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: false, message: 'Request body is not valid JSON' });
  });

  it('answers a non-JSON content type with 415', async () => {
    const res = await post('email=a', { 'content-type': 'application/x-www-form-urlencoded' });
    expect(res.statusCode).toBe(415);
    expect(res.json().success).toBe(false);
  });

  it('refuses bodies over the limit with 413', async () => {
    const res = await post({ email: 'x'.repeat(1024 * 1024 + 10), quantity: 1 });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ success: false, message: 'Request body is too large' });
  });

  it('hides internals of unexpected errors', async () => {
    const res = await t.app.inject('/api/v1/__boom');
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ success: false, message: 'Internal server error' });
  });
});
