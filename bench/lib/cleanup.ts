// Ctrl-C (or SIGTERM) during a benchmark: stop what it started (stores with their embedded PostgreSQL, Chromium,
// helper servers) and delete their temporary directories before exiting.
const cleanups = new Set<() => Promise<void>>();
let interrupted = false;

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (interrupted) return;
    interrupted = true;
    process.stdout.write(`\n${signal}: stopping...\n`);
    void Promise.allSettled([...cleanups].map((c) => c())).then(() => process.exit(130));
  });
}

/** Registers a cleanup for an interruption; the returned function unregisters it (after a normal stop). */
export function onInterrupt(cleanup: () => Promise<void>): () => void {
  cleanups.add(cleanup);
  return () => cleanups.delete(cleanup);
}

/** True once a signal asked us to stop: errors from what the cleanup tears down are expected then. */
export const isInterrupted = () => interrupted;
