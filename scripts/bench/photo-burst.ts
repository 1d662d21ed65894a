/**
 * The roll call while photos are uploaded: how long marking a class's attendance takes, alone and
 * while BURST large photos are being uploaded at once, again and again.
 *
 *   npx tsx scripts/bench/photo-burst.ts        (npm run bench:photo-burst)
 *
 * The app runs in this process (lib.ts startApp, as `npm start` builds it) on a fresh embedded PGlite
 * with the demo church; its uploads go to a temp folder. The teacher marks their first class
 * (POST /api/attendance/mark, today) MARKS times one after the other: first with nothing else
 * running, then while the principal keeps BURST uploads of one PHOTO_WIDTH x PHOTO_HEIGHT noise JPEG
 * (~5 MB, the worst case for the encoder) in flight. Printed: median, p95 and max of the marks, and
 * the photos processed, for each MEDIA_IMAGE_JOBS in JOBS ("0" is the default: one per core but one).
 *
 * Environment: MARKS (40), BURST (4), PHOTO_WIDTH (3600), PHOTO_HEIGHT (2700), JOBS (0,4).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import sharp from 'sharp';
import { createPgliteDatabase } from '../../server/db/pglite.js';
import { demoEmail, seedDemoChurch } from '../../server/modules/demo/index.js';
import { call, fmt, heading, median, printTable, quantile, signIn, startApp } from './lib.js';

const MARKS = Number(process.env.MARKS ?? 40);
const BURST = Number(process.env.BURST ?? 4);
const WIDTH = Number(process.env.PHOTO_WIDTH ?? 3600);
const HEIGHT = Number(process.env.PHOTO_HEIGHT ?? 2700);
const JOBS = (process.env.JOBS ?? '0,4').split(',');
const CODE = 'BURST1';
const PASSWORD = 'bench-password-123';

async function uploadPhoto(url: string, session: { token: string; code: string }, photo: Buffer): Promise<number> {
  const form = new FormData();
  for (const [k, v] of Object.entries({ title: 'Burst', academic_year: '2025-2026', month: '09' })) form.append(k, v);
  form.append('files', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'burst.jpg');
  const res = await fetch(`${url}/api/gallery/upload`, {
    method: 'POST', headers: { authorization: `Bearer ${session.token}`, 'x-church-code': session.code }, body: form,
  });
  await res.arrayBuffer();
  return res.status;
}

async function run(jobs: string, photo: Buffer) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'ss-bench-burst-'));
  const db = await createPgliteDatabase({ dataDir: path.join(dir, 'db') });
  try {
    await db.migrate();
    await seedDemoChurch(db, { code: CODE, password: PASSWORD });
    const app = await startApp(db, {
      UPLOADS_DIR: path.join(dir, 'uploads'), MEDIA_IMAGE_JOBS: jobs, MEDIA_IMAGE_MAX_WAITING: String(BURST), MEDIA_UPLOADS_PER_CHURCH: '100000',
    });
    try {
      const teacher = await signIn(app.url, CODE, demoEmail('teacher', CODE), PASSWORD);
      const principal = await signIn(app.url, CODE, demoEmail('principal', CODE), PASSWORD);
      const [klass] = (await call(app.url, 'GET', '/api/classes', teacher)).body.data;
      const students = (await call(app.url, 'GET', `/api/students/class/${klass.id}`, teacher)).body.data as Array<{ id: string }>;
      const date = new Date().toISOString().slice(0, 10);
      const mark = async (i: number) => {
        const body = { classId: klass.id, date, attendanceData: students.map((s, j) => ({ studentId: s.id, status: (i + j) % 3 ? 'present' : 'absent' })) };
        const t0 = performance.now();
        const res = await call(app.url, 'POST', '/api/attendance/mark', { ...teacher, body });
        if (res.status !== 200) throw new Error(`mark: ${res.status} ${res.body.message}`);
        return performance.now() - t0;
      };
      const marks = async () => {
        const times: number[] = [];
        for (let i = 0; i < MARKS; i++) times.push(await mark(i));
        return times.sort((a, b) => a - b);
      };
      await marks(); // warm-up
      const alone = await marks();

      let stop = false;
      let processed = 0;
      const statuses: Record<number, number> = {};
      const uploaders = Array.from({ length: BURST }, async () => {
        while (!stop) {
          const status = await uploadPhoto(app.url, principal, photo);
          statuses[status] = (statuses[status] ?? 0) + 1;
          if (status === 201) processed++;
        }
      });
      await new Promise((r) => setTimeout(r, 500)); // the burst under way
      const t0 = performance.now();
      const during = await marks();
      const seconds = (performance.now() - t0) / 1000;
      stop = true;
      await Promise.all(uploaders);
      const row = (label: string, times: number[]) => ({
        MEDIA_IMAGE_JOBS: jobs === '0' ? `0 (= ${Math.max(1, os.availableParallelism() - 1)})` : jobs, run: label,
        'median ms': fmt(median(times), 1), 'p95 ms': fmt(quantile(times, 0.95), 1), 'max ms': fmt(times[times.length - 1], 1),
      });
      return [
        { ...row('marks alone', alone), photos: '' },
        { ...row(`marks during ${BURST} uploads`, during), photos: `${processed} in ${fmt(seconds, 1)} s ${JSON.stringify(statuses)}` },
      ];
    } finally {
      await app.close();
    }
  } finally {
    await db.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

async function main() {
  heading(`photo burst: the roll call (${MARKS} marks) during ${BURST} concurrent uploads of a ${WIDTH}x${HEIGHT} JPEG`);
  const photo = await sharp(randomBytes(WIDTH * HEIGHT * 3), { raw: { width: WIDTH, height: HEIGHT, channels: 3 } }).jpeg({ quality: 85 }).toBuffer();
  console.log(`  photo ${fmt(photo.length / 1024 / 1024, 1)} MB; ${os.availableParallelism()} cores; sharp.concurrency() ${sharp.concurrency()} after the gallery module set it`);
  const rows = [];
  for (const jobs of JOBS) rows.push(...await run(jobs, photo));
  printTable(rows);
}

await main();
