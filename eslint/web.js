// Boundaries inside apps/web (docs/decisions/015-web-boundaries.md):
// - a feature (app/features/<f>/) imports another feature only through that feature's `index.ts` (its tests also
//   through its `test-helpers.ts`), and only the features listed for it in FEATURE_DEPENDENCIES: the list is
//   checked to be acyclic below, so no two features can import each other, even through their index files;
// - app/components (shared UI) never imports a feature; app/lib (plumbing) imports neither features nor components;
// - no import cycle between files (import-x/no-cycle).
// Routes (app/routes) and the root module are where features compose: they may import any feature file.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const app = 'apps/web/app';
const featuresDir = path.join(root, app, 'features');

/** Which features each feature may import (through their index.ts). A new feature starts with none. */
const FEATURE_DEPENDENCIES = {
  account: [],
  admin: [],
  cart: ['account'],
  catalogue: ['cart', 'reviews', 'wishlist'],
  checkout: ['account', 'cart', 'delivery'],
  delivery: [],
  orders: ['checkout', 'delivery'],
  reviews: ['account'],
  site: [],
  wishlist: ['account'],
};

const features = readdirSync(featuresDir, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

for (const feature of Object.keys(FEATURE_DEPENDENCIES)) {
  if (!features.includes(feature))
    throw new Error(`eslint/web.js: no feature folder ${app}/features/${feature}`);
}

// A cycle in the declared graph would let two features import each other; refuse the configuration instead.
function assertAcyclic(graph) {
  const state = new Map();
  const visit = (node, trail) => {
    if (state.get(node) === 'done') return;
    if (state.get(node) === 'open') {
      throw new Error(`eslint/web.js: feature dependency cycle ${[...trail, node].join(' -> ')}`);
    }
    state.set(node, 'open');
    for (const next of graph[node] ?? []) visit(next, [...trail, node]);
    state.set(node, 'done');
  };
  for (const node of Object.keys(graph)) visit(node, []);
}
assertAcyclic(FEATURE_DEPENDENCIES);

const featureZones = features.map((feature) => {
  const allowed = FEATURE_DEPENDENCIES[feature] ?? [];
  return {
    target: `./${app}/features/${feature}`,
    from: `./${app}/features`,
    except: [`./${feature}`, ...allowed.flatMap((dep) => [`./${dep}/index.ts`, `./${dep}/test-helpers.ts`])],
    message:
      allowed.length > 0
        ? `The ${feature} feature may import only ${allowed.map((d) => `features/${d}/index.ts`).join(', ')}; compose other features in a route (see eslint/web.js).`
        : `The ${feature} feature imports no other feature; compose features in a route (see eslint/web.js).`,
  };
});

export default [
  {
    files: [`${app}/**/*.{ts,tsx}`],
    // no-cycle reads the imported files only if their extension is listed (the default is JavaScript only).
    settings: { 'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'] },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: root,
          zones: [
            ...featureZones,
            {
              target: `./${app}/components`,
              from: `./${app}/features`,
              message:
                'Shared components know no feature: pass the feature part in as a prop from the root or a route.',
            },
            {
              target: `./${app}/lib`,
              from: [`./${app}/features`, `./${app}/components`],
              message: 'app/lib is plumbing under features and components, never above them.',
            },
          ],
        },
      ],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    // A feature's test-helpers.ts is its public surface for other features' tests only.
    files: [`${app}/**/*.{ts,tsx}`],
    ignores: [`${app}/**/*.test.{ts,tsx}`, `${app}/**/test-helpers.ts`],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/test-helpers'], message: 'Test doubles are for tests.' }] },
      ],
    },
  },
];
