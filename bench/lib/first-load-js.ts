// The one definition of a page's first-load JavaScript, used by `npm run bench:pages` and by
// `bench/first-load-js.ts`: every external script and modulepreload of its server HTML, gzip -9.
import zlib from 'node:zlib';

interface JsFile {
  /** Path as the page references it, e.g. `/assets/entry.client-XXXX.js`. */
  src: string;
  raw: number;
  gzip: number;
  /** Not in the HTML but imported statically by a file that is: loaded on first load all the same. */
  unlisted?: boolean;
}

export interface FirstLoadJs {
  files: number;
  raw: number;
  gzip: number;
  inlineRaw: number;
  inlineGzip: number;
  /** Per file, largest gzip first. */
  byFile: JsFile[];
}

/**
 * `src` of every <script src>, `href` of every <link rel="modulepreload">, and what the page's inline module
 * script imports (statically, or the client entry through `import()`): the store loads that script only after
 * the page has loaded (apps/web/app/lib/defer-scripts.server.ts), but it is first-load JavaScript all the same.
 */
function listedScripts(html: string): string[] {
  const srcs = new Set<string>();
  for (const m of html.matchAll(/<script\b[^>]*\bsrc=["']([^"']+)["'][^>]*>/gi)) srcs.add(m[1]!);
  for (const m of html.matchAll(
    /<script\b[^>]*\btype="(?:module|text\/x-deferred-module)"[^>]*>([\s\S]*?)<\/script>/gi,
  )) {
    const code = m[1] ?? '';
    for (const spec of staticImports(code)) srcs.add(spec);
    for (const d of code.matchAll(/\bimport\(\s*["']([^"']+)["']\s*\)/g)) srcs.add(d[1]!);
  }
  for (const m of html.matchAll(/<link\b[^>]*>/gi)) {
    if (!/\brel=["']?modulepreload/i.test(m[0])) continue;
    const href = /\bhref=["']([^"']+)["']/i.exec(m[0])?.[1];
    if (href) srcs.add(href);
  }
  return [...srcs];
}

/** Static `import ... from "x"` and `import "x"` specifiers of an ES module; dynamic `import()` is not first load. */
function staticImports(code: string): string[] {
  const out = new Set<string>();
  for (const m of code.matchAll(/(?:^|[;\s})])import\s*(?:[\w$*{}\s,]+?\s*from\s*)?["']([^"']+)["']/g))
    out.add(m[1]!);
  for (const m of code.matchAll(/(?:^|[;\s})])export\s*(?:\*|\{[^}]*\})\s*from\s*["']([^"']+)["']/g))
    out.add(m[1]!);
  return [...out];
}

export async function firstLoadJs(base: string, html: string): Promise<FirstLoadJs> {
  const listed = listedScripts(html);
  const seen = new Set(listed.map((s) => new URL(s, base).href));
  const queue = listed.map((src) => ({ src, unlisted: false }));
  const byFile: JsFile[] = [];
  // Module scripts are followed through their static imports, so a chunk Vite forgot to preload still counts.
  for (let item = queue.shift(); item; item = queue.shift()) {
    const url = new URL(item.src, base);
    const res = await fetch(url);
    if (!res.ok) throw new Error(`GET ${url.pathname}: ${res.status}`);
    const body = Buffer.from(await res.arrayBuffer());
    byFile.push({
      src: url.pathname,
      raw: body.length,
      gzip: zlib.gzipSync(body, { level: 9 }).length,
      ...(item.unlisted ? { unlisted: true } : {}),
    });
    for (const spec of staticImports(body.toString('utf8'))) {
      if (!/^(\.{0,2}\/)/.test(spec)) continue;
      const next = new URL(spec, url);
      if (next.origin !== url.origin || seen.has(next.href)) continue;
      seen.add(next.href);
      queue.push({ src: next.pathname, unlisted: true });
    }
  }
  byFile.sort((a, b) => b.gzip - a.gzip);
  const inline = [...html.matchAll(/<script\b(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi)]
    .map((m) => m[1] ?? '')
    .join('\n');
  return {
    files: byFile.length,
    raw: byFile.reduce((n, f) => n + f.raw, 0),
    gzip: byFile.reduce((n, f) => n + f.gzip, 0),
    inlineRaw: Buffer.byteLength(inline),
    inlineGzip: zlib.gzipSync(inline, { level: 9 }).length,
    byFile,
  };
}
