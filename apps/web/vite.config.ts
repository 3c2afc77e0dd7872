import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';
import { backOfficeCopies } from './back-office.ts';
import { shellChunks } from './chunks.ts';

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [tailwindcss(), reactRouter(), backOfficeCopies()],
  build: {
    assetsInlineLimit: 0,
    // The server build is one process' code: only the browser's files are worth cutting with care.
    ...(isSsrBuild
      ? {}
      : {
          rolldownOptions: {
            output: { codeSplitting: { groups: shellChunks() } },
          },
        }),
  },
}));
