import { defineConfig } from 'drizzle-kit';

// Migrations are generated (`npm run db:generate`), never pushed. Hand-written SQL that drizzle-kit
// cannot express (roles, GRANTs, FORCE ROW LEVEL SECURITY) lives in custom migrations in the same
// sequence (`npx drizzle-kit generate --custom --name=...`).
export default defineConfig({
  dialect: 'postgresql',
  schema: './drizzle/schema/index.ts',
  out: './migrations',
  entities: { roles: false },
});
