import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { completeResponse, pacedLoad } from '../lib/paced.ts';

const servers: http.Server[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) {
    s.closeAllConnections();
    await new Promise((resolve) => s.close(resolve));
  }
});

async function serve(handler: http.RequestListener): Promise<string> {
  const server = http.createServer(handler);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/x?y=1`;
}

describe('completeResponse', () => {
  const head = (lines: string) => Buffer.from(`HTTP/1.1 200 OK\r\n${lines}\r\n\r\n`, 'latin1');

  it('waits for the whole header block', () => {
    expect(completeResponse(Buffer.from('HTTP/1.1 200 OK\r\nContent-Length: 2\r\n'))).toBeUndefined();
  });

  it('frames by Content-Length, whatever its case', () => {
    const h = head('content-LENGTH: 5');
    expect(completeResponse(Buffer.concat([h, Buffer.from('abc')]))).toBeUndefined();
    expect(completeResponse(Buffer.concat([h, Buffer.from('abcde')]))).toEqual({
      length: h.length + 5,
      status: 200,
    });
  });

  it('frames chunked bodies up to the last chunk', () => {
    const h = head('Transfer-Encoding: chunked');
    const body = '3\r\nabc\r\n2\r\nde\r\n';
    expect(completeResponse(Buffer.concat([h, Buffer.from(body)]))).toBeUndefined();
    const whole = Buffer.concat([h, Buffer.from(`${body}0\r\n\r\n`)]);
    expect(completeResponse(whole)).toEqual({ length: whole.length, status: 200 });
  });

  it('reads the status of an answer without a body', () => {
    const h = Buffer.from('HTTP/1.1 304 Not Modified\r\nETag: "a"\r\n\r\n', 'latin1');
    expect(completeResponse(h)).toEqual({ length: h.length, status: 304 });
  });
});

describe('pacedLoad', () => {
  it('sends rate x duration requests, each on a keep-alive connection, and times every answer', async () => {
    const seen = new Set<unknown>();
    let requests = 0;
    const url = await serve((req, res) => {
      requests += 1;
      seen.add(req.socket);
      expect(req.url).toBe('/x?y=1');
      res.end('{"ok":true}');
    });
    const r = await pacedLoad(url, 400, 0.5, 4);
    expect(r).toMatchObject({ rate: 400, sent: 200, completed: 200, errors: 0 });
    expect(requests).toBe(200);
    expect(seen.size).toBeLessThanOrEqual(4);
    expect(r.p50).toBeGreaterThanOrEqual(0);
    expect(r.p99).toBeGreaterThanOrEqual(r.p50);
  });

  it('puts together answers larger than one read, and chunked ones', async () => {
    const big = Buffer.alloc(600 * 1024, 'a');
    const url = await serve((req, res) => {
      if (req.url?.startsWith('/x')) {
        res.setHeader('content-length', big.length);
        res.end(big);
      }
    });
    expect(await pacedLoad(url, 100, 0.3, 2)).toMatchObject({ sent: 30, completed: 30, errors: 0 });
    const chunked = await serve((_req, res) => {
      res.write('{"a":');
      setImmediate(() => res.end('1}'));
    });
    expect(await pacedLoad(chunked, 100, 0.3, 2)).toMatchObject({ sent: 30, completed: 30, errors: 0 });
  });

  it('counts answers other than 200 as errors, not latencies', async () => {
    const url = await serve((_req, res) => {
      res.statusCode = 500;
      res.end('{}');
    });
    const r = await pacedLoad(url, 100, 0.3, 2);
    expect(r).toMatchObject({ sent: 30, completed: 0, errors: 30 });
    expect(r.p99).toBeNaN();
  });

  it('returns when the server hangs up, counting what was lost', async () => {
    const url = await serve((req) => req.socket.destroy());
    const r = await pacedLoad(url, 100, 0.3, 2);
    expect(r.sent).toBe(30);
    expect(r.completed).toBe(0);
    expect(r.errors).toBe(30);
  });
});
