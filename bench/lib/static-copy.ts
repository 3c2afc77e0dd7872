// The zero-JavaScript reference of `npm run bench:pages`: one page's server HTML with every <script> and
// modulepreload removed, served from memory on its own port; every other request (CSS, images, fonts) is
// proxied to the store, so the page loads the same bytes minus its JavaScript.
import http from 'node:http';
import zlib from 'node:zlib';

function stripScripts(html: string): string {
  return html
    .replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, '')
    .replace(/<link\b[^>]*\brel=["']?modulepreload["']?[^>]*>/gi, '');
}

export interface StaticCopy {
  url: string;
  htmlBytes: number;
  stop(): Promise<void>;
}

export async function startStaticCopy(
  appBase: string,
  pagePath: string,
  serverHtml: string,
): Promise<StaticCopy> {
  const app = new URL(appBase);
  let page = { raw: Buffer.alloc(0), br: Buffer.alloc(0), gzip: Buffer.alloc(0) };
  const server = http.createServer((req, res) => {
    if (req.method === 'GET' && req.url === pagePath) {
      // Compressed like the store compresses its own pages, so both documents cost the same on the wire.
      const accept = String(req.headers['accept-encoding'] ?? '');
      const [body, encoding] = /\bbr\b/.test(accept)
        ? [page.br, 'br']
        : /\bgzip\b/.test(accept)
          ? [page.gzip, 'gzip']
          : [page.raw, undefined];
      res.writeHead(200, {
        'content-type': 'text/html; charset=utf-8',
        'content-length': String(body.length),
        'cache-control': 'no-store',
        vary: 'accept-encoding',
        ...(encoding ? { 'content-encoding': encoding } : {}),
      });
      res.end(body);
      return;
    }
    const upstream = http.request(
      {
        host: app.hostname,
        port: app.port,
        method: req.method,
        path: req.url,
        headers: { ...req.headers, host: app.host },
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  // Absolute URLs (images, canonical) point at the store's origin: make them same-origin here too, as on the store.
  const raw = Buffer.from(stripScripts(serverHtml).replaceAll(app.origin, origin));
  page = {
    raw,
    // Quality 4: @fastify/compress's default for the store's own pages.
    br: zlib.brotliCompressSync(raw, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } }),
    gzip: zlib.gzipSync(raw),
  };
  return {
    url: `${origin}${pagePath}`,
    htmlBytes: raw.length,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
