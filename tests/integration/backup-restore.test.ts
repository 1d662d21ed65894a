// The restore drill: a church filled through the real HTTP app, backed up into one archive, the
// database and the files wiped, restored into a fresh data folder (PGlite) or a fresh database
// (PostgreSQL, h_backup_* made and dropped here), and then every row of every table and every file
// proven identical, and the restored app serving the church. Plus the refusals: a tampered
// archive, one of a newer migration, a non-empty target, a server holding the embedded folder.
import { spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { createWriteStream, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import postgres from 'postgres';
import yazl from 'yazl';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.js';
import { loadConfig } from '../../server/config.js';
import type { Database } from '../../server/db/index.js';
import { createPgliteDatabase } from '../../server/db/pglite.js';
import { createPostgresDatabase } from '../../server/db/postgres.js';
import { backupJobs, BackupRefusal, createBackup, MANIFEST_PATH, NOT_RESTORED_TABLES, restoreBackup, type Manifest, type RestoreTarget } from '../../server/modules/backup/index.js';
import { openArchive } from '../../server/modules/backup/archive.js';
import { manifestSignature } from '../../server/modules/backup/manifest.js';
import { createLocalMediaStorage, type MediaStorage } from '../../server/modules/media-storage/index.js';
import { backend, openTestDatabase, POSTGRES_TEST_POOL_SIZE, startTestApp, type TestApp } from '../helpers/app.js';
import { churchWithSessions, signIn, type ChurchWithSessions } from '../helpers/church-session.js';
import { addClass } from '../helpers/classes-api.js';
import { uploadFiles } from '../helpers/gallery-upload.js';
import { jpegSample, pdfSample } from '../helpers/media-samples.js';
import { todayIn } from '../../common/dates.js';
import { secretKeys } from '../../server/secret-keys.js';

const ROOT = path.resolve(import.meta.dirname, '../..');
const work = mkdtempSync(path.join(tmpdir(), 'ss-backup-drill-'));
const serverUrl = process.env.DATABASE_URL;
/** PostgreSQL: an owner URL of a database of the test server's, by name. */
const urlOf = (name: string) => { const url = new URL(serverUrl!); url.pathname = `/${name}`; return url.toString(); };
const made: string[] = [];
/** The drill's backup signing key, as BACKUP_SIGNING_KEY gives it to the command line. */
const SIGNING_TEXT = `drill-${randomBytes(24).toString('hex')}`;
const signingKey = secretKeys({ KEYS_DIR: path.join(work, 'never-made-keys'), BACKUP_SIGNING_KEY: SIGNING_TEXT, TOTP_SEED_KEY: undefined }).get('backupSigning');
let admin: postgres.Sql | undefined;

/** PostgreSQL: a new empty database h_backup_<random> (dropped after the file). */
async function newDatabase(): Promise<string> {
  admin ??= postgres(serverUrl!, { max: 1, onnotice: () => {} });
  const name = `h_backup_${randomBytes(5).toString('hex')}`;
  await admin.unsafe(`create database ${name}`);
  made.push(name);
  return name;
}

/**
 * Every table of every schema the application has (public, drizzle, pgboss), each with a checksum
 * of its rows in primary-key order (the row's text form otherwise), read as the owner: a superuser
 * in the tests, whom row-level security does not filter.
 */
async function tableChecksums(db: Database): Promise<Record<string, { rows: number; md5: string }>> {
  const tables = await db.ownerQuery<{ name: string; pk: string | null }>(sql`
    select format('%I.%I', n.nspname, c.relname) as name,
      (select string_agg(format('%I', a.attname), ', ' order by k.ord)
       from pg_index i cross join lateral unnest(i.indkey) with ordinality k(attnum, ord)
       join pg_attribute a on a.attrelid = i.indrelid and a.attnum = k.attnum
       where i.indrelid = c.oid and i.indisprimary) as pk
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where c.relkind in ('r', 'p') and not c.relispartition and n.nspname in ('public', 'drizzle', 'pgboss')
    order by 1`);
  const sums: Record<string, { rows: number; md5: string }> = {};
  for (const { name, pk } of tables) {
    const [row] = await db.ownerQuery<{ rows: number; md5: string }>(sql.raw(`
      select count(*)::int as rows, md5(coalesce(string_agg(t::text, E'\\n' order by ${pk ?? 't::text'}), '')) as md5 from ${name} t`));
    sums[name] = row;
  }
  return sums;
}

/** Every stored file by key, as its SHA-256. */
async function fileSums(storage: MediaStorage): Promise<Record<string, string>> {
  const sums: Record<string, string> = {};
  for await (const key of storage.list()) {
    const stored = (await storage.get(key))!;
    sums[key] = createHash('sha256').update(Buffer.concat(await stored.stream.toArray() as Buffer[])).digest('hex');
  }
  return sums;
}

/** The npm scripts as an operator runs them, against the drill's folders. */
function cli(script: 'db-backup' | 'db-restore', args: string[], env: Record<string, string>) {
  const tsx = path.join(ROOT, 'node_modules/tsx/dist/cli.mjs');
  const answer = spawnSync(process.execPath, [tsx, path.join(ROOT, `scripts/${script}.ts`), ...args], {
    cwd: ROOT, encoding: 'utf8', timeout: 60_000,
    env: { PATH: process.env.PATH ?? '', NODE_ENV: 'test', LOG_LEVEL: 'silent', BACKUP_SIGNING_KEY: SIGNING_TEXT, ...env },
  });
  return { status: answer.status, output: `${answer.stdout}${answer.stderr}` };
}

let source: TestApp;
let church: ChurchWithSessions<'super_admin' | 'principal' | 'teacher'>;
let archive: string;
let manifest: Manifest;
let before: Awaited<ReturnType<typeof tableChecksums>>;
let filesBefore: Record<string, string>;
let studentNames: string[];

beforeAll(async () => {
  // PostgreSQL: a database of the drill's own, so no other test file's writes land in the backup.
  const sourceUrl = backend === 'postgres' ? urlOf(await newDatabase()) : undefined;
  if (sourceUrl) {
    const migrator = createPostgresDatabase(sourceUrl, 1);
    await migrator.migrate();
    await migrator.close();
  }
  source = await startTestApp({}, {}, { postgresUrl: sourceUrl });
  church = await churchWithSessions(source, { roles: ['super_admin', 'principal', 'teacher'] });
  const { super_admin: adminSession, teacher } = church.s;
  const cls = await addClass(adminSession, { class_name: 'LKG', teacher_id: church.users.teacher.id });
  studentNames = ['Anna Joseph', 'Bibin Mathew', 'Chitra Nair'];
  const students = [];
  for (const name of studentNames) {
    const res = await adminSession.post('/api/students', { name, parent_phone: '+91 98765 43210', date_of_birth: '2016-03-15', class_id: cls.id });
    expect(res.status, res.body.message).toBe(201);
    students.push(res.body.data);
  }
  const marked = await teacher.post('/api/attendance/mark', {
    classId: cls.id, date: todayIn('Asia/Kolkata'),
    attendanceData: students.map((s, i) => ({ studentId: s.id, status: i === 1 ? 'absent' : 'present' })),
  });
  expect(marked.status, marked.body.message).toBe(200);
  const upload = await uploadFiles(source, church.s.principal, [
    { name: 'harvest.jpg', data: await jpegSample(), type: 'image/jpeg' },
    { name: 'programme.pdf', data: pdfSample(), type: 'application/pdf' },
  ]);
  expect(upload.status, upload.body.message).toBe(201);

  archive = path.join(work, 'drill.zip');
  manifest = await createBackup({ db: source.db, ownerUrl: sourceUrl, storage: source.server.services.mediaStorage, signingKey }, archive);
  before = await tableChecksums(source.db);
  filesBefore = await fileSums(source.server.services.mediaStorage);

  // The wipe: the source database is gone (its copy closed, its PostgreSQL database dropped) and so are its files.
  await source.close();
  if (sourceUrl) await admin!.unsafe(`drop database ${new URL(sourceUrl).pathname.slice(1)} with (force)`);
}, 120_000);

afterAll(async () => {
  for (const name of made) await admin?.unsafe(`drop database if exists ${name} with (force)`);
  await admin?.end();
  rmSync(work, { recursive: true, force: true });
});

describe(`backup and restore (${backend})`, () => {
  it('writes one archive: the database, every uploaded file and a manifest with a checksum per entry', () => {
    expect(manifest.database.kind).toBe(backend);
    expect(manifest.database.migration.tag).toMatch(/^\d{4}_/);
    const files = manifest.entries.filter((entry) => entry.path.startsWith('files/'));
    expect(files.map((entry) => entry.path.slice('files/'.length)).sort()).toEqual(Object.keys(filesBefore).sort());
    expect(files.every((entry) => entry.contentType && /^[0-9a-f]{64}$/.test(entry.sha256))).toBe(true);
    expect(Object.keys(filesBefore).length).toBeGreaterThanOrEqual(2);
    // What the drill compares is really there: the church's rows and its signed-in sessions.
    expect(before['public.students'].rows).toBe(3);
    expect(before['public.attendance'].rows).toBe(3);
    expect(before['public.media'].rows).toBe(2);
    expect(before['public.user_sessions'].rows).toBeGreaterThanOrEqual(3);
  });

  describe('restored into a fresh target', () => {
    let target: RestoreTarget;
    let uploads: string;
    let restored: Database;
    let app: Awaited<ReturnType<typeof buildApp>>;
    let url: string;

    beforeAll(async () => {
      uploads = path.join(work, 'restored-uploads');
      target = backend === 'postgres'
        ? { kind: 'postgres', ownerUrl: urlOf(await newDatabase()) }
        : { kind: 'pglite', dataDir: path.join(work, 'restored-pglite') };
      await restoreBackup(archive, { target, storage: createLocalMediaStorage(uploads), signingKey });
      restored = target.kind === 'postgres'
        ? createPostgresDatabase(target.ownerUrl, POSTGRES_TEST_POOL_SIZE)
        : await createPgliteDatabase({ dataDir: target.dataDir });
      const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', PORT: '0', UPLOADS_DIR: uploads, MAIL_OUTBOX_DIR: path.join(work, 'outbox') });
      app = await buildApp({ config, db: restored, logger: false });
      await app.listen({ host: '127.0.0.1', port: 0 });
      const address = app.server.address();
      url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    }, 120_000);

    afterAll(async () => {
      await app?.close();
      await restored?.close();
    });

    it('has every row of every table, checksum for checksum, but no session or reset token', async () => {
      const after = await tableChecksums(restored);
      expect(Object.keys(after)).toEqual(Object.keys(before));
      const expected = Object.fromEntries(Object.entries(before).map(([table, sum]) =>
        [table, NOT_RESTORED_TABLES.some((name) => table === `public.${name}`) ? { rows: 0, md5: createHash('md5').update('').digest('hex') } : sum]));
      expect(after).toEqual(expected);
    });

    it('has every file, byte for byte, with its content type', async () => {
      const storage = createLocalMediaStorage(uploads);
      expect(await fileSums(storage)).toEqual(filesBefore);
      const pdf = manifest.entries.find((entry) => entry.contentType === 'application/pdf')!;
      expect((await storage.get(pdf.path.slice('files/'.length)))!.contentType).toBe('application/pdf');
    });

    it('serves the church: a session of before the backup is refused, a new sign-in reads the students and the gallery', async () => {
      const old = await fetch(`${url}/api/students`, { headers: church.s.principal.headers });
      expect(old.status).toBe(401);
      const principal = await signIn(url, church.code, church.users.principal.email);
      const list = await principal.get('/api/students');
      expect(list.status).toBe(200);
      expect((list.body.data as Array<{ name: string }>).map((s) => s.name).sort()).toEqual(studentNames);
      const gallery = await principal.get('/api/gallery');
      expect(gallery.status).toBe(200);
      expect(JSON.stringify(gallery.body.data)).toContain('harvest.jpg');
    });

    it('refuses to restore over it (not empty) unless forced, and writes nothing', async () => {
      const sums = await tableChecksums(restored);
      const again = restoreBackup(archive, { target: backend === 'postgres' ? target : { kind: 'pglite', dataDir: path.join(work, 'restored-pglite-2-not-made') }, storage: createLocalMediaStorage(uploads), signingKey });
      await expect(again).rejects.toThrow(BackupRefusal);
      await expect(again).rejects.toThrow(/not empty|already holds files/);
      expect(await tableChecksums(restored)).toEqual(sums);
      expect(existsSync(path.join(work, 'restored-pglite-2-not-made'))).toBe(false);
    });

    it.runIf(backend === 'pglite')('a backup from the command line is refused while a server holds the embedded folder', () => {
      const answer = cli('db-backup', ['--out', path.join(work, 'never.zip')], { PGLITE_DATA_DIR: path.join(work, 'restored-pglite'), UPLOADS_DIR: uploads });
      expect(answer.status, answer.output).toBe(3);
      expect(answer.output).toContain(`is open in process ${process.pid}`);
      expect(existsSync(path.join(work, 'never.zip'))).toBe(false);
    });
  });

  describe('refusals, before anything is written', () => {
    /** A fresh target that must stay untouched. */
    async function freshTarget(): Promise<{ target: RestoreTarget; env: Record<string, string>; untouched(): Promise<void> }> {
      const uploads = path.join(work, `untouched-uploads-${randomBytes(3).toString('hex')}`);
      if (backend === 'postgres') {
        const name = await newDatabase();
        return {
          target: { kind: 'postgres', ownerUrl: urlOf(name) },
          env: { DATABASE_URL: urlOf(name), UPLOADS_DIR: uploads },
          async untouched() {
            const [{ count }] = await admin!.unsafe(`select count(*)::int as count from pg_database where datname = '${name}'`);
            expect(count).toBe(1);
            const db = postgres(urlOf(name), { max: 1, onnotice: () => {} });
            const [{ tables }] = await db`select count(*)::int as tables from pg_tables where schemaname in ('public', 'drizzle', 'pgboss')`;
            await db.end();
            expect(tables).toBe(0);
            expect(existsSync(uploads)).toBe(false);
          },
        };
      }
      const dataDir = path.join(work, `untouched-pglite-${randomBytes(3).toString('hex')}`);
      return {
        target: { kind: 'pglite', dataDir },
        env: { PGLITE_DATA_DIR: dataDir, UPLOADS_DIR: uploads },
        async untouched() {
          expect(existsSync(dataDir)).toBe(false);
          expect(existsSync(uploads)).toBe(false);
        },
      };
    }

    it('a tampered archive: one byte of an uploaded file changed, the command exits non-zero naming the entry', async () => {
      const bytes = readFileSync(archive);
      // The PDF is stored as uploaded (photos are re-encoded), and entries are not compressed.
      const at = bytes.indexOf(pdfSample());
      expect(at).toBeGreaterThan(0);
      bytes[at + 5] ^= 0xff;
      const tampered = path.join(work, 'tampered.zip');
      writeFileSync(tampered, bytes);
      const fresh = await freshTarget();
      const answer = cli('db-restore', [tampered], fresh.env);
      expect(answer.status, answer.output).toBe(3);
      expect(answer.output).toMatch(/Restore refused: Checksum mismatch in files\/.+: the archive is damaged or was altered/);
      await fresh.untouched();
    });

    it('an archive of a newer migration than this build knows', async () => {
      const newer = path.join(work, 'newer.zip');
      const original = await openArchive(archive);
      const zip = new yazl.ZipFile();
      for (const entry of original.manifest.entries) zip.addReadStream(await original.read(entry.path), entry.path);
      const future = { ...original.manifest, database: { ...original.manifest.database, migration: { when: 4_102_444_800_000, tag: '9999_future' } } };
      // Signed with the right key (as by someone who holds it): the migration is what is refused.
      const text = Buffer.from(JSON.stringify(future));
      zip.addBuffer(text, MANIFEST_PATH);
      zip.addBuffer(Buffer.from(manifestSignature(text, signingKey)), 'manifest.sig');
      zip.end();
      await new Promise<void>((resolve, reject) => {
        zip.outputStream.pipe(createWriteStream(newer)).on('close', resolve).on('error', reject);
      });
      original.close();
      const fresh = await freshTarget();
      await expect(restoreBackup(newer, { target: fresh.target, storage: createLocalMediaStorage(fresh.env.UPLOADS_DIR), signingKey }))
        .rejects.toThrow(/migrated by a newer version of the application \(migration 9999_future/);
      await fresh.untouched();
    });

    /** A copy of the drill's archive with its entries (and manifest) changed as an attacker, or an
     * earlier version, would have them: signed with `sign`, or with no manifest.sig at all. */
    async function rewritten(name: string, change: { entry?: [string, Buffer]; sign: Buffer | null }): Promise<string> {
      const out = path.join(work, name);
      const original = await openArchive(archive);
      const zip = new yazl.ZipFile();
      const entries = [];
      for (const entry of original.manifest.entries) {
        if (change.entry?.[0] === entry.path) {
          const bytes = change.entry[1];
          zip.addBuffer(bytes, entry.path, { compress: false });
          entries.push({ ...entry, bytes: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex') });
        } else {
          zip.addReadStream(await original.read(entry.path), entry.path, { compress: false });
          entries.push(entry);
        }
      }
      const text = Buffer.from(`${JSON.stringify({ ...original.manifest, entries }, null, 2)}\n`);
      zip.addBuffer(text, MANIFEST_PATH);
      if (change.sign) zip.addBuffer(Buffer.from(manifestSignature(text, change.sign)), 'manifest.sig');
      zip.end();
      await new Promise<void>((resolve, reject) => {
        zip.outputStream.pipe(createWriteStream(out)).on('close', resolve).on('error', reject);
      });
      original.close();
      return out;
    }

    it('a changed file under a recomputed manifest, signed without the server\'s key: the command exits 3 and writes nothing', async () => {
      const pdf = manifest.entries.find((entry) => entry.contentType === 'application/pdf')!;
      const forged = await rewritten('forged.zip', { entry: [pdf.path, Buffer.from('%PDF-1.4 not the uploaded file')], sign: randomBytes(32) });
      const fresh = await freshTarget();
      const answer = cli('db-restore', [forged], fresh.env);
      expect(answer.status, answer.output).toBe(3);
      expect(answer.output).toMatch(/Restore refused: The signature of .+ does not verify with this server's backup signing key/);
      await fresh.untouched();
    });

    it('an unsigned archive (an earlier version\'s) is refused with how to accept it, and restored with --trust-unsigned', async () => {
      const unsigned = await rewritten('unsigned.zip', { sign: null });
      const fresh = await freshTarget();
      const refused = cli('db-restore', [unsigned], fresh.env);
      expect(refused.status, refused.output).toBe(3);
      expect(refused.output).toMatch(/is not signed .*--trust-unsigned/s);
      await fresh.untouched();
      const trusted = cli('db-restore', [unsigned, '--trust-unsigned'], fresh.env);
      expect(trusted.status, trusted.output).toBe(0);
      expect(trusted.output).toMatch(/Restored .*unsigned\.zip/);
    }, 120_000);

    // The finding: a dump whose table runs a shell command (COPY ... TO PROGRAM) when its rows are
    // restored. Even signed with the right key (a stolen key, or --trust-unsigned), the screen of the
    // dump refuses it before anything is written, and the command never runs.
    it.runIf(backend === 'postgres')('a PostgreSQL dump that would run a program when restored is refused, and the program never runs', async () => {
      const name = await newDatabase();
      const marker = path.join(tmpdir(), `ss-restore-ran-${randomBytes(4).toString('hex')}`);
      const crafted = createPostgresDatabase(urlOf(name), 1);
      try {
        await crafted.migrate();
        // It runs anywhere but in its own database: in the restored one, as each row is checked.
        await crafted.ownerQuery(sql.raw(`
          create function public.checked(a int) returns boolean language plpgsql as $$
          begin
            if current_database() <> '${name}' then execute 'copy (select 1) to program ''touch ${marker}'''; end if;
            return true;
          end $$`));
        await crafted.ownerQuery(sql.raw('create table public.innocent (a int check (public.checked(a)))'));
        await crafted.ownerQuery(sql.raw('insert into public.innocent values (1)'));
        const evil = path.join(work, 'evil.zip');
        await createBackup({ db: crafted, ownerUrl: urlOf(name), storage: createLocalMediaStorage(path.join(work, 'evil-uploads')), signingKey }, evil);
        const fresh = await freshTarget();
        const restore = restoreBackup(evil, { target: fresh.target, storage: createLocalMediaStorage(fresh.env.UPLOADS_DIR), signingKey });
        await expect(restore).rejects.toThrow(BackupRefusal);
        await expect(restore).rejects.toThrow(/never writes \(it runs a program/);
        await fresh.untouched();
        expect(existsSync(marker)).toBe(false);
      } finally {
        await crafted.close();
      }
    }, 120_000);

    it('a file that is not an archive', async () => {
      const junk = path.join(work, 'junk.zip');
      writeFileSync(junk, 'not a zip');
      const fresh = await freshTarget();
      await expect(restoreBackup(junk, { target: fresh.target, storage: createLocalMediaStorage(fresh.env.UPLOADS_DIR), signingKey }))
        .rejects.toThrow(/is not a readable backup archive/);
      await fresh.untouched();
    });
  });

  // The nightly job as the queue runs it: an archive of the open database into the folder, then the
  // oldest of the job's own archives beyond the kept number deleted; other files there are left.
  it.runIf(backend === 'pglite')('the nightly backup writes an archive and keeps only the newest BACKUP_KEEP of its own', async () => {
    const dir = mkdtempSync(path.join(work, 'nightly-'));
    const old = ['2026-01-01T20-30-00Z', '2026-01-02T20-30-00Z', '2026-01-03T20-30-00Z'].map((at) => `backup-${at}.zip`);
    for (const name of [...old, 'notes.txt']) writeFileSync(path.join(dir, name), 'older');
    const db = await openTestDatabase();
    try {
      const storage = createLocalMediaStorage(mkdtempSync(path.join(work, 'nightly-uploads-')));
      const [job] = backupJobs({ source: { db, storage, signingKey }, dir, keep: 2, cron: '30 20 * * *', log: Fastify({ logger: false }).log });
      await job.run(undefined, undefined as never);
      const left = readdirSync(dir).sort();
      expect(left).toHaveLength(3);
      expect(left).toContain('notes.txt');
      expect(left).toContain(old[2]);
      const written = left.find((name) => name.endsWith('.zip') && !old.includes(name))!;
      const opened = await openArchive(path.join(dir, written));
      expect(opened.manifest.database.kind).toBe('pglite');
      opened.close();
    } finally {
      await db.close();
    }
  }, 120_000); // a copy of the embedded database is opened and dumped: 23 s at a load average of 16
});

