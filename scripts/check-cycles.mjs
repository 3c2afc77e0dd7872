// Fails when modules import each other in a circle. ESLint's import-x/no-cycle sees cycles between files; two
// modules can still depend on each other through different files (orders/setup.ts -> payments, payments ->
// orders/service.ts), which makes neither of them changeable or testable alone. Here each folder directly under a
// root is one module, and any import from a file of module A to a file of module B is an edge A -> B.
// Plain Node on purpose: it runs before anything is built. See docs/decisions/013-module-boundaries.md.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const ROOTS = [
  { name: 'API modules', dir: 'apps/api/src/modules' },
  { name: 'web features', dir: 'apps/web/app/features' },
];

const repo = path.resolve(import.meta.dirname, '..');
const SOURCE = /\.(ts|tsx|mts)$/;
// Static imports and re-exports (`import x from`, `import 'x'`, `export { y } from`) and dynamic `import('x')`.
const SPECIFIER =
  /(?:\bimport|\bexport)\s+(?:type\s+)?(?:[\w*{}\s,$]+?\s+from\s+)?['"]([^'"]+)['"]|\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;

function sourceFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(full);
    return SOURCE.test(entry.name) ? [full] : [];
  });
}

function resolveRelative(from, specifier) {
  const base = path.resolve(path.dirname(from), specifier);
  const candidates = [
    base,
    `${base}.ts`,
    `${base}.tsx`,
    path.join(base, 'index.ts'),
    path.join(base, 'index.tsx'),
  ];
  return candidates.find((candidate) => existsSync(candidate) && statSync(candidate).isFile());
}

function importsOf(file) {
  const code = readFileSync(file, 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/^\s*\/\/.*$/gm, '');
  const found = [];
  for (const match of code.matchAll(SPECIFIER)) {
    const specifier = match[1] ?? match[2];
    if (!specifier.startsWith('.')) continue;
    const target = resolveRelative(file, specifier);
    if (target) found.push(target);
  }
  return found;
}

/** Strongly connected components with more than one module (Tarjan). */
function cycles(graph) {
  let index = 0;
  const indices = new Map();
  const lowlinks = new Map();
  const stack = [];
  const onStack = new Set();
  const found = [];
  const visit = (node) => {
    indices.set(node, index);
    lowlinks.set(node, index);
    index += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node)?.keys() ?? []) {
      if (!indices.has(next)) {
        visit(next);
        lowlinks.set(node, Math.min(lowlinks.get(node), lowlinks.get(next)));
      } else if (onStack.has(next)) {
        lowlinks.set(node, Math.min(lowlinks.get(node), indices.get(next)));
      }
    }
    if (lowlinks.get(node) === indices.get(node)) {
      const component = [];
      let member;
      do {
        member = stack.pop();
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const node of [...graph.keys()].sort()) if (!indices.has(node)) visit(node);
  return found;
}

let failed = false;
for (const root of ROOTS) {
  const dir = path.join(repo, root.dir);
  const moduleOf = (file) => {
    const relative = path.relative(dir, file);
    return relative.startsWith('..') || !relative.includes(path.sep)
      ? undefined
      : relative.split(path.sep)[0];
  };
  // module -> module -> one import that makes the edge, for the message
  const graph = new Map();
  for (const file of sourceFiles(dir)) {
    const from = moduleOf(file);
    if (!from) continue;
    if (!graph.has(from)) graph.set(from, new Map());
    for (const target of importsOf(file)) {
      const to = moduleOf(target);
      if (!to || to === from || graph.get(from).has(to)) continue;
      graph.get(from).set(to, `${path.relative(repo, file)} -> ${path.relative(repo, target)}`);
    }
  }
  for (const component of cycles(graph)) {
    failed = true;
    console.error(`Import cycle between ${root.name}: ${component.join(', ')}`);
    for (const from of component) {
      for (const [to, example] of graph.get(from)) {
        if (component.includes(to)) console.error(`  ${from} -> ${to}: ${example}`);
      }
    }
  }
}

if (failed) {
  console.error('Modules must depend on each other one way (docs/decisions/013-module-boundaries.md).');
  process.exit(1);
}
