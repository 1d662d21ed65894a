import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { academicYearOf } from '../../common/academic-year.js';
import { CERTIFICATE_MESSAGES as M } from '../../common/certificates.js';
import { todayIn } from '../../common/dates.js';
import { certificates, studentGuardians } from '../../drizzle/schema/index.js';
import { startTestApp, type TestApp } from '../helpers/app.js';
import { auditOf } from '../helpers/audit.js';
import { churchWithSessions, signIn, type ChurchSession, type ChurchWithSessions } from '../helpers/church-session.js';
import { addChurchUser, createClassWithStudents } from '../helpers/fixtures.js';

// Exam certificates (issue 44) through real HTTP: merit for ranks 1-3 of a class's year final result
// (ties share a rank), completion for the church's final class (12th, the last of the default list)
// for a pass; only once every exam that weighs is published; issuing again keeps unchanged codes;
// unpublishing withdraws; the public check answers six fields, 404 unknown, 410 withdrawn; the PDF
// (read back with pdftotext) holds holder, title and code; another church, another class's teacher
// and a guest are refused; erasing a child takes their certificates.

const run = promisify(execFile);
const year = academicYearOf(todayIn('Asia/Kolkata'), 6);
const startYear = Number(year.slice(0, 4));
const ANNA = 'അന്ന ജോസഫ്';
/** 5th A, one paper of 100 in each exam, the same marks in both: 90, 80, 80, 70, 30 -> ranks 1, 2, 2, 4, 5 (30 fails at 35 %). */
const FIFTH = [[ANNA, 90], ['Ben Mathew', 80], ['Cara Paul', 80], ['Dev Roy', 70], ['Eli Sam', 30]] as const;
/** 12th A (the final class): 75, 60, 20 -> Faith and Gita pass (ranks 1, 2), Hari fails (rank 3, no certificate). */
const TWELFTH = [['Faith John', 75], ['Gita Raj', 60], ['Hari Nair', 20]] as const;

interface Certificate { id: string; student_id: string; kind: string; rank: number | null; holder_name: string; code: string; class_name: string }
interface Listed { class: { final_class: boolean }; certificates: Certificate[]; issued?: number; kept?: number; withdrawn?: number }

let app: TestApp;
let c: ChurchWithSessions;
let other: ChurchWithSessions;
let anu: ChurchSession;
let fifth: { id: string };
let twelfth: { id: string };
let kids: Record<string, string>;
let halfYearly: string;
let annual: string;
let dir: string;

const issue = (session: ChurchSession, classId: string) => session.post<Listed>(`/api/exams/classes/${classId}/certificates`, {});
const list = (session: ChurchSession, classId: string) => session.get<Listed>(`/api/exams/classes/${classId}/certificates`);
const verify = async (code: string, query = '') => {
  const res = await fetch(`${app.url}/api/certificates/verify/${encodeURIComponent(code)}${query}`);
  return { status: res.status, body: await res.json() as { success: boolean; data?: Record<string, unknown>; reason?: string; message?: string } };
};
const summary = (rows: Certificate[]) => rows.map((r) => `${r.holder_name} ${r.kind} ${r.rank ?? ''}`.trim()).sort();

/** A PDF's text (pdftotext -layout), or the answer's status when it is not a PDF. */
async function pdfText(session: ChurchSession, url: string) {
  const res = await fetch(app.url + url, { headers: session.headers });
  if (res.headers.get('content-type') !== 'application/pdf') return { status: res.status, text: '' };
  const file = path.join(dir, `${randomUUID()}.pdf`);
  writeFileSync(file, Buffer.from(await res.arrayBuffer()));
  const { stdout } = await run('/usr/bin/pdftotext', ['-layout', '-enc', 'UTF-8', file, '-']);
  const pages = (await run('/usr/bin/pdfinfo', [file])).stdout;
  return { status: res.status, text: stdout.replace(/[ \t]+/g, ' '), pages: Number(/Pages:\s+(\d+)/.exec(pages)![1]), size: /Page size:\s+([\d.]+) x ([\d.]+)/.exec(pages)! };
}

