// Starts the real store (`apps/api/src/server.ts`, the production entry point) as a child process on a fresh
// temporary DATA_DIR with its own embedded PostgreSQL, as `npm start` would, and stops it again.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '@rangrez/db/testing/free-port';
import { onInterrupt } from './cleanup.ts';

export const root = path.resolve(fileURLToPath(new URL('../..', import.meta.url)));

/** `npm start`'s build step: rebuilds apps/web only when its sources are newer than the last build. */
export function buildIfStale() {
  const r = spawnSync(process.execPath, ['scripts/build-if-stale.mjs'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) throw new Error('the web build failed');
}

export interface Store {
  base: string;
  pid: number;
  stop(): Promise<void>;
}

export interface StoreOptions {
  products: number;
  warmMedia: boolean;
  /** Seeding 10,000 products with their artwork takes minutes on a small machine. */
  startTimeoutMs?: number;
  label?: string;
  /** Extra Node options for the store, e.g. ['--cpu-prof'] when looking for a hot spot. */
  nodeArgs?: string[];
}

const exited = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });

export async function startStore({
  products,
  warmMedia,
  startTimeoutMs = 15 * 60_000,
  label = `${products} products`,
  nodeArgs = [],
}: StoreOptions): Promise<Store> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'rangrez-benchstore-'));
  // The embedded PostgreSQL runs as an unprivileged user when we are root: it must be able to enter the dir.
  await fs.chmod(dataDir, 0o755);
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', 'apps/api/src/server.ts'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'pipe'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: base,
      DATA_DIR: dataDir,
      EMBEDDED_PG_PORT: String(await freePort()),
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'true',
      SEED_PRODUCTS: String(products),
      WARM_MEDIA: String(warmMedia),
    },
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  const done = exited(child);

  let stopping: Promise<void> | undefined;
  // Idempotent: an interruption and the normal path may both ask, and both must wait for the same stop.
  const stop = () => (stopping ??= stopNow());
  const stopNow = async () => {
    unregister();
    // Ctrl-C semantics: the app finishes its requests, then stops its embedded PostgreSQL.
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGINT');
    const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
    await done;
    clearTimeout(timer);
    await fs.rm(dataDir, { recursive: true, force: true });
  };

  const store: Store = { base, pid: child.pid ?? 0, stop };
  const unregister = onInterrupt(stop);
  const started = Date.now();
  process.stdout.write(`Starting the store (${label})...`);
  try {
    for (;;) {
      if (child.exitCode !== null || child.signalCode !== null) {
        throw new Error(`the store exited (${child.exitCode ?? child.signalCode}):\n${stderr}`);
      }
      if (Date.now() - started > startTimeoutMs)
        throw new Error(`the store did not start in ${startTimeoutMs} ms`);
      const ok = await fetch(`${base}/api/v1/health`, { signal: AbortSignal.timeout(5000) }).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  } catch (err) {
    process.stdout.write('\n');
    await stop();
    throw err;
  }
  process.stdout.write(` ready in ${((Date.now() - started) / 1000).toFixed(1)} s (pid ${child.pid})\n`);
  return store;
}
