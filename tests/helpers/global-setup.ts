import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { dumpMigratedPglite } from '../../server/db/pglite.js';
import { createPostgresDatabase } from '../../server/db/postgres.js';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
  }
}

const ROOT = path.resolve(import.meta.dirname, '../..');
const MIGRATIONS = path.join(ROOT, 'migrations');
const CACHE = path.join(ROOT, 'node_modules/.cache/sunday-school-tests');

/** What a migrated PGlite depends on: the migrations (SQL and journal) and PGlite's own version. */
function templateKey(): string {
  const hash = createHash('sha256');
  const pglite = JSON.parse(readFileSync(path.join(ROOT, 'node_modules/@electric-sql/pglite/package.json'), 'utf8')) as { version: string };
  hash.update(pglite.version);
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else hash.update(entry.name).update(readFileSync(file));
    }
  };
  walk(MIGRATIONS);
  return hash.digest('hex').slice(0, 16);
}

/**
 * Once per project: a migrated PGlite data directory, dumped to a file that every test file loads
 * a private copy of (PGlite starts slowly, and its initdb and migrations cost seconds). The dump is
 * kept under node_modules/.cache by the hash of the migrations and PGlite's version, so the PGlite
 * and browser projects of one run, and later runs, make it once. PostgreSQL (DATABASE_URL, a fresh
 * database per CI run) is migrated once and shared, each test file making churches of its own.
 */
export default async function setup(project: TestProject) {
  const backend = project.config.env?.TEST_DB ?? 'pglite';
  if (backend === 'postgres') {
    const url = process.env.DATABASE_URL;
    if (!url) throw new Error('The PostgreSQL project needs DATABASE_URL');
    const db = createPostgresDatabase(url, 1);
    await db.migrate();
    await db.close();
    return;
  }
  mkdirSync(CACHE, { recursive: true });
  const file = path.join(CACHE, `pglite-template-${templateKey()}.tar`);
  if (!existsSync(file)) {
    // Written aside and renamed: a reader never sees half a file.
    const partial = `${file}.${process.pid}.partial`;
    writeFileSync(partial, Buffer.from(await (await dumpMigratedPglite()).arrayBuffer()));
    renameSync(partial, file);
  }
  project.provide('pgliteTemplate', file);
}
