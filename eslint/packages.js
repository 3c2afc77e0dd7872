// The direction between workspaces: contract <- db <- api, contract <- web; e2e and bench sit on top and may use
// contract, db and api, but nothing imports them. Tests count: a test that reaches into another package couples
// the two as surely as source does. Paths are the resolved files (the TypeScript resolver follows the workspaces'
// `exports`), so `@rangrez/db/schema` and `../../packages/db/src/schema.ts` are caught alike.
// See docs/decisions/013-module-boundaries.md.
import path from 'node:path';
import importX from 'eslint-plugin-import-x';

const root = path.resolve(import.meta.dirname, '..');
const everyPackage = ['packages/contract', 'packages/db', 'apps/api', 'apps/web', 'e2e', 'bench'];
const except = (...allowed) => everyPackage.filter((pkg) => !allowed.includes(pkg));

const zone = (target, allowed, message) => ({
  target: `./${target}`,
  from: except(target, ...allowed).map((p) => `./${p}`),
  message,
});

export default [
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    // A namespace of its own: another file configuring import-x/no-restricted-paths (whose options replace, not
    // add to, earlier ones) cannot drop these zones.
    plugins: { workspaces: importX },
    rules: {
      'workspaces/no-restricted-paths': [
        'error',
        {
          basePath: root,
          zones: [
            zone(
              'packages/contract',
              [],
              'The contract depends on no other workspace (it imports only zod).',
            ),
            zone('packages/db', ['packages/contract'], 'db may import only the contract.'),
            zone(
              'apps/api',
              ['packages/contract', 'packages/db'],
              'The API may import only the contract and db.',
            ),
            zone(
              'apps/web',
              ['packages/contract'],
              'The web app may import only the contract: it reaches the API through StoreServices or HTTP.',
            ),
            zone(
              'e2e',
              ['packages/contract', 'packages/db', 'apps/api'],
              'e2e may use contract, db and api only.',
            ),
            zone(
              'bench',
              ['packages/contract', 'packages/db', 'apps/api'],
              'bench may use contract, db and api only.',
            ),
          ],
        },
      ],
    },
  },
  {
    // The contract runs in the browser and in the API: its source takes nothing but zod, so it stays zod-and-pure.
    files: ['packages/contract/src/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '^(?!zod$|\\.{1,2}/)', message: 'The contract imports only zod.' }] },
      ],
    },
  },
];
