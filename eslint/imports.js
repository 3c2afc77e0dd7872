// Import resolution shared by the boundary and cycle rules (eslint/api.js, eslint/web.js, eslint/packages.js).
// The TypeScript resolver follows the workspaces' `exports` to their .ts sources, so a rule sees the real file.
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';

export default [
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    plugins: { 'import-x': importX },
    settings: {
      // Rules that read imported files (no-cycle) follow only the extensions listed here; the default is JS only.
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['tsconfig.json', 'apps/web/tsconfig.json'],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
  },
];
