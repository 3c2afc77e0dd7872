import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import imports from './eslint/imports.js';
import packages from './eslint/packages.js';
import api from './eslint/api.js';
import web from './eslint/web.js';
import sizes from './eslint/sizes.js';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules',
      '**/build',
      '**/dist',
      'data',
      '**/.react-router',
      'test-results',
      'playwright-report',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  ...imports,
  ...packages,
  ...api,
  ...web,
  ...sizes,
);
