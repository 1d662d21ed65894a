/**
 * `npm run citus:rebalance-drill`: a worker added and the shards rebalanced onto it while the app
 * serves churches, on a throw-away cluster (coordinator and two workers, then a third).
 *
 * 1. Start the cluster with `wal_level = logical` (shards move by logical replication), migrate
 *    (which distributes the schema) and seed DRILL_CHURCHES demo churches through the platform door.
 * 2. Start the app on the coordinator, sign in each church's teacher, and keep DRILL_CLIENTS clients
 *    busy marking their class and reading their students over HTTP.
 * 3. Add a third worker and run `citus_rebalance_start()`, waiting for it; the clients go on.
 * 4. Print the shards per node before and after, the requests served during the move, any that
 *    failed, and the slowest.
 */
import { performance } from 'node:perf_hooks';
import postgres from 'postgres';
import { createPostgresDatabase } from '../../server/db/postgres.js';
import { demoEmail, seedDemoChurch } from '../../server/modules/demo/index.js';
import { call, signIn, startApp } from '../bench/lib.js';
import { addWorker, startCluster, stopCluster } from './cluster.js';

const CHURCHES = Number(process.env.DRILL_CHURCHES ?? 24);
const CLIENTS = Number(process.env.DRILL_CLIENTS ?? 8);
const PASSWORD = 'drill-password-123';
/** How shards move: 'block_writes' copies each shard group while its writes wait (reads go on);
 * 'force_logical' or 'auto' copy by logical replication and block writes only at the switch-over. */
const TRANSFER_MODE = process.env.DRILL_TRANSFER_MODE ?? 'block_writes';

const cluster = await startCluster({ nodeSettings: ['wal_level = logical', 'max_replication_slots = 20', 'max_wal_senders = 20'] });
const owner = postgres(cluster.coordinatorUrl, { max: 1, onnotice: () => {} });
const db = createPostgresDatabase(cluster.coordinatorUrl, 8);
let stopLoad = false;
try {
  await db.migrate();
  const codes = Array.from({ length: CHURCHES }, (_, i) => `RB${String(i).padStart(4, '0')}`);
  for (const code of codes) await seedDemoChurch(db, { code, password: PASSWORD });
  const app = await startApp(db);

  // Each client: one church's teacher, their first class and its children.
  const clients = await Promise.all(codes.slice(0, CLIENTS).map(async (code) => {
    const session = await signIn(app.url, code, demoEmail('teacher', code), PASSWORD);
    const [cls] = await owner<Array<{ id: string; student_ids: string[] }>>`
      select c.id, array_agg(s.id order by s.id) as student_ids
      from classes c join students s on s.church_id = c.church_id and s.class_id = c.id
      join churches ch on ch.id = c.church_id
      where ch.code = ${code} and c.teacher_id is not null group by c.id order by c.id limit 1`;
    return { code, token: session.token, classId: cls.id, studentIds: cls.student_ids };
  }));

  const shardsPerNode = async () => Object.fromEntries((await owner<Array<{ node: string; shards: number }>>`
    select nodename || ':' || nodeport as node, count(*)::int as shards from citus_shards group by 1 order by 1`)
    .map((row) => [row.node, row.shards]));

  const stats = { ok: 0, failed: 0, slowestMs: 0, failures: new Map<string, number>() };
  const date = new Date().toISOString().slice(0, 10);
  const loop = async (client: (typeof clients)[number]) => {
    for (let i = 0; !stopLoad; i++) {
      const started = performance.now();
      const res = i % 2 === 0
        ? await call(app.url, 'POST', '/api/attendance/mark', {
          token: client.token, code: client.code,
          body: { classId: client.classId, date, attendanceData: client.studentIds.map((studentId, j) => ({ studentId, status: (i + j) % 3 ? 'present' : 'absent' })) },
        })
        : await call(app.url, 'GET', '/api/students', { token: client.token, code: client.code });
      stats.slowestMs = Math.max(stats.slowestMs, performance.now() - started);
      if (res.status === 200) stats.ok++;
      else {
        stats.failed++;
        const key = `${res.status} ${res.body.message ?? ''}`;
        stats.failures.set(key, (stats.failures.get(key) ?? 0) + 1);
      }
    }
  };

  console.log(`Cluster ${cluster.coordinatorUrl}; ${CHURCHES} churches; ${CLIENTS} clients marking and reading; shards move by ${TRANSFER_MODE}`);
  console.log('Shards per node before:', await shardsPerNode());
  const load = Promise.all(clients.map(loop));
  await new Promise((resolve) => setTimeout(resolve, 3000));
  const before = { ...stats };

  console.log(`Before the move: ${before.ok} requests answered, ${before.failed} failed`);
  const moveStarted = performance.now();
  const worker = await addWorker(cluster, ['wal_level = logical', 'max_replication_slots = 20', 'max_wal_senders = 20']);
  const added = performance.now();
  console.log(`Worker ${worker.port} added; rebalancing`);
  await owner`select citus_rebalance_start(shard_transfer_mode => ${TRANSFER_MODE}::citus.shard_transfer_mode)`;
  await owner`select citus_rebalance_wait()`;
  const moved = performance.now();
  const during = { ok: stats.ok - before.ok, failed: stats.failed - before.failed };
  await new Promise((resolve) => setTimeout(resolve, 2000));
  stopLoad = true;
  await load;
  await app.close();

  console.log(`Worker ${worker.port} added in ${((added - moveStarted) / 1000).toFixed(1)} s; rebalance ran ${((moved - added) / 1000).toFixed(1)} s`);
  console.log('Shards per node after: ', await shardsPerNode());
  console.log(`Requests during the move: ${during.ok} answered 200, ${during.failed} failed; whole drill: ${stats.ok} ok, ${stats.failed} failed; slowest ${stats.slowestMs.toFixed(0)} ms`);
  for (const [failure, n] of stats.failures) console.log(`  ${n} x ${failure}`);
  if (stats.failed > 0) process.exitCode = 1;
} finally {
  stopLoad = true;
  await db.close();
  await owner.end();
  await stopCluster(cluster);
}
