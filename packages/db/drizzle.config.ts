import { defineConfig } from 'drizzle-kit';

// Paths are relative to packages/db, where `npm run generate -w @rangrez/db` runs drizzle-kit.
// `generate` diffs the schema against the snapshots in ./drizzle and needs no database, so no credentials here.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/schema.ts',
  out: './drizzle',
});
