/**
 * Erasing a child on the 1,000-church benchmark database: the request's time (the erasing tenant
 * transaction, through the real HTTP server on PostgreSQL) and the time of the purge that follows it
 * as background work (VACUUM of the touched tables; the server holds the owner's URL here).
 *
 *   npm run bench:data && npx tsx scripts/bench/erasure.ts       (npm run bench:erasure)
 *
 * Each run erases one child of another church (C00001, C00002, ...), after giving the child a
 * guardian list, a pickup and a medical note through the API (so the audit log has entries to
 * redact). The bench database loses those children: run bench:data again for a fresh one. The purge
 * is timed from the erase's answer until no VACUUM of this database is running any more.
 *
 * Environment: BENCH_DATABASE_URL (the bench:data database), RUNS (10).
 */
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { createPostgresDatabase } from '../../server/db/postgres.js';
import { BENCH_PASSWORD, principalEmail, readShape } from './generate-data.js';
import { APP_POOL_SIZE, authHeaders, BASE_DATABASE_URL, fmt, heading, median, ownerClient, printTable, quantile, signIn, startApp } from './lib.js';

const RUNS = Number(process.env.RUNS ?? 10);
const url = BASE_DATABASE_URL;
const code = (i: number) => `C${String(i).padStart(5, '0')}`;

async function main() {
  heading('erasure (a child erased on the 1,000-church database)');
  const shape = await readShape(url);
  if (!shape) throw new Error(`${url} is not a bench:data database: run npm run bench:data first`);
  const owner = ownerClient(url);
  const [size] = await owner`select pg_size_pretty(pg_database_size(current_database())) as db, (select count(*) from churches)::int as churches,
    (select count(*) from attendance)::int as marks, (select count(*) from students)::int as students`;
  console.log(`  ${url}: ${size.churches} churches, ${size.students} students, ${size.marks} attendance rows, ${size.db}`);
  const db = createPostgresDatabase(url, APP_POOL_SIZE);
  const app = await startApp(db, { BACKUP_DIR: mkdtempSync(path.join(os.tmpdir(), 'ss-bench-erasure-')) });
  const vacuums = async () => Number((await owner`select count(*)::int as n from pg_stat_activity
    where datname = current_database() and pid <> pg_backend_pid() and state = 'active' and query ilike 'vacuum%'`)[0].n);
  const request: number[] = [];
  const purge: number[] = [];
  try {
    for (let i = 1; i <= RUNS + 1; i++) {
      const s = await signIn(app.url, code(i), principalEmail(i), BENCH_PASSWORD);
      const headers = authHeaders(s.token, code(i), true);
      const [child] = await owner`select s.id, s.name from students s join churches c on c.id = s.church_id where c.code = ${code(i)} order by s.name limit 1`;
      const put = async (what: string, body: unknown) => {
        const res = await fetch(`${app.url}/api/students/${child.id}/${what}`, { method: 'PUT', headers, body: JSON.stringify(body) });
        if (res.status !== 200) throw new Error(`${what}: ${res.status} ${await res.text()}`);
      };
      await put('guardians', { guardians: [{ name: `Mother of ${child.name}`, relation: 'mother', phone: '+91 98470 11111', email: `m${i}@example.org` }] });
      await put('pickups', { pickups: [{ name: `Uncle of ${child.name}`, relation: 'grandparent', phone: '+91 98470 22222' }] });
      await put('medical-note', { note: 'Asthma: inhaler in the bag' });

      const started = performance.now();
      const res = await fetch(`${app.url}/api/students/${child.id}/erase`, { method: 'POST', headers, body: JSON.stringify({ confirm_name: child.name }) });
      const text = await res.text();
      const answered = performance.now();
      if (res.status !== 200) throw new Error(`erase: ${res.status} ${text}`);
      // The purge starts after the commit: wait for it to appear (at most 2 s), then to end.
      let seen = false;
      while (performance.now() - answered < 2000 && !(seen = (await vacuums()) > 0)) await sleep(5);
      while (seen && (await vacuums()) > 0) await sleep(5);
      const purged = performance.now();
      if (i === 1) continue; // the warm-up
      request.push(answered - started);
      purge.push(purged - answered);
    }
    const row = (name: string, times: number[]) => {
      const sorted = [...times].sort((a, b) => a - b);
      return { step: name, 'median ms': fmt(median(times)), 'p95 ms': fmt(quantile(sorted, 0.95)), 'max ms': fmt(sorted.at(-1) ?? NaN) };
    };
    console.log(`\n  ${RUNS} erasures (one child each of ${code(2)}..${code(RUNS + 1)}) after one warm-up\n`);
    printTable([row('erase request (one tenant transaction)', request), row('purge after the commit (VACUUM of the touched tables)', purge)]);
  } finally {
    await app.close();
    await db.close();
    await owner.end({ timeout: 5 });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