beforeAll(async () => {
  app = await startTestApp();
  [c, other] = await Promise.all([churchWithSessions(app), churchWithSessions(app)]);
  const A = await createClassWithStudents(app.db, c.church.id, { teacherId: c.users.teacher.id, names: FIFTH.map(([n]) => n), className: '5th', section: 'A', academicYear: year });
  const user = await addChurchUser(app.db, c.church.id, 'teacher', 'Anu');
  anu = await signIn(app.url, c.code, user.email);
  const B = await createClassWithStudents(app.db, c.church.id, { teacherId: user.id, names: TWELFTH.map(([n]) => n), className: '12th', section: 'A', academicYear: year });
  fifth = A.class;
  twelfth = B.class;
  kids = Object.fromEntries([...A.students.map((s, i) => [FIFTH[i][0], s.id]), ...B.students.map((s, i) => [TWELFTH[i][0], s.id])]);
  // Anna's family reads Malayalam: her certificate is printed in Malayalam.
  await app.db.withTenant(c.church.id, (tx) => tx.update(studentGuardians).set({ language: 'ml' })
    .where(and(eq(studentGuardians.churchId, c.church.id), eq(studentGuardians.studentId, kids[ANNA]))));

  const made = async (name: string, kind: string, date: string) => {
    const res = await c.s.principal.post('/api/exams', { academic_year: year, name, kind, starts_on: date, ends_on: date });
    expect(res.status, res.body.message).toBe(201);
    return res.body.data as { exam: { id: string }; classes: Array<{ id: string; papers: Array<{ id: string }> }> };
  };
  const hy = await made('Half-yearly', 'half_yearly', `${startYear}-12-06`);
  const an = await made('Annual', 'annual', `${startYear + 1}-03-07`);
  [halfYearly, annual] = [hy.exam.id, an.exam.id];
  for (const exam of [hy, an]) {
    for (const [cls, rows] of [[A.class, FIFTH], [B.class, TWELFTH]] as const) {
      const paper = exam.classes.find((x) => x.id === cls.id)!.papers[0].id;
      const res = await c.s.principal.put(`/api/exams/${exam.exam.id}/classes/${cls.id}/marks`, {
        write_id: randomUUID(), entries: rows.map(([name, marks]) => ({ student_id: kids[name], paper_id: paper, value: marks })),
      });
      expect(res.status, res.body.message).toBe(200);
    }
  }
  dir = mkdtempSync(path.join(tmpdir(), 'certificates-'));
}, 240_000);
afterAll(async () => {
  await app?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('issuing certificates', () => {
  it('waits until every exam that weighs in the year is published (409 with the reason)', async () => {
    const early = await issue(c.s.principal, fifth.id);
    expect([early.status, early.body.reason, early.body.message]).toEqual([409, 'final_result_not_published', M.yearNotPublished]);
    expect((await c.s.principal.post(`/api/exams/${annual}/publish`, {})).status).toBe(200);
    expect((await issue(c.s.principal, fifth.id)).body.reason).toBe('final_result_not_published');
    expect((await c.s.principal.post(`/api/exams/${halfYearly}/publish`, {})).status).toBe(200);
  });

  it('is refused to a teacher, a guest and another church; another church cannot name this one\'s class', async () => {
    expect((await issue(c.s.teacher, fifth.id)).status).toBe(403);
    expect((await issue(c.s.guest, fifth.id)).status).toBe(403);
    expect((await issue(other.s.principal, fifth.id)).status).toBe(404);
    expect((await issue(other.s.super_admin, twelfth.id)).status).toBe(404);
    expect((await issue(c.s.principal, 'not-an-id')).status).toBe(400);
    expect(await app.db.withTenant(c.church.id, (tx) => tx.select().from(certificates))).toEqual([]);
  });

  it('gives merit to ranks 1-3 with ties sharing a rank, and nothing to the fourth', async () => {
    const res = await issue(c.s.principal, fifth.id);
    expect(res.status, res.body.message).toBe(200);
    expect(res.body.data!.class.final_class).toBe(false);
    expect(summary(res.body.data!.certificates)).toEqual([`${ANNA} merit 1`, 'Ben Mathew merit 2', 'Cara Paul merit 2'].sort());
    expect(res.body.data).toMatchObject({ issued: 3, kept: 0, withdrawn: 0 });
    for (const cert of res.body.data!.certificates) expect(cert.code).toMatch(/^[0-9A-HJKMNP-TV-Z]{5}-[0-9A-HJKMNP-TV-Z]{5}$/);
    const [entry] = await auditOf(app.db, c.church.id, { action: 'class.certificates_issued' });
    expect(entry.resourceId).toBe(fifth.id);
  });

  it('gives completion in the final class only for a pass, and merit there too', async () => {
    const res = await issue(c.s.super_admin, twelfth.id);
    expect(res.status, res.body.message).toBe(200);
    expect(res.body.data!.class.final_class).toBe(true);
    expect(summary(res.body.data!.certificates)).toEqual(['Faith John completion', 'Faith John merit 1', 'Gita Raj completion', 'Gita Raj merit 2']);
  });

  it('keeps the codes when issued again', async () => {
    const before = (await list(c.s.principal, fifth.id)).body.data!.certificates;
    const again = await issue(c.s.principal, fifth.id);
    expect(again.body.data!).toMatchObject({ issued: 0, kept: 3, withdrawn: 0 });
    expect(again.body.data!.certificates.map((x) => x.code).sort()).toEqual(before.map((x) => x.code).sort());
  });

  it('lists a class\'s certificates to its teacher, not to another class\'s teacher or another church', async () => {
    expect((await list(c.s.teacher, fifth.id)).body.data!.certificates).toHaveLength(3);
    expect((await list(anu, fifth.id)).status).toBe(404);
    expect((await list(anu, twelfth.id)).body.data!.certificates).toHaveLength(4);
    expect((await list(c.s.guest, fifth.id)).status).toBe(403);
    expect((await list(other.s.principal, fifth.id)).status).toBe(404);
  });
});

describe('the certificates PDF', () => {
  it('prints one A4 landscape page per certificate with holder, title and code', async () => {
    const certs = (await list(c.s.principal, fifth.id)).body.data!.certificates;
    const pdf = await pdfText(c.s.principal, `/api/exams/classes/${fifth.id}/certificates.pdf`);
    expect(pdf.status).toBe(200);
    expect(pdf.pages).toBe(3);
    expect(Number(pdf.size![1])).toBeGreaterThan(Number(pdf.size![2]));
    for (const cert of certs) expect(pdf.text).toContain(cert.code);
    expect(pdf.text).toContain('Ben Mathew');
    expect(pdf.text).toContain('Certificate of Merit — Second Rank');
    expect(pdf.text).toContain(`/verify/${certs[0].code}`);
  });

  it('prints one child\'s in the family\'s language, and refuses a child without one, another teacher and another church', async () => {
    const anna = (await list(c.s.principal, fifth.id)).body.data!.certificates.find((x) => x.student_id === kids[ANNA])!;
    const pdf = await pdfText(c.s.teacher, `/api/exams/classes/${fifth.id}/certificates.pdf?student_id=${kids[ANNA]}`);
    expect(pdf.status).toBe(200);
    expect(pdf.pages).toBe(1);
    expect(pdf.text).toContain(ANNA);
    expect(pdf.text).toContain('മെറിറ്റ് സർട്ടിഫിക്കറ്റ് — ഒന്നാം റാങ്ക്');
    expect(pdf.text).toContain(anna.code);
    const completion = await pdfText(c.s.principal, `/api/exams/classes/${twelfth.id}/certificates.pdf?student_id=${kids['Gita Raj']}`);
    expect(completion.pages).toBe(2);
    expect(completion.text).toContain('Certificate of Completion');
    expect((await c.s.principal.get(`/api/exams/classes/${fifth.id}/certificates.pdf?student_id=${kids['Dev Roy']}`)).body.reason).toBe('no_certificate');
    expect((await pdfText(anu, `/api/exams/classes/${fifth.id}/certificates.pdf`)).status).toBe(404);
    expect((await pdfText(other.s.principal, `/api/exams/classes/${fifth.id}/certificates.pdf`)).status).toBe(404);
  });
});

describe('the public check', () => {
  it('answers only the holder, church, year, title, class and day of issue, without a session', async () => {
    const ben = (await list(c.s.principal, fifth.id)).body.data!.certificates.find((x) => x.holder_name === 'Ben Mathew')!;
    const res = await verify(ben.code);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      holder_name: 'Ben Mathew', church_name: c.church.name, academic_year: year, title: 'Certificate of Merit — Second Rank',
      class_name: '5th A', issued_on: todayIn('Asia/Kolkata'),
    });
    // Typed by hand: any case, no hyphen, O for 0 and I/L for 1 read as Crockford reads them.
    const typed = ben.code.replace('-', '').toLowerCase().replace(/0/g, 'o').replace(/1/g, 'l');
    expect((await verify(typed)).body.data?.holder_name).toBe('Ben Mathew');
    const ml = await verify(ben.code, '?lang=ml');
    expect(ml.body.data).toMatchObject({ title: 'മെറിറ്റ് സർട്ടിഫിക്കറ്റ് — രണ്ടാം റാങ്ക്', class_name: 'അഞ്ചാം A' });
  });

  it('is 404 for an unknown code', async () => {
    for (const code of ['00000-00000', 'not a code', 'UUUUU-UUUUU']) {
      const res = await verify(code);
      expect([res.status, res.body.reason], code).toEqual([404, 'certificate_not_found']);
    }
  });
});

