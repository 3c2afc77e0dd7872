// An open-loop, evenly paced load at a fixed rate, for "p99 at half the saturation rate". autocannon's
// `overallRate` is not that: each connection sends its whole quota for the second as fast as it can when the
// second starts, then waits, so its p99 is the p99 of a burst at full speed. Here a request leaves every 1/rate
// seconds (in 2 ms ticks) over keep-alive connections, and latency counts from when it was due, so a server
// that falls behind is charged for the queue it builds (no coordinated omission).
import http from 'node:http';
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

const TICK_MS = 2;

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

export async function pacedLoad(
  url: string,
  rate: number,
  durationS: number,
  connections = 50,
): Promise<PacedResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const target = new URL(url);
  const latencies: number[] = [];
  let errors = 0;
  let sent = 0;
  const inFlight = new Set<Promise<void>>();

  const one = (dueAt: number) => {
    const p = new Promise<void>((resolve) => {
      const req = http.get(
        { host: target.hostname, port: target.port, path: `${target.pathname}${target.search}`, agent },
        (res) => {
          res.resume();
          res.once('end', () => {
            if (res.statusCode === 200) latencies.push(performance.now() - dueAt);
            else errors += 1;
            resolve();
          });
        },
      );
      req.setTimeout(10_000, () => req.destroy(new Error('timeout')));
      req.once('error', () => {
        errors += 1;
        resolve();
      });
    });
    inFlight.add(p);
    void p.then(() => inFlight.delete(p));
  };

  const start = performance.now();
  const end = start + durationS * 1000;
  const total = Math.floor(rate * durationS);
  await new Promise<void>((resolve) => {
    const timer = setInterval(() => {
      const now = performance.now();
      // Every request due by now leaves now, stamped with the time it was due.
      const due = Math.min(total, Math.floor(((Math.min(now, end) - start) / 1000) * rate));
      while (sent < due) {
        one(start + (sent / rate) * 1000);
        sent += 1;
      }
      if (now >= end || sent >= total) {
        clearInterval(timer);
        resolve();
      }
    }, TICK_MS);
  });
  await Promise.all(inFlight);
  const elapsedS = (performance.now() - start) / 1000;
  agent.destroy();
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
