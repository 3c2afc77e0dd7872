// The OpenAPI document is generated from the routes' zod schemas; these tests hold it to the route table, so a
// route added without a schema, or hidden from the document, fails here.
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers.ts';

interface Operation {
  parameters?: { in: string; name: string }[];
  requestBody?: { content: Record<string, { schema: unknown }> };
  responses: Record<string, { content?: Record<string, { schema: JsonSchema }> }>;
}
interface JsonSchema {
  type?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
}
interface Document {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
}

const routes: RouteOptions[] = [];
let t: TestApp;
let doc: Document;

beforeAll(async () => {
  t = await createTestApp({}, async (app) => {
    app.addHook('onRoute', (route) => void routes.push(route));
  });
  const res = await t.app.inject('/api/v1/openapi.json');
  expect(res.statusCode).toBe(200);
  doc = res.json() as Document;
});
afterAll(() => t.close());

/** Fastify's `/product/:id` is OpenAPI's `/product/{id}`. */
const openApiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

/** Every method of every public API route, as Fastify registered it (HEAD copies of GETs and catch-alls aside). */
function apiOperations(): { method: string; url: string; route: RouteOptions }[] {
  return routes.flatMap((route) =>
    (Array.isArray(route.method) ? route.method : [route.method])
      .filter((method) => method !== 'HEAD')
      .filter(() => route.url.startsWith('/api/v1/') && !route.url.endsWith('*'))
      .map((method) => ({ method: method.toLowerCase(), url: route.url, route })),
  );
}

describe('GET /api/v1/openapi.json', () => {
  it('is OpenAPI 3.1', () => {
    expect(doc.openapi).toBe('3.1.0');
  });

  it('lists every route of the public API', () => {
    const operations = apiOperations();
    // The app has several dozen API routes; an empty walk would prove nothing.
    expect(operations.length).toBeGreaterThan(30);
    const missing = operations
      .filter(({ method, url }) => !doc.paths[openApiPath(url)]?.[method])
      .map(({ method, url }) => `${method.toUpperCase()} ${url}`);
    expect(missing).toEqual([]);
  });

  it('gives each route its request and response schemas', () => {
    const gaps: string[] = [];
    for (const { method, url, route } of apiOperations()) {
      if (url === '/api/v1/openapi.json') continue;
      const operation = doc.paths[openApiPath(url)]?.[method];
      // A route missing altogether is the previous test's failure.
      if (!operation) continue;
      const name = `${method.toUpperCase()} ${url}`;
      const schema = route.schema ?? {};
      // JSON unless the route says otherwise (the product CSV import takes text/csv).
      const bodyType = (schema.consumes as string[] | undefined)?.[0] ?? 'application/json';
      if (schema.body && !operation.requestBody?.content[bodyType]?.schema) gaps.push(`${name}: body`);
      const declaredIn = new Set(operation.parameters?.map((p) => p.in));
      if (schema.params && !declaredIn.has('path')) gaps.push(`${name}: path parameters`);
      if (schema.querystring && !declaredIn.has('query')) gaps.push(`${name}: query`);
      const success = Object.entries(operation.responses).filter(([code]) => /^2\d\d$/.test(code));
      if (!success.some(([, r]) => Object.values(r.content ?? {}).some((c) => c.schema)))
        gaps.push(`${name}: 2xx response`);
      if (!operation.responses.default?.content?.['application/json']?.schema)
        gaps.push(`${name}: error response`);
    }
    expect(gaps).toEqual([]);
  });

  it('describes a product as the API serialises it', () => {
    const product = doc.paths['/api/v1/product/{id}']?.get;
    expect(product?.parameters).toEqual(
      expect.arrayContaining([expect.objectContaining({ in: 'path', name: 'id' })]),
    );
    const body = product?.responses['200']?.content?.['application/json']?.schema;
    expect(body?.type).toBe('object');
    expect(body?.properties?._id?.type).toBe('string');
    expect(body?.properties?.price?.type).toBe('integer');
    expect(doc.paths['/api/v1/product/{id}']?.get?.responses['404']).toBeDefined();
  });

  it('describes the order placement body', () => {
    const body = doc.paths['/api/v1/qikink/order']?.post?.requestBody?.content['application/json']?.schema as
      JsonSchema | undefined;
    expect(body?.properties).toHaveProperty('totalAmount');
  });

  it('describes the product CSV calls with their text/csv bodies', () => {
    const exported = doc.paths['/api/v1/admin/products/export.csv']?.get?.responses['200']?.content;
    expect(exported?.['text/csv']?.schema.type).toBe('string');
    const imported = doc.paths['/api/v1/admin/products/import']?.post;
    expect(imported?.requestBody?.content['text/csv']?.schema).toMatchObject({ type: 'string' });
    expect(imported?.responses['200']?.content?.['application/json']?.schema.properties).toHaveProperty(
      'errors',
    );
  });

  it('leaves out pages, media, the stand-ins and the reference itself', () => {
    const outside = Object.keys(doc.paths).filter((path) => !path.startsWith('/api/v1/'));
    expect(outside).toEqual([]);
    expect(Object.keys(doc.paths).filter((path) => path.includes('*'))).toEqual([]);
    // The stand-ins exist in this app (test defaults), so their absence above is the filter's doing.
    expect(routes.some((route) => route.url.startsWith('/__razorpay'))).toBe(true);
  });
});

describe('GET /api/docs', () => {
  it('renders the reference from files of this origin, under the store CSP', async () => {
    const res = await t.app.inject('/api/docs');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    const scripts = [...res.body.matchAll(/<script src="([^"]+)"/g)].map((m) => m[1]);
    expect(scripts).toEqual([
      '/api/docs/static/swagger-ui-bundle.js',
      '/api/docs/static/swagger-ui-standalone-preset.js',
      '/api/docs/static/swagger-initializer.js',
    ]);
    expect(res.headers['content-security-policy']).toMatch(/script-src 'self' 'nonce-/);
    for (const src of scripts) {
      const script = await t.app.inject(src!);
      expect(script.statusCode, src).toBe(200);
      expect(script.headers['content-type'], src).toContain('javascript');
    }
  });

  it('loads the document it renders', async () => {
    const res = await t.app.inject('/api/docs/json');
    expect(res.statusCode).toBe(200);
    expect(Object.keys((res.json() as Document).paths)).toEqual(Object.keys(doc.paths));
  });
});
