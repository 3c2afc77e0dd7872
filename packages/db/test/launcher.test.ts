import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath, pathToFileURL } from 'node:url';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { PortInUseError, ensureDatabase, startEmbeddedPostgres } from '../src/launcher.ts';
import type { EmbeddedPostgres, LauncherLog } from '../src/launcher.ts';
import { freePort } from '../src/testing/free-port.ts';

const packageDir = fileURLToPath(new URL('..', import.meta.url));
const launcherUrl = pathToFileURL(path.join(packageDir, 'src/launcher.ts')).href;

let tmp: string;
const running: EmbeddedPostgres[] = [];
const warnings: string[] = [];
const log: LauncherLog = { info: () => undefined, debug: () => undefined, warn: (m) => warnings.push(m) };

beforeAll(async () => {
  tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'rangrez-launcher-'));
  // The server runs as OS user `postgres` when the tests run as root; mkdtemp's 0700 would lock it out.
  await fs.chmod(tmp, 0o755);
});

afterEach(async () => {
  await Promise.all(running.splice(0).map((s) => s.stop()));
  warnings.length = 0;
});

afterAll(async () => {
  if (tmp) await fs.rm(tmp, { recursive: true, force: true });
});

async function start(dataDir: string, port: number): Promise<EmbeddedPostgres> {
  const server = await startEmbeddedPostgres({ dataDir, port, log });
  running.push(server);
  return server;
}

async function query<T extends pg.QueryResultRow>(url: string, text: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(text)).rows;
  } finally {
    await client.end();
  }
}

async function postmasterPid(dataDir: string): Promise<number> {
  return Number((await fs.readFile(path.join(dataDir, 'postmaster.pid'), 'utf8')).split('\n')[0]);
}

/** True while the process exists and is not a zombie (an orphan's zombie may never be reaped here). */
async function isRunning(pid: number): Promise<boolean> {
  const stat = await fs.readFile(`/proc/${pid}/stat`, 'utf8').catch(() => undefined);
  if (stat === undefined) return false;
  const state = stat.slice(stat.lastIndexOf(')') + 2).split(' ')[0];
  return state !== 'Z' && state !== 'X';
}

