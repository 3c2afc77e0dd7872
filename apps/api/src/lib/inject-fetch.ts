// A fetch that answers from this Fastify app through inject() instead of the network. The stand-ins (Razorpay,
// Qikink, Google) live in the same process as the store, so the real clients reach them with no listening port,
// no DNS and no dependence on PUBLIC_URL being reachable from the server itself; every request still goes through
// routing, hooks, body parsing and serialisation exactly as over HTTP.
import type { FastifyInstance } from 'fastify';

const NULL_BODY_STATUSES = new Set([101, 204, 205, 304]);

export function createInjectFetch(getApp: () => FastifyInstance): typeof fetch {
  return async (input, init) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    const headers: Record<string, string> = {};
    request.headers.forEach((value, name) => {
      headers[name] = value;
    });
    // inject() hands back the bytes as the app produced them; ask for them uncompressed.
    delete headers['accept-encoding'];
    const body = request.body ? Buffer.from(await request.arrayBuffer()) : undefined;
    const res = await getApp().inject({
      method: request.method as 'GET',
      url: url.pathname + url.search,
      headers,
      ...(body ? { payload: body } : {}),
    });
    const responseHeaders = new Headers();
    for (const [name, value] of Object.entries(res.headers)) {
      if (value === undefined) continue;
      for (const v of Array.isArray(value) ? value : [value]) responseHeaders.append(name, String(v));
    }
    const nullBody = NULL_BODY_STATUSES.has(res.statusCode) || request.method === 'HEAD';
    return new Response(nullBody ? null : new Uint8Array(res.rawPayload), {
      status: res.statusCode,
      headers: responseHeaders,
    });
  };
}
