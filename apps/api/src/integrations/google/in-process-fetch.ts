// A fetch that answers from this Fastify app instead of the network. Stand-in mode gives it to the real
// Google client, so the client's own HTTP code (URLs, headers, status and body handling) runs unchanged
// against the stand-in's routes, with no port, loopback address or PUBLIC_URL reachability to get right.
import type { FastifyInstance, HTTPMethods } from 'fastify';
import type { FetchLike } from './client.ts';

export function inProcessFetch(app: FastifyInstance): FetchLike {
  return async (url, init = {}) => {
    const target = new URL(url);
    const headers = Object.fromEntries(new Headers(init.headers).entries());
    const res = await app.inject({
      method: (init.method ?? 'GET').toUpperCase() as HTTPMethods,
      url: target.pathname + target.search,
      headers,
      ...(typeof init.body === 'string' ? { payload: init.body } : {}),
    });
    const responseHeaders = new Headers();
    for (const [name, value] of Object.entries(res.headers)) {
      if (value === undefined) continue;
      for (const v of Array.isArray(value) ? value : [String(value)]) responseHeaders.append(name, v);
    }
    const empty = res.statusCode === 204 || res.statusCode === 304;
    return new Response(empty ? null : new Uint8Array(res.rawPayload), {
      status: res.statusCode,
      headers: responseHeaders,
    });
  };
}
