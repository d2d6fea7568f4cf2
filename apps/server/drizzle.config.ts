import { defineConfig } from 'drizzle-kit';

// Generates SQL migrations from src/db/schema.ts into ./drizzle (committed). They are applied at start
// (src/db/migrate.ts) and by `npm run db:migrate`; drizzle-kit is only used to *generate* them.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema.ts',
  out: './drizzle',
});
