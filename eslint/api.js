// Layers and module boundaries inside apps/api/src (docs/decisions/013-module-boundaries.md):
// - modules/<m>/ is a business module. Another module (or a plugin) uses it only through modules/<m>/index.ts,
//   the short list of what it offers (its service's factory and types, errors, route hooks), never its
//   repository, routes or other files. A module without index.ts offers nothing to its siblings.
// - The top-level files (app.ts, commerce.ts, server.ts...) compose the modules and may import any of their files;
//   nothing below them imports them, except env.ts (configuration types).
// - lib/ is shared plumbing and imports nothing else of the app. integrations/ and jobs/ sit on lib only;
//   modules see an integration only through its port.ts (the pincode directory is plain data, no port).
// Module-level cycles (a file-level import graph can hide them) are checked by scripts/check-cycles.mjs.
import fs from 'node:fs';
import path from 'node:path';
import importX from 'eslint-plugin-import-x';

const root = path.resolve(import.meta.dirname, '..');
const src = 'apps/api/src';
const modules = fs
  .readdirSync(path.join(root, src, 'modules'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const topLevel = `${src}/*.ts`;
const env = `**/${src}/env.ts`;
const moduleSurface = `**/${src}/modules/*/index.ts`;

const zones = [
  ...modules.map((m) => ({
    target: `${src}/modules/${m}/**`,
    from: [`${src}/modules/*/**`],
    except: [`**/${src}/modules/${m}/**`, moduleSurface],
    message: 'A module uses another only through its index.ts.',
  })),
  {
    target: `${src}/modules/**`,
    from: [`${src}/integrations/**`],
    except: [`**/${src}/integrations/*/port.ts`, `**/${src}/integrations/pincode/directory.ts`],
    message: 'A module sees an integration only through its port.ts.',
  },
  {
    target: `${src}/plugins/**`,
    from: [`${src}/modules/*/**`],
    except: [moduleSurface],
    message: 'A plugin uses a module only through its index.ts.',
  },
  {
    target: [`${src}/modules/**`, `${src}/plugins/**`],
    from: [topLevel, `${src}/web/**`, `${src}/cli/**`],
    except: [env],
    message: 'Modules and plugins do not import the composition (app.ts and the other top-level files).',
  },
  {
    target: [`${src}/integrations/**`, `${src}/jobs/**`],
    from: [`${src}/modules/**`, `${src}/plugins/**`, topLevel, `${src}/web/**`, `${src}/cli/**`],
    except: [env],
    message: 'Integrations and jobs sit on lib and env.ts only.',
  },
  {
    target: `${src}/integrations/**`,
    from: [`${src}/jobs/**`],
    message: 'Integrations sit on lib and env.ts only.',
  },
  {
    target: `${src}/jobs/**`,
    from: [`${src}/integrations/**`],
    message: 'Jobs sit on lib and env.ts only.',
  },
  {
    target: `${src}/lib/**`,
    from: [
      `${src}/modules/**`,
      `${src}/plugins/**`,
      `${src}/integrations/**`,
      `${src}/jobs/**`,
      `${src}/web/**`,
      `${src}/cli/**`,
      topLevel,
    ],
    message: 'lib is shared plumbing: it imports nothing else of the app.',
  },
];

export default [
  {
    files: ['apps/api/src/**/*.{ts,tsx}'],
    // A namespace of its own, so that these zones and the workspace ones (eslint/packages.js) both apply.
    plugins: { 'api-layers': importX },
    rules: { 'api-layers/no-restricted-paths': ['error', { basePath: root, zones }] },
  },
  {
    files: ['apps/api/**/*.{ts,tsx}'],
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
];