async function waitUntil(condition: () => Promise<boolean>, what: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('startEmbeddedPostgres', () => {
  test('initialises an empty directory and keeps the data across a restart', async () => {
    const dataDir = path.join(tmp, 'basic', 'pg');
    const port = await freePort();

    const first = await start(dataDir, port);
    expect(existsSync(path.join(dataDir, 'PG_VERSION'))).toBe(true);
    const [enc] = await query<{ server_encoding: string }>(first.adminUrl, 'SHOW server_encoding');
    expect(enc?.server_encoding).toBe('UTF8');
    await ensureDatabase(first.adminUrl, 'shop');
    await ensureDatabase(first.adminUrl, 'shop'); // second call is a no-op
    await query(first.urlFor('shop'), `CREATE TABLE note (id int PRIMARY KEY, body text)`);
    await query(first.urlFor('shop'), `INSERT INTO note VALUES (1, 'रंगरेज़')`);

    await first.stop();
    await first.stop(); // idempotent
    expect(existsSync(path.join(dataDir, 'postmaster.pid'))).toBe(false);

    const second = await start(dataDir, port);
    const rows = await query<{ body: string; upper: string }>(
      second.urlFor('shop'),
      `SELECT body, upper('ä') AS upper FROM note WHERE id = 1`,
    );
    expect(rows).toEqual([{ body: 'रंगरेज़', upper: 'Ä' }]);
    expect(warnings).toEqual([]);
  });

  test('recovers the data directory after the launching process is killed with SIGKILL', async () => {
    const dataDir = path.join(tmp, 'crash', 'pg');
    const port = await freePort();
    const script = path.join(tmp, 'child.mts');
    await fs.writeFile(
      script,
      `import { startEmbeddedPostgres } from ${JSON.stringify(launcherUrl)};
const noop = () => undefined;
const [dataDir, port] = process.argv.slice(2);
const server = await startEmbeddedPostgres({ dataDir, port: Number(port), log: { info: noop, debug: noop, warn: noop } });
console.log(JSON.stringify({ adminUrl: server.adminUrl }));
setInterval(noop, 60_000); // stay up until killed
`,
    );
    const child = spawn(process.execPath, ['--import', 'tsx', script, dataDir, String(port)], {
      cwd: packageDir,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const exited = once(child, 'exit');
    const ready = await Promise.race([
      once(createInterface({ input: child.stdout }), 'line').then(([line]) => JSON.parse(String(line))),
      exited.then(() => {
        throw new Error(`child exited before the server was ready:\n${stderr}`);
      }),
    ]);
    const { adminUrl } = ready as { adminUrl: string };
    await query(adminUrl, `CREATE TABLE survivor (id int)`);
    await query(adminUrl, `INSERT INTO survivor VALUES (42)`);
    const orphan = await postmasterPid(dataDir);

    child.kill('SIGKILL');
    await exited;
    // The situation to recover from: the server outlives its launcher and keeps the port and postmaster.pid.
    expect(await isRunning(orphan)).toBe(true);

    const server = await start(dataDir, port);
    expect(await isRunning(orphan)).toBe(false);
    expect(await postmasterPid(dataDir)).not.toBe(orphan);
    expect(warnings.join('\n')).toMatch(/from a previous run .* stopping it/);
    expect(await query(server.adminUrl, 'SELECT id FROM survivor')).toEqual([{ id: 42 }]);
  });

  test('removes a stale postmaster.pid left by a server that was killed itself', async () => {
    const dataDir = path.join(tmp, 'stale', 'pg');
    const port = await freePort();
    const first = await start(dataDir, port);
    await query(first.adminUrl, `CREATE TABLE kept AS SELECT 7 AS id`);
    const pid = await postmasterPid(dataDir);

    process.kill(pid, 'SIGKILL');
    await waitUntil(async () => !(await isRunning(pid)), `postgres ${pid} has exited`);
    expect(existsSync(path.join(dataDir, 'postmaster.pid'))).toBe(true);
    await first.stop(); // nothing left to stop; must not throw

    const second = await start(dataDir, port);
    expect(await query(second.adminUrl, 'SELECT id FROM kept')).toEqual([{ id: 7 }]);
    expect(warnings.join('\n')).toMatch(/exited unexpectedly/);
    expect(warnings.join('\n')).toMatch(/removing stale postmaster\.pid/);
  });

  test('refuses to start a second server on a data directory in use by a live launcher', async () => {
    const dataDir = path.join(tmp, 'twice', 'pg');
    const port = await freePort();
    const first = await start(dataDir, port);
    await expect(start(dataDir, await freePort())).rejects.toThrow(/already running .* \(this process\)/);
    // ...and the first server was left alone.
    expect(await query(first.adminUrl, 'SELECT 1 AS ok')).toEqual([{ ok: 1 }]);
  });

  test('names the port when another program already listens on it', async () => {
    const blocker = net.createServer();
    await new Promise<void>((resolve) => blocker.listen({ port: 0, host: '127.0.0.1' }, resolve));
    const address = blocker.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const dataDir = path.join(tmp, 'port', 'pg');
    try {
      const attempt = start(dataDir, port);
      await expect(attempt).rejects.toBeInstanceOf(PortInUseError);
      await expect(attempt).rejects.toThrow(new RegExp(`port ${port}\\b.*EMBEDDED_PG_PORT`));
      // Checked before initdb: a wrong port leaves no half-made cluster behind.
      expect(existsSync(path.join(dataDir, 'PG_VERSION'))).toBe(false);
    } finally {
      await new Promise((resolve) => blocker.close(resolve));
    }
  });
});
