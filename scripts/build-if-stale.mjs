// `npm start` builds the web app only when its sources changed since the last build.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(fileURLToPath(new URL('..', import.meta.url)));
const stamp = path.join(root, 'apps/web/build/.built-at');
const inputs = [
  'apps/web/app',
  'apps/web/public',
  'apps/web/vite.config.ts',
  'apps/web/react-router.config.ts',
  'apps/web/package.json',
  'packages/contract/src',
  'package-lock.json',
];

function newest(p) {
  if (!existsSync(p)) return 0;
  const s = statSync(p);
  if (!s.isDirectory()) return s.mtimeMs;
  let max = s.mtimeMs;
  for (const entry of readdirSync(p)) max = Math.max(max, newest(path.join(p, entry)));
  return max;
}

const sourcesAt = Math.max(...inputs.map((i) => newest(path.join(root, i))));
const builtAt = existsSync(stamp) && existsSync(path.join(root, 'apps/web/build/server/index.js')) ? statSync(stamp).mtimeMs : 0;
if (process.argv.includes('--force') || builtAt < sourcesAt) {
  console.log('Building the web app...');
  const r = spawnSync('npm', ['run', 'build', '--silent', '-w', '@rangrez/web'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
  writeFileSync(stamp, new Date().toISOString());
} else {
  console.log('Web app is up to date.');
}
