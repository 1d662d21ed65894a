/**
 * The operator console's queries on the benchmark database: which indexes they use, whether any
 * scans a table, and how long each takes.
 *
 *   npm run bench:data                        (once: 1,000 churches; CHURCHES, DAYS make it smaller)
 *   npx tsx scripts/bench/console-plans.ts    (npm run bench:console-plans)
 *
 * The app runs in this process on the benchmark database (BENCH_DATABASE_URL, default ss_bench)
 * behind the wire proxy of lib.ts, which captures the SQL each request sends. An operator signs in
 * and calls every read path of the console (lists with and without filters, a deep page, details);
 * each SELECT it sent is then run under EXPLAIN (ANALYZE, BUFFERS) in the platform door, as the app
 * runs it. Statements that write (audit entries, session touches) are not explained. The operator
 * and the audit entries its reads write stay in the database (it is a benchmark database).
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../server/db/index.js';
import { createPostgresDatabase } from '../../server/db/postgres.js';
import { createOperator } from '../../server/modules/operators/index.js';
import { secretKeys } from '../../server/secret-keys.js';
import {
  BASE_DATABASE_URL, call, databaseExists, heading, literalSql, machineState, ownerClient, printTable, startApp, startPgProxy,
  summarizePlans, typeNamesFor,
  BENCH_TOTP_SEED_KEY,
} from './lib.js';

const EXPLAIN_RUNS = 5;

/** The read paths of the console; `{church}`, `{user}` and `{media}` are ids found on the database. */
const PATHS = [
  'GET /api/admin/dashboard/stats',
  'GET /api/admin/analytics?period=12',
  'GET /api/admin/churches',
  'GET /api/admin/churches?search=c0004',
  'GET /api/admin/churches?status=active&page=50',
  'GET /api/admin/churches/{church}',
  'GET /api/admin/users',
  'GET /api/admin/users?church_id={church}&role=teacher',
  'GET /api/admin/users?page=500',
  'GET /api/admin/users/{user}',
  'GET /api/admin/media',
  'GET /api/admin/media?church_id={church}&type=image',
  'GET /api/admin/audit-logs?limit=100',
  'GET /api/admin/audit-logs?church_id={church}&limit=25',
];

/** Statements the request path itself sends on every call (the operator's session): not the page's. */
const isSessionStatement = (text: string) => /operator_sessions/i.test(text);

async function main() {
  const url = BASE_DATABASE_URL;
  if (!await databaseExists(url)) {
    console.log(`No benchmark database at ${url}: run \`npm run bench:data\` first.`);
    return;
  }
  heading('Operator console: the plans of its read paths on the benchmark database');
  const owner = ownerClient(url);
  const [counts] = await owner`select (select count(*) from churches)::int as churches, (select count(*) from users)::int as users,
    (select count(*) from students)::int as students, (select count(*) from attendance)::int as attendance,
    (select count(*) from media)::int as media, (select count(*) from audit_log)::int as audit`;
  const [ids] = await owner`select c.id as church, (select u.id from users u where u.church_id = c.id order by u.id limit 1) as user,
    (select m.id from media m where m.church_id = c.id limit 1) as media from churches c order by c.code limit 1`;
  await owner.end({ timeout: 5 });
  console.log(`  ${JSON.stringify(counts)}`);

  const email = `bench-ops-${randomBytes(3).toString('hex')}@platform.test`;
  const password = 'bench-operator-password';
  const direct = createPostgresDatabase(url, 2);
  await createOperator(direct, secretKeys({ KEYS_DIR: '', BACKUP_SIGNING_KEY: undefined, TOTP_SEED_KEY: BENCH_TOTP_SEED_KEY }).get('totpSeed'), email, password);

  const proxy = await startPgProxy({ target: url, capture: true });
  const db = createPostgresDatabase(proxy.urlFor(url), 1);
  const app = await startApp(db);
  const captured: Array<{ path: string; text: string }> = [];
  try {
    const login = await call(app.url, 'POST', '/api/admin/auth/login', { body: { email, password } });
    const token = login.body.data.token as string;
    for (const entry of PATHS) {
      const [method, template] = entry.split(' ');
      const path = template.replace('{church}', String(ids.church)).replace('{user}', String(ids.user)).replace('{media}', String(ids.media));
      await call(app.url, method, path, { token });
      proxy.takeStatements();
      const answer = await call(app.url, method, path, { token });
      const statements = proxy.takeStatements().filter((s) => /^\s*(select|with)\b/i.test(s.sql) && !isSessionStatement(s.sql));
      const typeNames = await typeNamesFor(url, statements);
      for (const s of statements) captured.push({ path: `${entry} (${answer.status})`, text: literalSql(s, typeNames) });
    }
  } finally {
    await app.close();
    await db.close();
    await proxy.close();
  }

  const rows: Array<Record<string, string | number>> = [];
  for (const { path, text } of captured) {
    const plans: string[][] = [];
    for (let run = 0; run < EXPLAIN_RUNS; run++) {
      const result = await direct.withPlatform(async (tx) => rowsOf<Record<string, unknown>>(await tx.execute(sql.raw(`explain (analyze, buffers) ${text}`))));
      plans.push(result.map((r) => String(r['QUERY PLAN'])));
    }
    const summary = summarizePlans(plans);
    rows.push({
      path,
      statement: text.replace(/\s+/g, ' ').slice(0, 60),
      'exec ms': Number(summary.executionMs.toFixed(2)),
      indexes: summary.indexes.join(', ') || 'none',
      'seq scans': summary.seqScans.join(', ') || 'none',
      order: summary.order,
    });
  }
  await direct.close();
  printTable(rows);
  console.log(`\n  median of ${EXPLAIN_RUNS - 1} warm runs each; ${await machineState(url)}`);
}

await main();
