import { defineConfig } from 'drizzle-kit';

// Migrations are generated from src/db/schema.ts (`npm run db:generate -w @vnoc/api`) and committed.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema.ts',
  out: './src/db/migrations',
});