describe('withdrawing', () => {
  it('unpublishing an exam that weighs withdraws its classes\' certificates (410), and a later issue makes new codes', async () => {
    const old = (await list(c.s.principal, fifth.id)).body.data!.certificates;
    expect((await c.s.principal.post(`/api/exams/${annual}/unpublish`, {})).status).toBe(200);
    expect((await list(c.s.principal, fifth.id)).body.data!.certificates).toEqual([]);
    expect((await list(c.s.principal, twelfth.id)).body.data!.certificates).toEqual([]);
    const gone = await verify(old[0].code);
    expect([gone.status, gone.body.reason, gone.body.message]).toEqual([410, 'certificate_withdrawn', M.withdrawn]);
    expect((await issue(c.s.principal, fifth.id)).status).toBe(409);
    expect((await c.s.principal.post(`/api/exams/${annual}/publish`, {})).status).toBe(200);
    const fresh = await issue(c.s.principal, fifth.id);
    expect(fresh.body.data).toMatchObject({ issued: 3, kept: 0 });
    const oldCodes = new Set(old.map((x) => x.code));
    expect(fresh.body.data!.certificates.some((x) => oldCodes.has(x.code))).toBe(false);
  });

  it('erasing a child takes their certificates: the check no longer finds them', async () => {
    const ben = (await list(c.s.principal, fifth.id)).body.data!.certificates.find((x) => x.holder_name === 'Ben Mathew')!;
    const erased = await c.s.principal.post(`/api/students/${kids['Ben Mathew']}/erase`, { confirm_name: 'Ben Mathew' });
    expect(erased.status, erased.body.message).toBe(200);
    expect((await verify(ben.code)).status).toBe(404);
    const rows = await app.db.withTenant(c.church.id, (tx) => tx.select().from(certificates).where(eq(certificates.studentId, kids['Ben Mathew'])));
    expect(rows).toEqual([]);
  });
});
