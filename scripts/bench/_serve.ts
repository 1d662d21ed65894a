// throwaway: serve the app on ss_bench for profiling; writes plans to /tmp/prof/plans.json
import { writeFileSync } from 'node:fs';
import { createPostgresDatabase } from '../../server/db/postgres.js';
import { APP_POOL_SIZE, BASE_DATABASE_URL, ownerClient, signIn, startApp } from './lib.js';
import { BENCH_PASSWORD, attendanceDates, churchCode, teacherEmail } from './generate-data.js';
const db = createPostgresDatabase(BASE_DATABASE_URL, APP_POOL_SIZE);
const app = await startApp(db);
const date = attendanceDates(1)[0];
const N = Number(process.env.PLANS ?? 64);
const codes = Array.from({ length: N }, (_, k) => churchCode(1 + k));
const sql = ownerClient('postgres://postgres@127.0.0.1:5432/ss_bench');
const rows = await sql<{ code: string; class_id: string; students: string[] }[]>`
  select ch.code, c.id as class_id, array_agg(s.id order by s.roll_number) as students
  from churches ch join classes c on c.church_id = ch.id and c.class_name = 'LKG'
  join students s on s.church_id = c.church_id and s.class_id = c.id
  where ch.code = any(${codes}::text[]) group by ch.code, c.id`;
await sql.end();
const plans = [];
for (const r of rows) {
  const s = await signIn(app.url, r.code, teacherEmail(Number(r.code.slice(1)), 0), BENCH_PASSWORD);
  plans.push({ method: 'POST', path: '/api/attendance/mark',
    headers: { authorization: `Bearer ${s.token}`, 'x-church-code': r.code, 'content-type': 'application/json' },
    body: JSON.stringify({ classId: r.class_id, date, attendanceData: r.students.map((studentId, j) => ({ studentId, status: j % 6 === 5 ? 'absent' : 'present' })) }) });
}
writeFileSync('/tmp/prof/plans.json', JSON.stringify(plans));
writeFileSync('/tmp/prof/url', app.url);
console.log('ready', app.url);
process.on('SIGINT', async () => { await app.close(); await db.close(); process.exit(0); });
import { performance } from 'node:perf_hooks';
let elu = performance.eventLoopUtilization();
setInterval(() => { const d = performance.eventLoopUtilization(elu); elu = performance.eventLoopUtilization(); if (d.utilization > 0.05) console.log('elu', d.utilization.toFixed(2)); }, 2000).unref();
import { sql as dsql } from 'drizzle-orm';
process.on('SIGUSR2', async () => {
  const all = await Promise.all(Array.from({ length: 10 }, () => db.withPlatform(async (tx) => {
    const r = await tx.execute(dsql`select generic_plans, custom_plans, left(regexp_replace(statement, '\s+', ' ', 'g'), 60) as s from pg_prepared_statements where statement not like '%pg_prepared_statements%'`);
    await new Promise((res) => setTimeout(res, 50));
    return r;
  })));
  console.log(JSON.stringify(all.flat().slice(0, 12)));
});
