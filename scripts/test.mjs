// `npm test`: every suite — unit and API tests (Vitest, real PostgreSQL), then end-to-end tests (Playwright in
// the system Chromium against the built server). Prints one closing line with the totals.
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureBrowser } from './find-browser.mjs';

const root = path.resolve(fileURLToPath(new URL('..', import.meta.url)));
const out = path.join(root, 'test-results');
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });

const run = (cmd, args, env = {}) =>
  spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } }).status ?? 1;

const readJson = (file) => (existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : undefined);
let passed = 0;
let failed = 0;
let skipped = 0;
const failures = [];

// `npm test -- check`, `npm test -- unit`, `npm test -- e2e`, or `npm test -- e2e e2e/home.spec.ts` for chosen spec
// files.
const only = process.argv[2];
const e2eFiles = process.argv.slice(3);

// The static checks first (types, lint with the boundary, cycle and size rules, knip): `npm test` is the whole gate.
if (!only || only === 'check') {
  if (run('npm', ['run', 'check', '--silent']) !== 0) failures.push('static checks (npm run check)');
}

if (!only || only === 'unit') {
  const unitJson = path.join(out, 'vitest.json');
  const status = run('npx', [
    'vitest',
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${unitJson}`,
  ]);
  const r = readJson(unitJson);
  if (r) {
    passed += r.numPassedTests;
    failed += r.numFailedTests;
    skipped += r.numPendingTests + (r.numTodoTests ?? 0);
  }
  if (status !== 0) failures.push('unit/API tests (vitest)');
}

if (!only || only === 'e2e') {
  let chrome;
  try {
    chrome = ensureBrowser();
  } catch (err) {
    console.error(err.message);
    failures.push('end-to-end tests (no browser)');
  }
  if (chrome) {
    const built = run('node', ['scripts/build-if-stale.mjs']);
    if (built !== 0) failures.push('web build');
    else {
      const e2eJson = path.join(out, 'playwright.json');
      // A fresh store for the run: its own embedded database and media, deleted afterwards.
      const dataDir = mkdtempSync(path.join(os.tmpdir(), 'rangrez-e2e-'));
      chmodSync(dataDir, 0o755);
      const status = run('npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts', ...e2eFiles], {
        CHROME_PATH: chrome,
        PLAYWRIGHT_JSON_OUTPUT_NAME: e2eJson,
        E2E_DATA_DIR: dataDir,
      });
      rmSync(dataDir, { recursive: true, force: true });
      const r = readJson(e2eJson);
      if (r?.stats) {
        passed += r.stats.expected + (r.stats.flaky ?? 0);
        failed += r.stats.unexpected;
        skipped += r.stats.skipped;
      }
      if (status !== 0) failures.push('end-to-end tests (playwright)');
    }
  }
}

if (failures.length) console.error(`\nFailed: ${failures.join(', ')}`);
if (failures.length && failed === 0) failed = failures.length;
console.log(`\ntests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failures.length ? 1 : 0);
