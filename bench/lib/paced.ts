// An open-loop, evenly paced load at a fixed rate, for "p99 at half the saturation rate". autocannon's
// `overallRate` is not that: each connection sends its whole quota for the second as fast as it can when the
// second starts, then waits, so its p99 is the p99 of a burst at full speed. Here a request leaves every 1/rate
// seconds (in 1 ms ticks) over keep-alive connections, and latency counts from when it was due, so a server
// that falls behind is charged for the queue it builds (no coordinated omission).
//
// The client speaks HTTP/1.1 on raw sockets with one prepared request: Node's http client costs several times
// the CPU of the server under test per request, and on a small machine it would measure itself. Like autocannon
// it sends no Accept-Encoding.
import net from 'node:net';
import { performance } from 'node:perf_hooks';

export interface PacedResult {
  rate: number;
  sent: number;
  completed: number;
  errors: number;
  reqPerSec: number;
  p50: number;
  p99: number;
}

const TICK_MS = 1;
const TIMEOUT_MS = 10_000;

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

const HEADER_END = Buffer.from('\r\n\r\n');

/**
 * The length of the first complete response in `buf` and its status, or undefined while incomplete. Bodies are
 * framed by Content-Length or chunked transfer coding (the only framings a keep-alive response can use).
 */
export function completeResponse(buf: Buffer): { length: number; status: number } | undefined {
  const headerEnd = buf.indexOf(HEADER_END);
  if (headerEnd < 0) return undefined;
  const head = buf.toString('latin1', 0, headerEnd);
  const status = Number(head.slice(9, 12));
  const bodyStart = headerEnd + 4;
  const lengthMatch = /\r\ncontent-length:\s*(\d+)/i.exec(head);
  if (lengthMatch) {
    const length = bodyStart + Number(lengthMatch[1]);
    return buf.length >= length ? { length, status } : undefined;
  }
  if (/\r\ntransfer-encoding:[^\r]*chunked/i.test(head)) {
    let at = bodyStart;
    for (;;) {
      const lineEnd = buf.indexOf('\r\n', at, 'latin1');
      if (lineEnd < 0) return undefined;
      const size = Number.parseInt(buf.toString('latin1', at, lineEnd), 16);
      if (Number.isNaN(size)) throw new Error('bad chunk size');
      at = lineEnd + 2 + size + 2;
      if (at > buf.length) return undefined;
      // The last chunk (size 0) has no trailers here.
      if (size === 0) return { length: at, status };
    }
  }
  // 204 and 304 have no body.
  return { length: bodyStart, status };
}

interface Connection {
  socket: net.Socket;
  buffered: Buffer;
  /** When the request in flight on it was due; undefined when free. */
  dueAt: number | undefined;
  timer: NodeJS.Timeout | undefined;
}

export async function pacedLoad(
  url: string,
  rate: number,
  durationS: number,
  connections = 50,
): Promise<PacedResult> {
  const target = new URL(url);
  const request = Buffer.from(
    `GET ${target.pathname}${target.search} HTTP/1.1\r\nHost: ${target.host}\r\nConnection: keep-alive\r\n\r\n`,
    'latin1',
  );
  const latencies: number[] = [];
  let errors = 0;
  let sent = 0;
  let finished = 0;
  const free: Connection[] = [];
  /** Requests that are due while every connection is busy: they leave in order as connections free up. */
  const waiting: number[] = [];
  let onIdle: (() => void) | undefined;
  let live = 0;

  const send = (conn: Connection, dueAt: number) => {
    conn.dueAt = dueAt;
    conn.timer = setTimeout(() => conn.socket.destroy(new Error('timeout')), TIMEOUT_MS);
    conn.socket.write(request);
  };
  const settle = () => {
    finished += 1;
    if (finished === sent && onIdle) onIdle();
  };
  const release = (conn: Connection) => {
    const next = waiting.shift();
    if (next !== undefined) send(conn, next);
    else free.push(conn);
  };

  const open = () =>
    new Promise<Connection>((resolve, reject) => {
      const socket = net.connect({ host: target.hostname, port: Number(target.port), noDelay: true });
      const conn: Connection = { socket, buffered: Buffer.alloc(0), dueAt: undefined, timer: undefined };
      let connected = false;
      socket.once('connect', () => {
        connected = true;
        live += 1;
        resolve(conn);
      });
      socket.once('error', (err) => {
        if (!connected) reject(err);
      });
      socket.once('close', () => {
        clearTimeout(conn.timer);
        live -= 1;
        const idle = free.indexOf(conn);
        if (idle >= 0) free.splice(idle, 1);
        if (conn.dueAt !== undefined) {
          conn.dueAt = undefined;
          errors += 1;
          settle();
        }
        // Nothing left to send the queue on: those requests failed too.
        if (live === 0) {
          for (const _ of waiting.splice(0)) {
            errors += 1;
            settle();
          }
        }
      });
      socket.on('data', (chunk: Buffer) => {
        conn.buffered = conn.buffered.length ? Buffer.concat([conn.buffered, chunk]) : chunk;
        const response = completeResponse(conn.buffered);
        if (!response || conn.dueAt === undefined) return;
        const dueAt = conn.dueAt;
        clearTimeout(conn.timer);
        conn.dueAt = undefined;
        conn.buffered = conn.buffered.subarray(response.length);
        if (response.status === 200) latencies.push(performance.now() - dueAt);
        else errors += 1;
        settle();
        release(conn);
      });
    });

  const pool = await Promise.all(Array.from({ length: connections }, open));
  free.push(...pool);

  const start = performance.now();
  const end = start + durationS * 1000;
  const total = Math.floor(rate * durationS);
  await new Promise<void>((resolve) => {
    const timer = setInterval(() => {
      const now = performance.now();
      // Every request due by now leaves now (or as soon as a connection is free), stamped with when it was due.
      const due = Math.min(total, Math.floor(((Math.min(now, end) - start) / 1000) * rate));
      while (sent < due) {
        const dueAt = start + (sent / rate) * 1000;
        sent += 1;
        const conn = free.pop();
        if (conn) send(conn, dueAt);
        else if (live > 0) waiting.push(dueAt);
        else {
          errors += 1;
          settle();
        }
      }
      if (now >= end || sent >= total) {
        clearInterval(timer);
        resolve();
      }
    }, TICK_MS);
  });
  if (finished < sent) await new Promise<void>((resolve) => (onIdle = resolve));
  const elapsedS = (performance.now() - start) / 1000;
  for (const conn of pool) conn.socket.removeAllListeners('close').destroy();
  latencies.sort((a, b) => a - b);
  return {
    rate,
    sent,
    completed: latencies.length,
    errors,
    reqPerSec: latencies.length / elapsedS,
    p50: Number(percentile(latencies, 50).toFixed(1)),
    p99: Number(percentile(latencies, 99).toFixed(1)),
  };
}
