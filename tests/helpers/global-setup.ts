import { mkdtempSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { dumpMigratedPglite } from '../../server/db/pglite.js';
import { createPostgresDatabase } from '../../server/db/postgres.js';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
  }
}

/**
 * Once per run: PGlite starts slowly, so one migrated data directory is dumped and every test file
 * loads a private copy; PostgreSQL (DATABASE_URL, a fresh database per CI run) is migrated once and
 * shared, each test file making churches with codes of its own.
 */
export default async function setup(project: TestProject) {
  const dir = mkdtempSync(path.join(tmpdir(), 'ss-pglite-'));
  const file = path.join(dir, 'template.tar');
  writeFileSync(file, Buffer.from(await (await dumpMigratedPglite()).arrayBuffer()));
  project.provide('pgliteTemplate', file);
  if (process.env.DATABASE_URL) {
    const db = createPostgresDatabase(process.env.DATABASE_URL, 1);
    await db.migrate();
    await db.close();
  }
  return () => rmSync(dir, { recursive: true, force: true });
}
