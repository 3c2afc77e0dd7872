import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { DEFERRED_ATTRIBUTE, LOADER_SCRIPT, deferScriptTags, deferScripts } from './defer-scripts.server';

const HEAD =
  '<head><link rel="modulepreload" href="/assets/entry.client-A.js" nonce="abc"/>' +
  '<link rel="modulepreload" href="/assets/root-B.js" nonce="abc"/>' +
  '<link rel="stylesheet" href="/assets/app-C.css"/><link rel="preload" as="image" href="/media/x-640.avif"/></head>';
const MODULE_SCRIPT =
  '<script nonce="abc" type="module" async="">import * as route0 from "/assets/root-B.js";\nimport("/assets/entry.client-A.js");</script>';

async function collect(chunks: Array<string | Buffer>): Promise<string> {
  let out = '';
  for await (const piece of Readable.from(chunks).pipe(deferScripts())) out += String(piece);
  return out;
}

describe('deferScriptTags', () => {
  it('drops module preloads and keeps every other link', () => {
    expect(deferScriptTags(HEAD)).toBe(
      '<head><link rel="stylesheet" href="/assets/app-C.css"/><link rel="preload" as="image" href="/media/x-640.avif"/></head>',
    );
  });

  it('makes the module script inert and puts the loader, with the same nonce, before it', () => {
    expect(deferScriptTags(MODULE_SCRIPT)).toBe(
      `<script nonce="abc">${LOADER_SCRIPT}</script>` +
        `<script nonce="abc" type="text/x-deferred-module" ${DEFERRED_ATTRIBUTE}="">` +
        'import * as route0 from "/assets/root-B.js";\nimport("/assets/entry.client-A.js");</script>',
    );
  });

  it('leaves module scripts that load a file alone: only inline code can be copied', () => {
    const html = '<script type="module" src="/assets/x.js" nonce="abc"></script>';
    expect(deferScriptTags(html)).toBe(html);
  });

  it('leaves classic scripts, JSON-LD and text alone', () => {
    const html =
      '<script nonce="abc">window.__reactRouterContext = {};</script>' +
      '<script type="application/ld+json" nonce="abc">{"name":"Tee"}</script><p>type="module"</p>';
    expect(deferScriptTags(html)).toBe(html);
  });
});

describe('deferScripts stream', () => {
  it('rewrites tags split across chunks, and characters split across chunks survive', async () => {
    const html = `<html>${HEAD}<body><p>₹799 — धन्यवाद</p>${MODULE_SCRIPT}</body></html>`;
    const bytes = Buffer.from(html);
    const pieces: Buffer[] = [];
    // Every 7 bytes: cuts through tags and through multi-byte characters.
    for (let i = 0; i < bytes.length; i += 7) pieces.push(bytes.subarray(i, i + 7));
    expect(await collect(pieces)).toBe(deferScriptTags(html));
    expect(await collect([html])).toBe(deferScriptTags(html));
  });
});
