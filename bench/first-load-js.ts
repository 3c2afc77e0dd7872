// `node --import tsx bench/first-load-js.ts`: the product page's first-load JavaScript per file (gzip -9), by the
// same definition as `npm run bench:pages` (bench/lib/first-load-js.ts), without the Lighthouse runs.
//
//   node --import tsx bench/first-load-js.ts                              # builds if stale, starts a store
//   node --import tsx bench/first-load-js.ts --base http://127.0.0.1:3100 # a store that is already running
//   node --import tsx bench/first-load-js.ts --path /collection/men/all   # another page
import { parseArgs } from 'node:util';
import { firstProductId } from './lib/catalogue.ts';
import { firstLoadJs } from './lib/first-load-js.ts';
import { formatNumber, textTable } from './lib/report.ts';
import { type Store, buildIfStale, startStore } from './lib/store.ts';

const { values: args } = parseArgs({
  options: {
    base: { type: 'string' },
    path: { type: 'string' },
    json: { type: 'boolean', default: false },
  },
});
const KB = 1024;

async function main() {
  let store: Store | undefined;
  if (!args.base) {
    buildIfStale();
    store = await startStore({ products: 80, warmMedia: false });
  }
  const base = args.base ?? store!.base;
  try {
    const pagePath = args.path ?? `/product/${await firstProductId(base)}`;
    const html = await (await fetch(`${base}${pagePath}`)).text();
    const js = await firstLoadJs(base, html);
    if (args.json) {
      process.stdout.write(`${JSON.stringify({ path: pagePath, ...js }, null, 2)}\n`);
      return;
    }
    const rows = js.byFile.map((f) => [
      // Without the content hash, so two builds compare line by line.
      `${f.src.replace(/^\/assets\//, '').replace(/-[\w-]{8}\.js$/, '.js')}${f.unlisted ? ' (not preloaded)' : ''}`,
      formatNumber(f.raw / KB, 1),
      formatNumber(f.gzip / KB, 2),
    ]);
    rows.push(['total', formatNumber(js.raw / KB, 1), formatNumber(js.gzip / KB, 2)]);
    rows.push(['inline scripts', formatNumber(js.inlineRaw / KB, 1), formatNumber(js.inlineGzip / KB, 2)]);
    process.stdout.write(`First-load JavaScript of ${pagePath} (${js.files} files)\n`);
    process.stdout.write(`${textTable(['file', 'KB', 'gzip -9 KB'], rows)}\n`);
  } finally {
    await store?.stop();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
