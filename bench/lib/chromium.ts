// A headless Chromium for Lighthouse, started directly (no chrome-launcher): the system browser found by
// scripts/find-browser.mjs, with the flags that work on these machines (headless, no sandbox, no GPU, no QUIC).
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { onInterrupt } from './cleanup.ts';
import { root } from './store.ts';

const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
  '--no-default-browser-check',
  '--disable-default-apps',
  '--disable-extensions',
  '--mute-audio',
];

/** CHROME_PATH, the distribution's Chromium, or Chrome; installs Debian's chromium as root when none is found. */
function findChromium(): string {
  const r = spawnSync(process.execPath, ['scripts/find-browser.mjs'], { cwd: root, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(r.stderr || 'no Chromium found');
  const found = r.stdout.trim().split('\n').pop();
  if (!found) throw new Error('no Chromium found');
  return found;
}

export interface Chromium {
  port: number;
  version: string;
  stop(): Promise<void>;
}

export async function launchChromium(): Promise<Chromium> {
  const executable = findChromium();
  const profile = await fs.mkdtemp(path.join(os.tmpdir(), 'rangrez-bench-chromium-'));
  const child = spawn(
    executable,
    [
      ...FLAGS,
      '--remote-debugging-address=127.0.0.1',
      '--remote-debugging-port=0',
      `--user-data-dir=${profile}`,
      'about:blank',
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const port = await new Promise<number>((resolve, reject) => {
    let seen = '';
    const timer = setTimeout(() => reject(new Error(`Chromium did not start:\n${seen}`)), 60_000);
    child.stderr.on('data', (chunk: Buffer) => {
      // The listener stays for the browser's life (a full pipe would block it): keep only the tail.
      seen = (seen + chunk.toString()).slice(-8000);
      const m = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(seen);
      if (m) {
        clearTimeout(timer);
        resolve(Number(m[1]));
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`Chromium exited (${code}):\n${seen}`));
    });
  }).catch(async (err: unknown) => {
    child.kill('SIGKILL');
    await fs.rm(profile, { recursive: true, force: true });
    throw err;
  });
  const info = (await (await fetch(`http://127.0.0.1:${port}/json/version`)).json()) as { Browser?: string };
  let stopping: Promise<void> | undefined;
  const stop = () => (stopping ??= stopNow());
  const stopNow = async () => {
    unregister();
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
    await fs.rm(profile, { recursive: true, force: true });
  };
  const unregister = onInterrupt(stop);
  return { port, version: info.Browser ?? 'unknown', stop };
}
