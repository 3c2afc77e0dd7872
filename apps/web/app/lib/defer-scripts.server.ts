// The page's JavaScript starts downloading once the page has loaded (its eager images included) and its first
// contentful paint has been reported, or at the first touch, click or key press, or after 3 s, whichever comes
// first. (`load` alone can come before the first paint on a slow phone.) No timer or animation frame is on the
// main path: a page whose clock is paused (a test's fake clock) still hydrates. On a phone over 4G the scripts (~120 KB) otherwise share the
// connection with the largest image and push the first paint and the LCP back: measured 2-3x the LCP of the same
// page without scripts. The server-rendered HTML is complete and its links work before then.
//
// React Router's <Scripts> writes <link rel="modulepreload"> tags (React hoists them into <head>) and one inline
// module script that imports the route modules and then the client entry. This rewrites the server's HTML stream:
// the preloads are dropped and the module script is made inert (a non-JavaScript type); a small classic script
// before it re-inserts it as a module, with the page's CSP nonce, when the time comes.
import { Transform } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';

/** Marks the inert module script; the loader finds it by this attribute. */
export const DEFERRED_ATTRIBUTE = 'data-deferred-module';
const INERT_TYPE = 'text/x-deferred-module';
/** Starts the scripts anyway if `load` has not come by then (a hanging image must not leave the page inert). */
const FALLBACK_MS = 3_000;

export const LOADER_SCRIPT = `(function(){var d=document,n=d.currentScript&&d.currentScript.nonce,e=["pointerdown","keydown","touchstart"],t,done;function go(){if(done)return;done=1;clearTimeout(t);e.forEach(function(k){removeEventListener(k,go,true)});var o=d.querySelector("script[${DEFERRED_ATTRIBUTE}]");if(!o)return;var s=d.createElement("script");s.type="module";if(n)s.nonce=n;s.textContent=o.textContent;d.head.appendChild(s)}function painted(){try{if(performance.getEntriesByName("first-contentful-paint").length)return go();new PerformanceObserver(function(l,o){if(l.getEntriesByName("first-contentful-paint").length){o.disconnect();go()}}).observe({type:"paint",buffered:true})}catch(x){go()}}addEventListener("load",painted,{once:true});e.forEach(function(k){addEventListener(k,go,{capture:true,once:true,passive:true})});t=setTimeout(go,${FALLBACK_MS})})()`;

const MODULE_PRELOAD = /<link\b[^>]*\brel="modulepreload"[^>]*>/g;
const MODULE_SCRIPT = /<script\b([^>]*)\btype="module"([^>]*)>/g;

/** Rewrites complete tags of one piece of HTML (see the module comment). */
export function deferScriptTags(html: string): string {
  return html
    .replace(MODULE_PRELOAD, '')
    .replace(MODULE_SCRIPT, (tag: string, before: string, after: string) => {
      // The loader copies the inline code; a script that loads a file is left to the browser.
      if (/\ssrc=/.test(tag)) return tag;
      const nonce = /\bnonce="([^"]*)"/.exec(before + after)?.[1];
      const attributes = `${before}type="${INERT_TYPE}" ${DEFERRED_ATTRIBUTE}=""${after}`.replace(
        /\sasync=""/,
        '',
      );
      return `<script${nonce !== undefined ? ` nonce="${nonce}"` : ''}>${LOADER_SCRIPT}</script><script${attributes}>`;
    });
}

/**
 * The transform for the HTML stream. A tag split across chunks is held back until its end arrives; text is passed
 * on as soon as it is complete, so streaming (Suspense boundaries) keeps working.
 */
export function deferScripts(): Transform {
  let pending = '';
  // A chunk may end inside a multi-byte character.
  const decoder = new StringDecoder('utf8');
  return new Transform({
    transform(chunk: Buffer | string, _encoding, callback) {
      const text = pending + (typeof chunk === 'string' ? chunk : decoder.write(chunk));
      const open = text.lastIndexOf('<');
      const cut = open > text.lastIndexOf('>') ? open : text.length;
      pending = text.slice(cut);
      callback(null, deferScriptTags(text.slice(0, cut)));
    },
    flush(callback) {
      callback(null, deferScriptTags(pending + decoder.end()));
    },
  });
}
