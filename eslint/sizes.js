// Size limits for functions (eslint/rules/function-size.js): a React component (PascalCase function in a .tsx
// file) at most 150 lines of code, any other function at most 80; blank and comment lines do not count, route
// tables and data literals are not functions. A long component splits into hooks and presentational parts.
import functionSize from './rules/function-size.js';

/** Where the limits hold: every workspace. */
export const SIZE_LIMITED = [
  'apps/web/**/*.{ts,tsx}',
  'apps/api/**/*.{ts,tsx}',
  'packages/contract/**/*.ts',
  'packages/db/**/*.ts',
  'e2e/**/*.ts',
  'bench/**/*.ts',
];

/** Tests describe scenarios, not code paths; their `describe` blocks are long by nature. */
const NOT_LIMITED = ['**/*.test.{ts,tsx}', '**/test/**'];

export const LIMITS = { component: 150, function: 80 };

export default [
  {
    files: SIZE_LIMITED,
    ignores: NOT_LIMITED,
    plugins: { local: { rules: { 'function-size': functionSize } } },
    rules: { 'local/function-size': ['error', LIMITS] },
  },
];
