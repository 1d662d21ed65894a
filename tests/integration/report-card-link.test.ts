import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { childDataReads, reportCardLinks, studentGuardians } from '../../drizzle/schema/index.js';
import { academicYearOf } from '../../common/academic-year.js';
import { todayIn } from '../../common/dates.js';
import { REPORT_CARD_LINK_MESSAGES as M } from '../../common/report-card-links.js';
import { startTestApp, type TestApp } from '../helpers/app.js';
import { addChurchUser, createClassWithStudents } from '../helpers/fixtures.js';
import { auditOf } from '../helpers/audit.js';
import { churchWithSessions, signIn, type ChurchSession, type ChurchWithSessions } from '../helpers/church-session.js';

// A guardian's link to the child's report card (issue 44) through real HTTP: shared only once a
// result of the child's class is published and only to a guardian who agreed to be contacted; the
// link (no session) opens the card in the guardian's language with published exams only, is logged
// as a read by whoever shared it, and stops when replaced, when consent is withdrawn, and 24 hours
// after its first opening. Another class's teacher, a guest and another church are refused.

const run = promisify(execFile);
const year = academicYearOf(todayIn('Asia/Kolkata'), 6);
const startYear = Number(year.slice(0, 4));
const ANNA = 'അന്ന ജോസഫ്';

let app: TestApp;
let c: ChurchWithSessions;
let other: ChurchWithSessions;
let anu: ChurchSession;
let anna: { id: string };
let ben: { id: string };
let guardianOf: Record<string, string>;
let annual: string;
let dir: string;

const share = (session: ChurchSession, studentId: string, guardianId = guardianOf[studentId]) =>
  session.post('/api/exams/report-card-links', { student_id: studentId, guardian_id: guardianId });
const setGuardian = (studentId: string, set: Partial<typeof studentGuardians.$inferInsert>) => app.db.withTenant(c.church.id, (tx) =>
  tx.update(studentGuardians).set(set).where(and(eq(studentGuardians.churchId, c.church.id), eq(studentGuardians.studentId, studentId))));

/** The link's answer with no session: status, type and (for a PDF) its text. */
async function open(url: string) {
  const res = await fetch(app.url + new URL(url).pathname);
  if (res.headers.get('content-type') !== 'application/pdf') return { status: res.status, text: '', body: await res.json() as { reason?: string } };
  const file = path.join(dir, `${randomUUID()}.pdf`);
  writeFileSync(file, Buffer.from(await res.arrayBuffer()));
  const { stdout } = await run('/usr/bin/pdftotext', ['-layout', '-enc', 'UTF-8', file, '-']);
  return { status: res.status, text: stdout.replace(/[ \t]+/g, ' '), body: undefined };
}

