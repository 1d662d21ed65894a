import { PGlite } from '@electric-sql/pglite';
const t0 = Date.now();
const db = new PGlite();
await db.query('select 1');
console.log('start ms', Date.now() - t0);
await db.exec(`create role app_tenant nologin; create table t(church_id uuid, v int); alter table t enable row level security; alter table t force row level security;
create policy p on t to app_tenant using (church_id = nullif(current_setting('app.church_id', true), '')::uuid) with check (church_id = nullif(current_setting('app.church_id', true), '')::uuid);
grant select, insert on t to app_tenant;
insert into t values ('00000000-0000-0000-0000-000000000001',1),('00000000-0000-0000-0000-000000000002',2);`);
const r = await db.transaction(async (tx) => {
  await tx.query(`select set_config('app.church_id', $1, true), set_config('role','app_tenant',true)`, ['00000000-0000-0000-0000-000000000001']);
  return (await tx.query('select *, current_user from t')).rows;
});
console.log(r, (await db.query('select current_user, count(*) from t')).rows);
const t1 = Date.now(); const dump = await db.dumpDataDir('none'); console.log('dump ms', Date.now()-t1, dump.size);
const t2 = Date.now(); const c = new PGlite({ loadDataDir: dump }); await c.query('select 1'); console.log('load ms', Date.now()-t2);
const t3 = Date.now(); const c2 = await db.clone(); await c2.query('select 1'); console.log('clone ms', Date.now()-t3);
