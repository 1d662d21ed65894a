/**
 * The media gallery: a 50 MB video upload, the gallery list on a large database, photo thumbnails.
 *
 *   npx tsx scripts/bench/gallery.ts            (npm run bench:gallery)
 *
 * 1. Upload. The server runs in a child process as `npm start` runs it (lib.ts startServerProcess:
 *    server/main.ts, NODE_ENV=production) with the demo church, on a fresh embedded PGlite (or, with
 *    BENCH_DATABASE=postgres, on a fresh database <BENCH_DATABASE_URL name>_gallery_upload of the
 *    local PostgreSQL), its uploads in a temp folder. An MP4 of UPLOAD_MB (an `ftyp` box, then an
 *    `mdat` box of filler), written to a temp file, is sent by node:http as the upload form sends it
 *    (the text fields, then the file part streamed from disk) to POST /api/gallery/upload as the demo
 *    principal, UPLOAD_RUNS times after a small warm-up upload (each item deleted again). Printed per
 *    run: time and MB/s, the server process's resident memory (VmRSS of /proc/<pid>/status, sampled
 *    every RSS_SAMPLE_MS) before, at its peak during the upload and after, its CPU time (utime +
 *    stime of /proc/<pid>/stat, all threads), and beside it `cat file > copy` of the same file on the
 *    same disk (the file is in the page cache for both).
 * 2. List. GET /api/gallery (tRPC gallery.list through the REST adapter) through real HTTP (the app
 *    in this process, lib.ts startApp) as the principal of a church with LIST_CHURCH_ROWS media
 *    rows: page 1, page LIST_DEEP_PAGE and page 1 filtered by academic_year + month, LIST_RUNS calls
 *    each, interleaved, median and p95, in a database holding LIST_TOTAL_ROWS media rows of
 *    LIST_CHURCHES churches and in one holding only that church's rows; the ratio big / small. The
 *    rows are made by INSERT ... SELECT generate_series as the owner (a superuser: no row-level
 *    security), in creation-time order with the church's rows spread among the others' (as uploads of
 *    many churches arrive), then VACUUM (ANALYZE) as autovacuum would do. Always on PostgreSQL
 *    (<name>_gallery and <name>_gallery_one, dropped at the end; skipped with a note when the server
 *    cannot be reached), then on PGlite (in a temp folder) with LIST_PGLITE_TOTAL_ROWS in all (1M
 *    rows take PGlite too long). Then EXPLAIN (ANALYZE, BUFFERS) of the statements a list request
 *    sends (captured on the wire), run inside the tenant door (as app_tenant, row-level security on).
 * 3. Thumbnails. makeStoredImages (server/modules/gallery/images.ts: a 400 px and a 1600 px WebP)
 *    in this process on IMAGES distinct 3000x2000 JPEGs of gradient, texture and noise (~2.5 MB
 *    each): images per second one at a time and two at a time.
 *
 * Everything it makes (child processes, temp folders, databases) is removed at the end, also after
 * a failure or Ctrl-C.
 *
 * Environment: GALLERY_PARTS (upload,list,thumbnails), UPLOAD_MB (50, the video limit), UPLOAD_RUNS
 * (5), RSS_SAMPLE_MS (20), BENCH_DATABASE=postgres (part 1 on PostgreSQL), LIST_CHURCHES (1000),
 * LIST_TOTAL_ROWS (1000000), LIST_CHURCH_ROWS (10000), LIST_PGLITE_TOTAL_ROWS (100000; 0 skips PGlite),
 * LIST_RUNS (50), LIST_DEEP_PAGE (500), IMAGES (20), BENCH_DATABASE_URL (server and base name).
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { closeSync, createReadStream, createWriteStream, mkdtempSync, openSync, rmSync, statSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { pipeline } from 'node:stream/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { GALLERY_PAGE_SIZE, MEDIA_MAX_BYTES } from '../../common/media-limits.js';
import { rowsOf, type Database } from '../../server/db/index.js';
import { createPgliteDatabase } from '../../server/db/pglite.js';
import { createPostgresDatabase } from '../../server/db/postgres.js';
import { demoEmail, seedDemoChurch } from '../../server/modules/demo/index.js';
import { makeStoredImages } from '../../server/modules/gallery/index.js';
import {
  BASE_DATABASE_URL, CLK_TCK, authHeaders, call, cpuMsPer, cpuSample, databaseUrl, dropDatabase, fmt, freshDatabase, heading,
  literalSql, machineState, median, ownerClient, printTable, processCpu, quantile, ratio, recreateDatabase, residentBytes, runOps,
  signIn, startApp, startPgProxy, startServerProcess, stopChildProcesses, summarizePlans, typeNamesFor, type CapturedStatement,
  type RunningApp,
} from './lib.js';

const MiB = 1024 * 1024;
const PARTS = new Set((process.env.GALLERY_PARTS ?? 'upload,list,thumbnails').split(',').map((p) => p.trim()));
const UPLOAD_BYTES = Math.round(Number(process.env.UPLOAD_MB ?? MEDIA_MAX_BYTES.video / MiB) * MiB);
const UPLOAD_RUNS = Number(process.env.UPLOAD_RUNS ?? 5);
const RSS_SAMPLE_MS = Number(process.env.RSS_SAMPLE_MS ?? 20);
const LIST_CHURCHES = Number(process.env.LIST_CHURCHES ?? 1000);
const LIST_TOTAL_ROWS = Number(process.env.LIST_TOTAL_ROWS ?? 1_000_000);
const LIST_CHURCH_ROWS = Number(process.env.LIST_CHURCH_ROWS ?? 10_000);
const LIST_PGLITE_TOTAL_ROWS = Number(process.env.LIST_PGLITE_TOTAL_ROWS ?? 100_000);
const LIST_RUNS = Number(process.env.LIST_RUNS ?? 50);
const LIST_DEEP_PAGE = Number(process.env.LIST_DEEP_PAGE ?? 500);
const IMAGES = Number(process.env.IMAGES ?? 20);
const ON_POSTGRES = process.env.BENCH_DATABASE === 'postgres';
const PASSWORD = 'bench-password-123';
const LIST_CODE = 'GALLRY';
const pgServer = Object.assign(new URL(BASE_DATABASE_URL), { pathname: '/postgres' }).toString();

const mb = (bytes: number) => fmt(bytes / MiB, 1);
const sortedOf = (values: number[]) => [...values].sort((a, b) => a - b);
const p95 = (values: number[]) => quantile(sortedOf(values), 0.95);

// ---------------------------------------------------------------------------------------------
// Clean-up: what was made is undone at the end, last first, also after a failure or a signal.

const undo: Array<{ what: string; fn: () => unknown }> = [];
const atEnd = (what: string, fn: () => unknown) => { undo.push({ what, fn }); };
/** Undoes, last first, what was registered after `mark` (undo.length then). */
async function undoTo(mark: number): Promise<void> {
  while (undo.length > mark) {
    const item = undo.pop()!;
    try {
      await item.fn();
    } catch (error) {
      console.error(`  clean-up: ${item.what} failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}
/** Runs a part; what it made is undone when it ends (the next part gets the machine to itself). */
async function part(fn: () => Promise<void>): Promise<void> {
  const mark = undo.length;
  try {
    await fn();
  } finally {
    await undoTo(mark);
  }
}
let cleaning: Promise<void> | undefined;
const cleanUp = () => (cleaning ??= undoTo(0));

type Session = Awaited<ReturnType<typeof signIn>>;

// ---------------------------------------------------------------------------------------------
// 1. Upload

/** An MP4's first boxes as a muxer writes them (`ftyp` isom with its compatible brands, an empty
 * `free`), then the head of an `mdat` box holding the rest of the file: the server tells the type
 * from these bytes. */
function mp4Head(totalBytes: number): Buffer {
  const brands = ['isom', 'iso2', 'avc1', 'mp41'];
  const ftyp = Buffer.alloc(16 + brands.length * 4);
  ftyp.writeUInt32BE(ftyp.length, 0);
  ftyp.write('ftyp', 4, 'latin1');
  ftyp.write('isom', 8, 'latin1');
  ftyp.writeUInt32BE(512, 12);
  brands.forEach((brand, i) => ftyp.write(brand, 16 + i * 4, 'latin1'));
  const free = Buffer.from([0, 0, 0, 8, 0x66, 0x72, 0x65, 0x65]);
  const mdat = Buffer.alloc(8);
  mdat.writeUInt32BE(totalBytes - ftyp.length - free.length, 0);
  mdat.write('mdat', 4, 'latin1');
  return Buffer.concat([ftyp, free, mdat]);
}

/** Writes an MP4 of `bytes` to `file` (filler: one random MiB, repeated). */
async function writeMp4(file: string, bytes: number): Promise<void> {
  const head = mp4Head(bytes);
  const filler = randomBytes(MiB);
  await pipeline(async function* () {
    yield head;
    for (let left = bytes - head.length; left > 0; left -= filler.length) yield filler.subarray(0, Math.min(left, filler.length));
  }, createWriteStream(file));
}

const UPLOAD_FIELDS = { title: 'Bench video', description: 'Sent by scripts/bench/gallery.ts', academic_year: '2025-2026', month: '09', department: 'Sunday School' };

/** POST /api/gallery/upload as a browser's form sends it: the text fields, then the file, streamed from disk. */
async function upload(baseUrl: string, session: Session, file: string, fileName: string) {
  const boundary = `----ss-bench-${randomBytes(12).toString('hex')}`;
  const head = Buffer.from(Object.entries(UPLOAD_FIELDS)
    .map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`).join('')
    + `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${fileName}"\r\nContent-Type: video/mp4\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const t0 = performance.now();
  const req = http.request(new URL('/api/gallery/upload', baseUrl), {
    method: 'POST',
    headers: {
      ...authHeaders(session.token, session.code),
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'content-length': String(head.length + statSync(file).size + tail.length),
    },
  });
  const answered = new Promise<http.IncomingMessage>((resolve, reject) => {
    req.once('response', resolve);
    req.once('error', reject);
  });
  // A refusal may come (and the connection close) before the whole body is sent: the answer counts.
  const [res] = await Promise.all([answered, pipeline(async function* () {
    yield head;
    yield* createReadStream(file);
    yield tail;
  }, req).catch(() => {})]);
  const chunks: Buffer[] = [];
  for await (const chunk of res) chunks.push(chunk as Buffer);
  const ms = performance.now() - t0;
  const text = Buffer.concat(chunks).toString('utf8');
  let body: { success?: boolean; data?: { items?: Array<{ id: string; file_size: number }> }; message?: string };
  try { body = JSON.parse(text); } catch { body = { message: text.slice(0, 200) }; }
  return { status: res.statusCode ?? 0, body, ms };
}

/** Resident memory of a process sampled every RSS_SAMPLE_MS until stop(), which returns the samples. */
function sampleRss(pid: number) {
  const samples = [residentBytes(pid)];
  const timer = setInterval(() => samples.push(residentBytes(pid)), RSS_SAMPLE_MS);
  return {
    stop() {
      clearInterval(timer);
      samples.push(residentBytes(pid));
      return samples.filter(Number.isFinite);
    },
  };
}

/** `cat src > dest` in its own process; milliseconds. */
async function catCopy(src: string, dest: string): Promise<number> {
  const fd = openSync(dest, 'w');
  const t0 = performance.now();
  try {
    const child = spawn('cat', [src], { stdio: ['ignore', fd, 'inherit'] });
    const code = await new Promise<number | null>((resolve, reject) => {
      child.once('error', reject);
      child.once('exit', resolve);
    });
    if (code !== 0) throw new Error(`cat exited with ${code}`);
    return performance.now() - t0;
  } finally {
    closeSync(fd);
    rmSync(dest, { force: true });
  }
}

async function uploadBenchmark() {
  const uploadDb = databaseUrl('_gallery_upload');
  heading(`1. Upload of a ${mb(UPLOAD_BYTES)} MB MP4 to the server in a child process (${ON_POSTGRES ? `PostgreSQL ${uploadDb}` : 'embedded PGlite'})`);
  const workDir = mkdtempSync(path.join(os.tmpdir(), 'ss-bench-gallery-upload-'));
  atEnd(`removing ${workDir}`, () => rmSync(workDir, { recursive: true, force: true }));
  if (ON_POSTGRES) {
    await recreateDatabase(uploadDb);
    atEnd(`dropping ${uploadDb}`, () => dropDatabase(uploadDb));
  }
  // Before the start: a signal during it stops the processes before their folder is removed.
  atEnd('stopping the server process', stopChildProcesses);
  const server = await startServerProcess({
    workDir, databaseUrl: ON_POSTGRES ? uploadDb : undefined, env: { DEMO_SEED: 'true', DEMO_PASSWORD: PASSWORD },
  });
  const { pid } = server;
  const session = await signIn(server.url, 'DEMO01', demoEmail('principal', 'DEMO01'), PASSWORD);

  const file = path.join(workDir, 'bench-video.mp4');
  const small = path.join(workDir, 'warm-up.mp4');
  await writeMp4(file, UPLOAD_BYTES);
  await writeMp4(small, MiB);
  console.log(`  server pid ${pid}, uploads to ${path.join(workDir, 'uploads')}; file ${file} (${statSync(file).size} bytes); ` +
    `RSS sampled every ${RSS_SAMPLE_MS} ms; CLK_TCK ${CLK_TCK}`);

  const remove = async (id: string | undefined) => {
    if (!id) return;
    const res = await call(server.url, 'DELETE', `/api/gallery/${id}`, { token: session.token, code: session.code });
    if (res.status !== 200) console.log(`  could not delete ${id}: ${res.status} ${res.body.message}`);
  };
  const warm = await upload(server.url, session, small, 'warm-up.mp4');
  if (warm.status !== 201) throw new Error(`the warm-up upload answered ${warm.status}: ${JSON.stringify(warm.body).slice(0, 300)}`);
  await remove(warm.body.data?.items?.[0]?.id);

  const rows: Array<Record<string, string | number>> = [];
  const times: number[] = [];
  const catTimes: number[] = [];
  const growths: number[] = [];
  const cpus: number[] = [];
  for (let run = 1; run <= UPLOAD_RUNS; run++) {
    await sleep(500); // let the previous run's garbage and deleted files settle
    const sampler = sampleRss(pid);
    const cpu0 = processCpu(pid);
    const res = await upload(server.url, session, file, 'bench-video.mp4');
    const [cpuMs] = cpuMsPer(cpu0, processCpu(pid), 1);
    const samples = sampler.stop();
    if (res.status !== 201) throw new Error(`upload ${run} answered ${res.status}: ${JSON.stringify(res.body).slice(0, 300)}`);
    const stored = res.body.data?.items?.[0];
    if (stored?.file_size !== UPLOAD_BYTES) console.log(`  NOTE: the server stored ${stored?.file_size} bytes of ${UPLOAD_BYTES}`);
    await remove(stored?.id);
    const catMs = await catCopy(file, path.join(workDir, 'cat-copy.mp4'));
    const before = samples[0];
    const peak = Math.max(...samples);
    times.push(res.ms);
    catTimes.push(catMs);
    growths.push(peak - before);
    cpus.push(cpuMs);
    rows.push({
      run, 'upload ms': Math.round(res.ms), 'MB/s': fmt(UPLOAD_BYTES / MiB / (res.ms / 1000), 1),
      'RSS before MB': mb(before), 'RSS peak MB': mb(peak), 'growth MB': mb(peak - before), 'RSS after MB': mb(samples[samples.length - 1]),
      samples: samples.length, 'server CPU ms': Math.round(cpuMs),
      'cat ms': Math.round(catMs), 'cat MB/s': Math.round(UPLOAD_BYTES / MiB / (catMs / 1000)),
    });
  }
  console.log();
  printTable(rows);
  const uploadMBs = UPLOAD_BYTES / MiB / (median(times) / 1000);
  const catMBs = UPLOAD_BYTES / MiB / (median(catTimes) / 1000);
  console.log(`\n  median of ${UPLOAD_RUNS}: upload ${fmt(median(times), 0)} ms = ${fmt(uploadMBs, 1)} MB/s, server CPU ${fmt(median(cpus), 0)} ms ` +
    `(${fmt(median(cpus) / (UPLOAD_BYTES / MiB), 1)} ms per MB); cat ${fmt(median(catTimes), 0)} ms = ${fmt(catMBs, 0)} MB/s ` +
    `(upload / cat: ${fmt(ratio(uploadMBs, catMBs) * 100, 1)}%)`);
  console.log(`  server RSS growth during an upload: median ${fmt(median(growths) / MiB, 1)} MB, largest ${fmt(Math.max(...growths) / MiB, 1)} MB ` +
    `for a ${mb(UPLOAD_BYTES)} MB file (MB = MiB)`);
}

// ---------------------------------------------------------------------------------------------
// 2. List

interface ListTarget {
  label: string;
  db: Database;
  app: RunningApp;
  session: Session;
  churchId: string;
  /** PostgreSQL only: the database's URL (for capturing statements on the wire). */
  url?: string;
}

const LIST_START = Date.parse('2022-06-01T00:00:00Z') / 1000;
const LIST_SPAN_SECONDS = 4 * 365.25 * 86_400; // four academic years, June to May

/**
 * INSERT ... SELECT generate_series statements making `total` media rows in creation-time order:
 * row i is the church's when i % step = 0, else one of the other churches' (i % others). With
 * onlyChurch, just the church's rows (the same rows, times and names).
 */
function mediaInsertSql(churchId: string, total: number, churchRows: number, otherChurches: number, onlyChurch: boolean, batch = 100_000): string[] {
  const step = Math.max(1, Math.floor(total / churchRows));
  const secondsPerRow = LIST_SPAN_SECONDS / total;
  const columns = `(church_id, title, description, academic_year, month, department, file_type, file_name, file_path, file_size,
    thumbnail_path, web_path, uploaded_by_name, created_at)`;
  const values = (church: string) => `${church},
    'Bench item ' || g.i, case when g.i % 3 = 0 then 'Loaded by scripts/bench/gallery.ts' end,
    case when extract(month from t.at at time zone 'UTC') >= 6
      then extract(year from t.at at time zone 'UTC')::int || '-' || (extract(year from t.at at time zone 'UTC')::int + 1)
      else (extract(year from t.at at time zone 'UTC')::int - 1) || '-' || extract(year from t.at at time zone 'UTC')::int end,
    to_char(t.at at time zone 'UTC', 'MM'), case when g.i % 7 = 3 then 'choir' else 'sunday_school' end,
    case when g.i % 10 = 7 then 'video/mp4' else 'image/jpeg' end, 'item-' || g.i || case when g.i % 10 = 7 then '.mp4' else '.jpg' end,
    'b' || lpad(g.i::text, 21, '0') || case when g.i % 10 = 7 then '.mp4' else '.jpg' end, 1000000 + (g.i::bigint * 7919) % 9000000,
    case when g.i % 10 = 7 then null else 't' || lpad(g.i::text, 21, '0') || '.webp' end,
    case when g.i % 10 = 7 then null else 'w' || lpad(g.i::text, 21, '0') || '.webp' end,
    'Bench Uploader', t.at`;
  const time = `cross join lateral (select to_timestamp(${LIST_START} + g.i * ${secondsPerRow}) as at) t`;
  const out: string[] = [];
  if (onlyChurch) {
    for (let lo = 0; lo < total; lo += batch * step) {
      out.push(`insert into media ${columns} select ${values(`'${churchId}'::uuid`)}
        from generate_series(${lo}, ${Math.min(total, lo + batch * step) - 1}, ${step}) as g(i) ${time}`);
    }
    return out;
  }
  for (let lo = 0; lo < total; lo += batch) {
    out.push(`with others as (select id, (row_number() over (order by code) - 1)::int as k from churches where code like 'GB%')
      insert into media ${columns} select ${values(`case when g.i % ${step} = 0 then '${churchId}'::uuid else o.id end`)}
      from generate_series(${lo}, ${Math.min(total, lo + batch) - 1}) as g(i) ${time}
      join others o on o.k = g.i % ${otherChurches}`);
  }
  return out;
}

/** A migrated database with the church (its principal signs in) and the media rows, the app serving it. */
async function listTarget(kind: 'postgres' | 'pglite', onlyChurch: boolean, total: number): Promise<ListTarget> {
  const t0 = performance.now();
  let db: Database;
  let url: string | undefined;
  if (kind === 'postgres') {
    url = databaseUrl(onlyChurch ? '_gallery_one' : '_gallery');
    const dbUrl = url;
    atEnd(`dropping ${dbUrl}`, () => dropDatabase(dbUrl));
    db = await freshDatabase(dbUrl);
  } else {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'ss-bench-gallery-pglite-'));
    atEnd(`removing ${dir}`, () => rmSync(dir, { recursive: true, force: true }));
    db = await createPgliteDatabase({ dataDir: dir });
    await db.migrate();
  }
  const opened = db;
  atEnd(`closing the ${kind} database`, () => opened.close());
  const { churchId } = await seedDemoChurch(db, { code: LIST_CODE, password: PASSWORD });
  const others = onlyChurch ? 0 : LIST_CHURCHES - 1;
  if (others > 0) {
    await db.ownerQuery(sql.raw(`insert into churches (code, name, subscription_tier, subscription_status, subscription_end_date)
      select 'GB' || lpad(n::text, 4, '0'), 'Bench Church ' || n, 'premium', 'active', now() + interval '1 year'
      from generate_series(1, ${others}) as n`));
  }
  const loadStart = performance.now();
  for (const statement of mediaInsertSql(churchId, total, LIST_CHURCH_ROWS, others, onlyChurch)) await db.ownerQuery(sql.raw(statement));
  const loadSeconds = (performance.now() - loadStart) / 1000;
  await db.ownerQuery(sql.raw('vacuum (analyze) media'));
  await db.ownerQuery(sql.raw('analyze churches'));
  const [counts] = await db.ownerQuery<{ all: number; church: number; churches: number }>(sql.raw(`select
    (select count(*)::int from media) as "all", (select count(*)::int from media where church_id = '${churchId}') as church,
    (select count(*)::int from churches) as churches`));
  const app = await startApp(db);
  atEnd(`closing the ${kind} app`, () => app.close());
  const session = await signIn(app.url, LIST_CODE, demoEmail('principal', LIST_CODE), PASSWORD);
  const label = `${kind} ${onlyChurch ? 'one church' : `${counts.churches} churches`}`;
  console.log(`  ${label.padEnd(24)} ${String(counts.all).padStart(9)} media rows, ${counts.church} of ${LIST_CODE}; ` +
    `rows inserted in ${fmt(loadSeconds, 1)} s (${fmt(counts.all / loadSeconds, 0)} rows/s), ready in ${fmt((performance.now() - t0) / 1000, 1)} s`);
  return { label, db, app, session, churchId, url };
}

function listPaths() {
  const pages = Math.ceil(LIST_CHURCH_ROWS / GALLERY_PAGE_SIZE);
  const deep = Math.min(LIST_DEEP_PAGE, pages);
  return {
    'page 1': '/api/gallery?page=1',
    [`page ${deep}`]: `/api/gallery?page=${deep}`,
    'page 1, 2025-2026/09': '/api/gallery?academic_year=2025-2026&month=09&page=1',
  };
}

/** LIST_RUNS interleaved calls of each request on each target (a change of the machine's load hits all alike). */
async function timeLists(big: ListTarget, small: ListTarget) {
  const paths = listPaths();
  const timings = new Map<string, number[]>();
  for (const t of [big, small]) {
    for (const [name, p] of Object.entries(paths)) {
      const res = await call(t.app.url, 'GET', p, { token: t.session.token, code: t.session.code });
      if (res.status !== 200) throw new Error(`${t.label} ${name}: ${res.status} ${JSON.stringify(res.body).slice(0, 300)}`);
      if (t === big) {
        const { items, pagination } = res.body.data;
        console.log(`  ${name}: ${items.length} items of ${pagination.total} (${pagination.totalPages} pages), newest ${items[0]?.created_at}`);
      }
      for (let i = 0; i < 5; i++) await call(t.app.url, 'GET', p, { token: t.session.token, code: t.session.code });
      timings.set(`${t.label}|${name}`, []);
    }
  }
  for (let i = 0; i < LIST_RUNS; i++) {
    for (const [name, p] of Object.entries(paths)) {
      for (const t of [big, small]) {
        const t0 = performance.now();
        const res = await call(t.app.url, 'GET', p, { token: t.session.token, code: t.session.code });
        timings.get(`${t.label}|${name}`)!.push(performance.now() - t0);
        if (res.status !== 200) throw new Error(`${t.label} ${name}: ${res.status}`);
      }
    }
  }
  console.log();
  printTable(Object.keys(paths).map((name) => {
    const b = timings.get(`${big.label}|${name}`)!;
    const s = timings.get(`${small.label}|${name}`)!;
    return {
      'GET /api/gallery': name,
      'median ms, big': Number(median(b).toFixed(2)), 'median ms, one church': Number(median(s).toFixed(2)),
      'big / one': `${fmt(ratio(median(b), median(s)), 2)}x`,
      'p95 ms, big': Number(p95(b).toFixed(2)), 'p95 ms, one church': Number(p95(s).toFixed(2)),
      'p95 big / one': `${fmt(ratio(p95(b), p95(s)), 2)}x`,
    };
  }));
  console.log(`  (${LIST_RUNS} calls each, one at a time; big = ${big.label}; the aim is big / one <= 1.5x)`);
}

/** The statements one list request sends, captured on the wire (second call: caches warm). */
async function captureListStatements(target: ListTarget): Promise<Record<string, CapturedStatement[]>> {
  const proxy = await startPgProxy({ target: target.url!, capture: true });
  const db = createPostgresDatabase(proxy.urlFor(target.url!), 1);
  const app = await startApp(db);
  const out: Record<string, CapturedStatement[]> = {};
  try {
    const session = await signIn(app.url, LIST_CODE, demoEmail('principal', LIST_CODE), PASSWORD);
    for (const [name, p] of Object.entries(listPaths())) {
      await call(app.url, 'GET', p, { token: session.token, code: session.code });
      proxy.takeStatements();
      await call(app.url, 'GET', p, { token: session.token, code: session.code });
      // The page goes as a prepared statement, the count without parameters as a simple query.
      out[name] = proxy.takeStatements().filter((s) => /from "media"/i.test(s.sql));
    }
  } finally {
    await app.close();
    await db.close();
    await proxy.close();
  }
  return out;
}

const EXPLAIN_RUNS = 5;

/** EXPLAIN (ANALYZE, BUFFERS) inside the tenant door (app_tenant, the church set): the plan of the
 * last run and the median execution time of the runs after the first. */
async function explainAsTenant(target: ListTarget, query: string) {
  const plans: string[][] = [];
  for (let run = 0; run < EXPLAIN_RUNS; run++) {
    const rows = await target.db.withTenant(target.churchId, async (tx) =>
      rowsOf<Record<string, unknown>>(await tx.execute(sql.raw(`explain (analyze, buffers) ${query}`))));
    plans.push(rows.map((r) => String(r['QUERY PLAN'])));
  }
  return summarizePlans(plans);
}

const oneLine = (s: string, max = 140) => {
  const flat = s.replace(/\s+/g, ' ');
  return flat.length > max ? `${flat.slice(0, max)}...` : flat;
};

/** The statements as literal SQL: what the page and count of each request ran. */
async function listQueries(target: ListTarget) {
  const captured = await captureListStatements(target);
  const typeNames = await typeNamesFor(target.url!, Object.values(captured).flat());
  return Object.entries(captured).flatMap(([name, statements]) => statements.map((s) => ({
    name: `${name}: ${/count\(/i.test(s.sql) ? 'count' : 'page'}`,
    query: literalSql(s, typeNames),
  })));
}

async function explainLists(big: ListTarget, small: ListTarget, queries: Array<{ name: string; query: string }>) {
  const rows: Array<Record<string, string | number>> = [];
  for (const { name, query } of queries) {
    const b = await explainAsTenant(big, query);
    const s = await explainAsTenant(small, query);
    if (name === 'page 1: page') {
      console.log(`\n  page 1 as the tenant door runs it (${big.label}): ${oneLine(query, 200)}`);
      console.log(b.plan.slice(0, 14).map((l) => `    ${l}`).join('\n'));
      if (b.plan.length > 14) console.log(`    ... (${b.plan.length - 14} more lines)`);
    }
    rows.push({
      statement: name, 'exec ms, big': Number(b.executionMs.toFixed(3)), 'exec ms, one church': Number(s.executionMs.toFixed(3)),
      'big / one': `${fmt(ratio(b.executionMs, s.executionMs), 2)}x`,
      'indexes (big)': b.indexes.join(', ') || 'none', 'seq scans (big)': b.seqScans.join(', ') || 'none', 'order (big)': b.order,
    });
  }
  console.log(`\n  EXPLAIN (ANALYZE, BUFFERS) inside the tenant door, median execution of ${EXPLAIN_RUNS - 1} warm runs:`);
  printTable(rows);
  const sorted = rows.filter((r) => String(r['order (big)']).startsWith('sort')).map((r) => r.statement);
  if (sorted.length) {
    console.log(`  NOTE: ${sorted.join('; ')}: the order comes from sorting every row the scan returns, not from reading an index in order`);
  }
}

async function postgresReachable(): Promise<boolean> {
  const admin = ownerClient(pgServer);
  try {
    await admin`select 1`;
    return true;
  } catch {
    return false;
  } finally {
    await admin.end({ timeout: 5 });
  }
}

type ListQueries = Array<{ name: string; query: string }>;

/** On PostgreSQL: the two databases, the timings, the plans; answers the statements a list request runs. */
async function listOnPostgres(): Promise<ListQueries> {
  heading(`2a. GET /api/gallery on PostgreSQL: ${LIST_CHURCH_ROWS} items of one church among ${LIST_TOTAL_ROWS} of ${LIST_CHURCHES} churches, vs that church alone`);
  const big = await listTarget('postgres', false, LIST_TOTAL_ROWS);
  const small = await listTarget('postgres', true, LIST_TOTAL_ROWS);
  await timeLists(big, small);
  const queries = await listQueries(big);
  await explainLists(big, small, queries);
  return queries;
}

/** On PGlite, with fewer rows; the plans of the statements captured on PostgreSQL (the same SQL). */
async function listOnPglite(queries: ListQueries | undefined): Promise<void> {
  heading(`2b. GET /api/gallery on PGlite: ${LIST_CHURCH_ROWS} items of one church among ${LIST_PGLITE_TOTAL_ROWS} of ${LIST_CHURCHES} churches, vs that church alone`);
  console.log(`  (fewer rows than on PostgreSQL, where it is ${LIST_TOTAL_ROWS}: PGlite loads them too slowly; LIST_PGLITE_TOTAL_ROWS sets it)`);
  const big = await listTarget('pglite', false, LIST_PGLITE_TOTAL_ROWS);
  const small = await listTarget('pglite', true, LIST_PGLITE_TOTAL_ROWS);
  await timeLists(big, small);
  if (queries) await explainLists(big, small, queries);
  else console.log('  (no EXPLAIN: the statements are captured on PostgreSQL\'s wire, which was not reachable)');
}

async function listBenchmark() {
  let queries: ListQueries | undefined;
  if (await postgresReachable()) await part(async () => { queries = await listOnPostgres(); });
  else console.log(`\n  NOTE: PostgreSQL at ${pgServer} cannot be reached; the list on PostgreSQL is skipped.`);
  if (LIST_PGLITE_TOTAL_ROWS > 0) await part(() => listOnPglite(queries));
  else console.log('\n  The list on PGlite is skipped (LIST_PGLITE_TOTAL_ROWS=0).');
}

// ---------------------------------------------------------------------------------------------
// 3. Thumbnails

const PHOTO_WIDTH = 3000;
const PHOTO_HEIGHT = 2000;

/** Distinct JPEGs (quality 90, as a phone saves them) of a gradient, a soft texture and noise:
 * detail that neither compresses away nor repeats, ~2.5 MB each. */
async function makePhotos(count: number): Promise<Buffer[]> {
  const n = PHOTO_WIDTH * PHOTO_HEIGHT * 3;
  const base = new Float32Array(n);
  for (let y = 0; y < PHOTO_HEIGHT; y++) {
    for (let x = 0; x < PHOTO_WIDTH; x++) {
      const i = (y * PHOTO_WIDTH + x) * 3;
      base[i] = (255 * x) / PHOTO_WIDTH;
      base[i + 1] = (255 * y) / PHOTO_HEIGHT;
      base[i + 2] = 128 + 80 * Math.sin(x / 37) * Math.cos(y / 53);
    }
  }
  const photos: Buffer[] = [];
  for (let k = 0; k < count; k++) {
    const noise = randomBytes(n);
    const pixels = new Uint8ClampedArray(n);
    for (let i = 0; i < n; i++) pixels[i] = base[i] + (noise[i] - 128) * 0.22;
    photos.push(await sharp(Buffer.from(pixels.buffer), { raw: { width: PHOTO_WIDTH, height: PHOTO_HEIGHT, channels: 3 } })
      .jpeg({ quality: 90 }).toBuffer());
  }
  return photos;
}

async function thumbnailBenchmark() {
  heading(`3. makeStoredImages (a ${400} px and a 1600 px WebP) of ${IMAGES} distinct ${PHOTO_WIDTH}x${PHOTO_HEIGHT} JPEGs, in this process`);
  const t0 = performance.now();
  const photos = await makePhotos(IMAGES + 1);
  const sizes = photos.map((p) => p.length);
  console.log(`  photos made in ${fmt((performance.now() - t0) / 1000, 1)} s: ${fmt(median(sizes) / MiB, 2)} MB each (median); ` +
    `sharp ${sharp.versions.sharp}, libvips ${sharp.versions.vips}, sharp.concurrency() ${sharp.concurrency()} threads per image, ` +
    `UV_THREADPOOL_SIZE ${process.env.UV_THREADPOOL_SIZE ?? '(default 4)'}`);
  const sample = await makeStoredImages(photos[IMAGES], 'jpeg'); // warm-up, not counted
  console.log(`  one photo gives a ${sample.thumbnail.width}x${sample.thumbnail.height} thumbnail of ${fmt(sample.thumbnail.data.length / 1024, 0)} KB ` +
    `and a ${sample.web.width}x${sample.web.height} web copy of ${fmt(sample.web.data.length / 1024, 0)} KB`);
  const rows: Array<Record<string, string | number>> = [];
  for (const concurrency of [1, 2]) {
    const cpu0 = cpuSample();
    const r = await runOps(IMAGES, concurrency, (i) => makeStoredImages(photos[i], 'jpeg'));
    const [cpuMs, machineMs] = cpuMsPer(cpu0, cpuSample(), IMAGES);
    rows.push({
      run: concurrency === 1 ? 'sequential' : `${concurrency} at a time`, images: IMAGES, 'images/s': Number(r.opsPerSec.toFixed(2)),
      'mean ms': Math.round(r.meanMs), 'p50 ms': Math.round(r.p50Ms), 'max ms': Math.round(r.p99Ms),
      'CPU ms/image (process)': Math.round(cpuMs), 'CPU ms/image (machine)': Math.round(machineMs),
    });
  }
  console.log();
  printTable(rows);
}

// ---------------------------------------------------------------------------------------------

async function main() {
  heading('gallery: upload, list, thumbnails');
  console.log(`  ${await machineState(pgServer)}`);
  if (PARTS.has('upload')) await part(uploadBenchmark);
  if (PARTS.has('list')) await listBenchmark();
  if (PARTS.has('thumbnails')) await part(thumbnailBenchmark);
  console.log(`\n  ${await machineState(pgServer)} (the load average includes this benchmark)`);
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    console.error(`\n  ${signal}: cleaning up`);
    void cleanUp().finally(() => process.exit(130));
  });
}

main().then(
  async () => {
    await cleanUp();
    process.exit(0);
  },
  async (err: unknown) => {
    console.error(err);
    await cleanUp();
    process.exit(1);
  },
);