beforeAll(async () => {
  app = await startTestApp();
  [c, other] = await Promise.all([churchWithSessions(app), churchWithSessions(app)]);
  const A = await createClassWithStudents(app.db, c.church.id, { teacherId: c.users.teacher.id, names: [ANNA, 'Ben Mathew'], className: '5th', section: 'A', academicYear: year });
  [anna, ben] = A.students;
  const user = await addChurchUser(app.db, c.church.id, 'teacher', 'Anu');
  anu = await signIn(app.url, c.code, user.email);
  await createClassWithStudents(app.db, c.church.id, { teacherId: user.id, names: ['Ivan'], className: '6th', section: 'A', academicYear: year });
  const guardians = await app.db.withTenant(c.church.id, (tx) => tx.select().from(studentGuardians).where(eq(studentGuardians.churchId, c.church.id)));
  guardianOf = Object.fromEntries(guardians.map((g) => [g.studentId, g.id]));
  // Anna's guardian reads Malayalam, has WhatsApp on her phone and agreed to be contacted; Ben's did not agree.
  await setGuardian(anna.id, { language: 'ml', whatsapp: 'phone', phone: '+919847012345', contactConsent: true });

  const made = async (name: string, kind: string, date: string) => {
    const res = await c.s.principal.post('/api/exams', { academic_year: year, name, kind, starts_on: date, ends_on: date });
    expect(res.status, res.body.message).toBe(201);
    return res.body.data as { exam: { id: string }; classes: Array<{ id: string; papers: Array<{ id: string }> }> };
  };
  const hy = await made('Half-yearly', 'half_yearly', `${startYear}-12-06`);
  const an = await made('Annual', 'annual', `${startYear + 1}-03-07`);
  annual = an.exam.id;
  for (const [exam, marks] of [[hy, [44, 61]], [an, [87, 52]]] as const) {
    const paper = exam.classes.find((x) => x.id === A.class.id)!.papers[0].id;
    const res = await c.s.teacher.put(`/api/exams/${exam.exam.id}/classes/${A.class.id}/marks`, {
      write_id: randomUUID(), entries: [anna, ben].map((s, i) => ({ student_id: s.id, paper_id: paper, value: marks[i] })),
    });
    expect(res.status, res.body.message).toBe(200);
  }
  dir = mkdtempSync(path.join(tmpdir(), 'report-card-link-'));
}, 240_000);
afterAll(async () => {
  await app?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('sharing a report card with a guardian', () => {
  it('waits for a published result, and asks for the guardian\'s consent to be contacted', async () => {
    const early = await share(c.s.teacher, anna.id);
    expect([early.status, early.body.reason, early.body.message]).toEqual([409, 'no_published_results', M.noPublishedResults]);
    expect((await c.s.principal.post(`/api/exams/${annual}/publish`, {})).status).toBe(200);
    const noConsent = await share(c.s.teacher, ben.id);
    expect([noConsent.status, noConsent.body.reason, noConsent.body.message]).toEqual([409, 'no_contact_consent', M.noContactConsent]);
  });

  it('is refused to another class\'s teacher, a guest and another church, and for a guardian of another child', async () => {
    expect((await share(anu, anna.id)).status).toBe(404);
    expect((await share(c.s.guest, anna.id)).status).toBe(403);
    expect((await share(other.s.principal, anna.id)).status).toBe(404);
    const wrong = await share(c.s.teacher, anna.id, guardianOf[ben.id]);
    expect([wrong.status, wrong.body.reason]).toEqual([404, 'guardian_not_found']);
    expect((await c.s.teacher.post('/api/exams/report-card-links', { student_id: 'x', guardian_id: guardianOf[anna.id] })).status).toBe(400);
  });

  it('opens the card in the guardian\'s language with the published exam only, logged as the sharer\'s read', async () => {
    const res = await share(c.s.teacher, anna.id);
    expect(res.status, res.body.message).toBe(201);
    const link = res.body.data as { url: string; whatsapp_url: string; language: string; expires_at: string };
    expect(link.language).toBe('ml');
    expect(link.url).toMatch(/\/api\/report-cards\/[A-Za-z0-9_-]{43}$/);
    // The WhatsApp message is Malayalam and holds the link.
    const text = decodeURIComponent(new URL(link.whatsapp_url).searchParams.get('text')!);
    expect(link.whatsapp_url.startsWith('https://wa.me/919847012345?text=')).toBe(true);
    expect(text).toContain('റിപ്പോർട്ട് കാർഡ്');
    expect(text).toContain(link.url);
    expect(new Date(link.expires_at).getTime() - Date.now()).toBeGreaterThan(6.9 * 86_400_000);
    expect(await auditOf(app.db, c.church.id, { action: 'student.report_card_link_created' })).toHaveLength(1);

    const card = await open(link.url);
    expect(card.status).toBe(200);
    expect(card.text).toContain(ANNA);
    expect(card.text).toContain('87');
    expect(card.text).toContain('Annual');
    // The half-yearly is not published: its name and marks are not on the guardian's card.
    expect(card.text).not.toContain('Half-yearly');
    expect(card.text).not.toContain('44');
    // A Malayalam heading (the card speaks the guardian's language).
    expect(card.text).toMatch(/[\u0D00-\u0D7F]{3,}/);
    const reads = await app.db.withTenant(c.church.id, (tx) => tx.select().from(childDataReads)
      .where(and(eq(childDataReads.churchId, c.church.id), eq(childDataReads.kind, 'report_card'))));
    expect(reads.map((r) => [r.studentId, r.readerId])).toEqual([[anna.id, c.users.teacher.id]]);
    // Opened again the same day: still there.
    expect((await open(link.url)).status).toBe(200);
  });

  it('stops when a newer link replaces it, when consent is withdrawn, and a day after its first opening', async () => {
    const first = (await share(c.s.teacher, anna.id)).body.data.url as string;
    const second = (await share(c.s.principal, anna.id)).body.data.url as string;
    const replaced = await open(first);
    expect([replaced.status, replaced.body?.reason]).toEqual([410, 'report_card_link_gone']);
    expect((await open(second)).status).toBe(200);

    await setGuardian(anna.id, { contactConsent: false });
    expect((await open(second)).status).toBe(410);
    await setGuardian(anna.id, { contactConsent: true });
    expect((await open(second)).status).toBe(200);

    // First opened 25 hours ago: no longer opens.
    await app.db.withTenant(c.church.id, (tx) => tx.update(reportCardLinks).set({ firstOpenedAt: sql`now() - interval '25 hours'` })
      .where(eq(reportCardLinks.churchId, c.church.id)));
    expect((await open(second)).status).toBe(410);

    const unknown = await open(`${app.url}/api/report-cards/${'A'.repeat(43)}`);
    expect([unknown.status, unknown.body?.reason]).toEqual([404, 'report_card_link_not_found']);
    expect((await open(`${app.url}/api/report-cards/short`)).status).toBe(404);
  });
});
