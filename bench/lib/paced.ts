// An open-loop, evenly paced load at a fixed rate, for "p99 at half the saturation rate". autocannon's
// `overallRate` is not that: each connection sends its whole quota for the second as fast as it can when the
// second starts, then waits, so its p99 is the p99 of a burst at full speed. Here a request leaves every 1/rate
// seconds over keep-alive connections, and latency counts from when it was due, so a server that falls behind is
// charged for the queue it builds (no coordinated omission). The client never sleeps (its loop turns with
// setImmediate, one CPU busy): with timer ticks, requests left in bursts of a tick's worth and every latency
// carried up to a tick of the client's own lateness.
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

const TIMEOUT_MS = 10_000;

function percentile(sorted: ArrayLike<number>, p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

const HEADER_END = Buffer.from('\r\n\r\n');
const EMPTY = Buffer.alloc(0);

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
  /** The start of a response that has not arrived whole yet (a copy); empty between responses. */
  partial: Buffer;
  /** When the request in flight on it was due; undefined when free. */
  dueAt: number | undefined;
}

/** Bytes a socket reads at once into its own reused buffer. */
const READ_BUFFER_BYTES = 256 * 1024;

/** The one request the load sends, prepared once. */
function preparedRequest(target: URL): Buffer {
  return Buffer.from(
    `GET ${target.pathname}${target.search} HTTP/1.1\r\nHost: ${target.host}\r\nConnection: keep-alive\r\n\r\n`,
    'latin1',
  );
}

/** Sends the request, due at `dueAt`, on a free connection. */
function send(conn: Connection, request: Buffer, dueAt: number): void {
  conn.dueAt = dueAt;
  conn.socket.write(request);
}

/** What a connection reports to the load. */
interface ConnectionEvents {
  /** Takes the answer in `data` (read now); false while it is incomplete. */
  receive(conn: Connection, data: Buffer): boolean;
  /** The answer is in and the connection can take the next request. */
  release(conn: Connection): void;
  connected(): void;
  /** The connection is gone; `inFlight` when a request on it was still unanswered, which failed. */
  closed(conn: Connection, inFlight: boolean): void;
}

/**
 * Opens a keep-alive connection to `target` whose socket reads into its own buffer, reused for every read: only
 * the start of an answer that has not arrived whole is copied. A read calls `receive` and `release` directly.
 */
function openConnection(
  target: URL,
  { receive, release, connected, closed }: ConnectionEvents,
): Promise<Connection> {
  return new Promise<Connection>((resolve, reject) => {
    const conn: Connection = {
      socket: undefined as unknown as net.Socket,
      partial: EMPTY,
      dueAt: undefined,
    };
    const readBuffer = Buffer.allocUnsafe(READ_BUFFER_BYTES);
    const socket = net.connect({
      host: target.hostname,
      port: Number(target.port),
      noDelay: true,
      onread: {
        buffer: readBuffer,
        callback(nread) {
          // Nothing was asked on this connection: whatever this is, it cannot be counted.
          if (conn.dueAt === undefined) {
            socket.destroy(new Error('bytes nobody asked for'));
            return false;
          }
          const read = readBuffer.subarray(0, nread);
          if (conn.partial.length === 0) {
            if (!receive(conn, read)) conn.partial = Buffer.from(read);
          } else {
            conn.partial = Buffer.concat([conn.partial, read]);
            if (receive(conn, conn.partial)) conn.partial = EMPTY;
          }
          if (conn.dueAt === undefined && !socket.destroyed) release(conn);
          return true;
        },
      },
    });
    conn.socket = socket;
    let isConnected = false;
    socket.once('connect', () => {
      isConnected = true;
      connected();
      resolve(conn);
    });
    socket.once('error', (err) => {
      if (!isConnected) reject(err);
    });
    socket.once('close', () => {
      const inFlight = conn.dueAt !== undefined;
      conn.dueAt = undefined;
      closed(conn, inFlight);
    });
  });
}

/** Closes every connection whose request has waited more than TIMEOUT_MS, which fails that request. */
function sweepTimeouts(pool: readonly Connection[], now: number): void {
  for (const conn of pool) {
    if (conn.dueAt !== undefined && now - conn.dueAt > TIMEOUT_MS) conn.socket.destroy(new Error('timeout'));
  }
}

/** Answers still owed when the pacing stops get TIMEOUT_MS, like the others; resolves once all are settled. */
async function answersOwed(pool: readonly Connection[], settled: Promise<void>): Promise<void> {
  const sweep = setInterval(() => sweepTimeouts(pool, performance.now()), 1000);
  await settled;
  clearInterval(sweep);
}

