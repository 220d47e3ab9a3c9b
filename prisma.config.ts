import { defineConfig } from 'prisma/config';

// The datasource URL is only read by Prisma CLI commands that talk to a database. Yarrow applies
// its own migrations (src/core/migrate.ts), so generation works without any database.
export default defineConfig({
  schema: 'prisma/schema',
  migrations: { path: 'prisma/migrations' },
  datasource: { url: process.env.DATABASE_URL ?? 'postgresql://localhost:5432/yarrow' },
});
