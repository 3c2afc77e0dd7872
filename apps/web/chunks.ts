// How the browser build is cut into files. Rolldown's default gives every set of entries that share modules its
// own chunk: the product page loaded 31 files, 29 of them ours for ~27 KB gzipped, and each file pays its own
// gzip header and dictionary and its import statements (concatenated, the same code was ~6.5 KB smaller).
// Every page loads the entry and the root route, so what those import statically can travel together at no cost
// to any page: React, React DOM and React Router in one file, our shell (header, session, toasts...) in another.
// Route code keeps the default split, so a route's first load stays its own.
import type { Rolldown } from 'vite';

const isEntryClient = (id: string) => /[\\/]entry\.client\.[jt]sx?$/.test(id);
// React Router's virtual module for the root route (the app's root.tsx, client build).
const isRootRoute = (id: string) => /[\\/]app[\\/]root\.tsx\?__react-router-build-client-route$/.test(id);
const isLibrary = (id: string) => id.includes('/node_modules/') || id.startsWith('\0');
const ROUTE_MODULE = /[\\/]app[\\/]routes[\\/]([\w.-]+)\.tsx\?__react-router-build-client-route$/;
const routeModule = (name: string) => (id: string) => ROUTE_MODULE.exec(id)?.[1] === name;

export function shellChunks(): Rolldown.CodeSplittingGroup[] {
  const seen: string[] = [];
  let groups: Map<string, string> | null = null;

  /** What the entries matching `from` import statically (dynamic imports stay lazy). */
  function staticClosure(ctx: Rolldown.ChunkingContext, from: (id: string) => boolean): Set<string> {
    const closure = new Set(seen.filter(from));
    const queue = [...closure];
    for (let id = queue.pop(); id !== undefined; id = queue.pop()) {
      for (const dep of ctx.getModuleInfo(id)?.importedIds ?? []) {
        if (closure.has(dep)) continue;
        closure.add(dep);
        queue.push(dep);
      }
    }
    return closure;
  }

  function groupOf(id: string, ctx: Rolldown.ChunkingContext): string | null {
    if (!groups) {
      groups = new Map();
      const shell = staticClosure(ctx, (m) => isEntryClient(m) || isRootRoute(m));
      for (const m of shell) groups.set(m, isLibrary(m) ? 'framework' : 'shell');
      // The product page's code that anything else also needs (the home page and the collections: the card's
      // parts, the wishlist heart, prices, pictures; its own lazy parts: the stars, the size chart): one file
      // rather than one per module. The catalogue pages are where most visits land.
      const product = staticClosure(ctx, routeModule('product'));
      const lazyTargets = new Set(seen.flatMap((m) => ctx.getModuleInfo(m)?.dynamicallyImportedIds ?? []));
      const others = staticClosure(
        ctx,
        (m) => lazyTargets.has(m) || (ROUTE_MODULE.test(m) && !routeModule('product')(m)),
      );
      for (const m of product) if (others.has(m) && !groups.has(m)) groups.set(m, 'catalogue');
    }
    return groups.get(id) ?? null;
  }

  return [
    {
      // Only records the module ids: `name` needs the entries before it can walk the graph from them.
      debugName: 'collect',
      test: (id) => {
        seen.push(id);
        return false;
      },
      name: () => null,
    },
    // Separate groups in this order: a group also takes the modules its modules import (unless an earlier group
    // has them), and the catalogue must not take React Router or the shell with it.
    ...(['framework', 'shell', 'catalogue'] as const).map((group, i) => ({
      debugName: group,
      priority: 3 - i,
      name: (id: string, ctx: Rolldown.ChunkingContext) => (groupOf(id, ctx) === group ? group : null),
    })),
  ];
}
