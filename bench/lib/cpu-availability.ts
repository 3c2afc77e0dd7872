// How much of the CPUs a benchmark really gets. On a virtual machine whose virtual CPUs share the host's cores
// with other guests, a thread that never sleeps still stops for milliseconds at a time, and the guest's own
// accounting (top, vmstat, steal time) may not show it. A latency percentile measured there is a figure of the
// host's scheduler as much as of the server. This runs one busy thread per CPU, as a loaded benchmark does, and
// counts the wall-clock time each spent stopped (gaps over GAP_MS between two consecutive clock reads).
import { Worker } from 'node:worker_threads';
import os from 'node:os';

export interface CpuAvailability {
  threads: number;
  /** Share of wall-clock time the busy threads ran, in %, the mean over threads (100 on dedicated cores). */
  runningPct: number;
  /** The longest single stop seen by any thread, in ms. */
  longestStopMs: number;
  /**
   * Of the stopped time, the share (in %) this guest's own kernel saw as other processes running; the rest the
   * guest counted as ours, so the host took it (a virtual CPU descheduled without steal time being reported).
   */
  byOtherProcessesPct: number;
}

const GAP_MS = 0.5;

const BUSY_THREAD = `
const { parentPort, workerData } = require('node:worker_threads');
const end = performance.now() + workerData.durationMs;
let last = performance.now();
let stopped = 0;
let longest = 0;
for (;;) {
  const now = performance.now();
  if (now >= end) break;
  const gap = now - last;
  if (gap > ${GAP_MS}) {
    stopped += gap;
    if (gap > longest) longest = gap;
  }
  last = now;
}
parentPort.postMessage({ stopped, longest });
`;

export async function measureCpuAvailability(
  durationMs = 3000,
  threads = os.availableParallelism(),
): Promise<CpuAvailability> {
  const cpuBefore = process.cpuUsage();
  const wallBefore = performance.now();
  const results = await Promise.all(
    Array.from(
      { length: threads },
      () =>
        new Promise<{ stopped: number; longest: number }>((resolve, reject) => {
          const worker = new Worker(BUSY_THREAD, { eval: true, workerData: { durationMs } });
          worker.once('message', resolve);
          worker.once('error', reject);
        }),
    ),
  );
  const wall = performance.now() - wallBefore;
  const cpu = process.cpuUsage(cpuBefore);
  const stopped = results.reduce((sum, r) => sum + r.stopped, 0) / threads;
  // Thread start-up and the main thread's own waiting make the wall time a little longer than durationMs.
  const notOurs = Math.max(
    0,
    (wall * threads - (cpu.user + cpu.system) / 1000) / threads - (wall - durationMs),
  );
  return {
    threads,
    runningPct: Number((100 * (1 - stopped / durationMs)).toFixed(1)),
    longestStopMs: Number(Math.max(...results.map((r) => r.longest)).toFixed(1)),
    byOtherProcessesPct: stopped > 0 ? Number(Math.min(100, (100 * notOurs) / stopped).toFixed(0)) : 0,
  };
}

export function cpuAvailabilityNote(a: CpuAvailability): string {
  return (
    `CPU availability: ${a.threads} busy threads (one per CPU) ran ${a.runningPct}% of the wall-clock time, ` +
    `longest stop ${a.longestStopMs} ms (dedicated cores: about 100% and well under 1 ms); of the time stopped, ` +
    `${a.byOtherProcessesPct}% went to other processes of this machine and the rest to the host. Latency ` +
    'percentiles include these stops.'
  );
}