/**
 * Closes the connections and sums up the run that began at `start`: the counts, and the percentiles of the
 * latencies of the `completed` requests.
 */
function finish(
  pool: readonly Connection[],
  start: number,
  rate: number,
  { sent, completed, errors }: { sent: number; completed: number; errors: number },
  latencies: Float64Array,
): PacedResult {
  const elapsedS = (performance.now() - start) / 1000;
  for (const conn of pool) conn.socket.removeAllListeners('close').destroy();
  const sorted = latencies.subarray(0, completed).sort();
  return {
    rate,
    sent,
    completed,
    errors,
    reqPerSec: completed / elapsedS,
    p50: Number(percentile(sorted, 50).toFixed(1)),
    p99: Number(percentile(sorted, 99).toFixed(1)),
  };
}

// What every request goes through (receive, settle, release and the pacing loop) stays closures over this
// function's variables: helpers sharing a state object would add a lookup to each request. send needs only the
// connection and the request, so it takes them as arguments.
export async function pacedLoad(
  url: string,
  rate: number,
  durationS: number,
  connections = 50,
): Promise<PacedResult> {
  const target = new URL(url);
  const request = preparedRequest(target);
  const total = Math.floor(rate * durationS);
  // The client must not pause itself: a garbage collection in the client delays every answer that arrives during
  // it, and is counted as the server's latency. So nothing per request lives on the heap (latencies in a typed
  // array, one timeout sweep instead of a timer per request) and sockets read into reused buffers: Node's usual
  // fresh Buffer per read is off-heap memory, and tens of thousands of them a second set off major collections.
  const latencies = new Float64Array(total);
  let completed = 0;
  let errors = 0;
  let sent = 0;
  let finished = 0;
  const free: Connection[] = [];
  /** Requests that are due while every connection is busy: they leave in order as connections free up. */
  const waiting: number[] = [];
  let onIdle: (() => void) | undefined;
  let live = 0;

  const settle = () => {
    finished += 1;
    if (finished === sent && onIdle) onIdle();
  };
  const release = (conn: Connection) => {
    const next = waiting.shift();
    if (next !== undefined) send(conn, request, next);
    else free.push(conn);
  };
  const receive = (conn: Connection, data: Buffer): boolean => {
    const response = completeResponse(data);
    if (!response || conn.dueAt === undefined) return false;
    const dueAt = conn.dueAt;
    conn.dueAt = undefined;
    if (response.status === 200) latencies[completed++] = performance.now() - dueAt;
    else errors += 1;
    // Keep-alive answers one request at a time: nothing may follow the answer.
    if (response.length !== data.length) conn.socket.destroy(new Error('bytes after the answer'));
    settle();
    return true;
  };
  const fail = () => {
    errors += 1;
    settle();
  };
  const closed = (conn: Connection, inFlight: boolean) => {
    live -= 1;
    const idle = free.indexOf(conn);
    if (idle >= 0) free.splice(idle, 1);
    if (inFlight) fail();
    // Nothing left to send the queue on: those requests failed too.
    if (live === 0) for (const _ of waiting.splice(0)) fail();
  };

  const events: ConnectionEvents = { receive, release, connected: () => (live += 1), closed };
  const pool = await Promise.all(Array.from({ length: connections }, () => openConnection(target, events)));
  free.push(...pool);

  const start = performance.now();
  const end = start + durationS * 1000;
  let lastSweep = start;
  await new Promise<void>((resolve) => {
    const tick = () => {
      const now = performance.now();
      // Every request due by now leaves now (or as soon as a connection is free), stamped with when it was due.
      // At the end all of them, whatever floating point makes of durationS * rate.
      const due = now >= end ? total : Math.min(total, Math.floor(((now - start) / 1000) * rate));
      while (sent < due) {
        const dueAt = start + (sent / rate) * 1000;
        sent += 1;
        const conn = free.pop();
        if (conn) send(conn, request, dueAt);
        else if (live > 0) waiting.push(dueAt);
        else fail();
      }
      if (now - lastSweep >= 1000) {
        lastSweep = now;
        sweepTimeouts(pool, now);
      }
      if (now >= end || sent >= total) resolve();
      else setImmediate(tick);
    };
    tick();
  });
  if (finished < sent) await answersOwed(pool, new Promise<void>((resolve) => (onIdle = resolve)));
  return finish(pool, start, rate, { sent, completed, errors }, latencies);
}
