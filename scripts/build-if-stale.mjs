// `npm start` builds the web app only when its sources changed since the last build. A production install
// (`npm prune --omit=dev` or `npm ci --omit=dev` after `npm run build`) has no build tools: it starts from the
// build it was given and never tries to rebuild (docs/decisions/017-production-install.md).
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

// Vite and React Router's build plugin are devDependencies of the web app.
const canBuild = ['node_modules', 'apps/web/node_modules'].some((dir) =>
  existsSync(path.join(root, dir, '@react-router/dev/package.json')),
);
const hasBuild = existsSync(path.join(root, 'apps/web/build/server/index.js'));
if (!canBuild) {
  if (hasBuild && !process.argv.includes('--force')) {
    console.log('Production install: serving the existing web build.');
    process.exit(0);
  }
  console.error(
    'The web app cannot be built here: its build tools are devDependencies and are not installed. ' +
      'Run `npm ci && npm run build` before `npm prune --omit=dev`.',
  );
  process.exit(1);
}

const sourcesAt = Math.max(...inputs.map((i) => newest(path.join(root, i))));
const builtAt = existsSync(stamp) && hasBuild ? statSync(stamp).mtimeMs : 0;
if (process.argv.includes('--force') || builtAt < sourcesAt) {
  console.log('Building the web app...');
  const r = spawnSync('npm', ['run', 'build', '--silent', '-w', '@rangrez/web'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (r.status !== 0) process.exit(r.status ?? 1);
  writeFileSync(stamp, new Date().toISOString());
} else {
  console.log('Web app is up to date.');
}
