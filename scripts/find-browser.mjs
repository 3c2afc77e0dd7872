// Finds a Chromium for the end-to-end tests and Lighthouse. Playwright must never download its own browser.
// Order: CHROME_PATH, Debian/Ubuntu chromium, Google Chrome. On Debian/Ubuntu as root, installs chromium with apt.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';

const candidates = [
  process.env.CHROME_PATH,
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
  '/usr/bin/google-chrome-stable',
  '/opt/google/chrome/chrome',
  '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
].filter(Boolean);

export function findBrowser() {
  return candidates.find((p) => existsSync(p));
}

function isDebianLike() {
  try {
    return /^(ID|ID_LIKE)=.*\b(debian|ubuntu)\b/m.test(readFileSync('/etc/os-release', 'utf8'));
  } catch {
    return false;
  }
}

export function ensureBrowser() {
  const found = findBrowser();
  if (found) return found;
  if (process.platform === 'linux' && isDebianLike() && process.getuid?.() === 0) {
    console.log('No Chromium found: installing Debian/Ubuntu package "chromium" with apt-get...');
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    for (const args of [
      ['update', '-qq'],
      ['install', '-y', '-qq', 'chromium'],
    ]) {
      const r = spawnSync('apt-get', args, { stdio: 'inherit', env });
      if (r.status !== 0) break;
    }
    const installed = findBrowser();
    if (installed) return installed;
  }
  throw new Error(
    [
      'No Chromium or Google Chrome found for the end-to-end tests.',
      'Install one and run again, or point CHROME_PATH at it:',
      '  Debian/Ubuntu: sudo apt-get install chromium',
      '  Fedora:        sudo dnf install chromium',
      '  macOS:         install Google Chrome, or CHROME_PATH=/path/to/chrome npm test',
    ].join('\n'),
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  try {
    console.log(ensureBrowser());
  } catch (err) {
    console.error(err.message);
    process.exit(1);
  }
}
