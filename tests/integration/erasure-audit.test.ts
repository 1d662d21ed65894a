import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayIn } from '../../common/dates.js';
import { startTestApp, type TestApp } from '../helpers/app.js';
import { auditOf } from '../helpers/audit.js';
import { churchWithSessions, type ChurchWithSessions } from '../helpers/church-session.js';
import { api, createClassWithStudents, signInNewOperator, type Json } from '../helpers/fixtures.js';

/**
 * Erasing a child redacts exactly the audit entries tied to the child's ids, never who did what.
 * Children named like a role ('principal'), a user's name, a user's id, a staff member's e-mail and
 * an operator's e-mail are erased one after another: every other entry of the church stays as it
 * was, byte for byte, and in the child's own entries the by_* fields and the description's author
 * stay, while everything else of the child is gone.
 */

let app: TestApp;
let a: ChurchWithSessions<'super_admin' | 'principal' | 'teacher'>;
let operator: { token: string; email: string };
let classId: string;
let children: Array<{ id: string; name: string }>;
let bystander: { id: string; name: string };

/** A date in the month before this one (too old to mark offline: refused, and the refusal names the child). */
function lastMonth() {
  const [y, m] = todayIn('Asia/Kolkata').split('-').map(Number);
  return new Date(Date.UTC(y, m - 2, 3)).toISOString().slice(0, 10);
}

const author = (description: string) => / \(by [^()]*\)$/.exec(description)?.[0];
const byFields = (details: unknown) => Object.fromEntries(Object.entries(details as Json).filter(([key]) => key.startsWith('by_')));

beforeAll(async () => {
  app = await startTestApp();
  a = await churchWithSessions(app, { roles: ['super_admin', 'principal', 'teacher'] });
  const signedIn = await signInNewOperator(app.db, app.url);
  operator = { token: signedIn.token, email: signedIn.email };
  const helperEmail = `helper@${a.church.code.toLowerCase()}.test`;
  const names = ['principal', a.users.teacher.name, a.users.teacher.id, helperEmail, operator.email];
  const made = await createClassWithStudents(app.db, a.church.id, { teacherId: a.users.teacher.id, names: [...names, 'Bystander Biju'] });
  classId = made.class.id;
  children = made.students.slice(0, names.length).map((s) => ({ id: s.id, name: s.name }));
  bystander = { id: made.students[names.length].id, name: made.students[names.length].name };

  // Entries by each of the church's users and an operator, which name the users, their roles and e-mails.
  const added = await a.s.super_admin.post('/api/users', {
    name: `Helper of ${a.church.code}`, email: helperEmail, password: 'a-long-password-1', role: 'teacher',
  });
  expect(added.status).toBe(201);
  const read = await api(app.url, 'GET', `/api/admin/users/${a.users.teacher.id}`, { token: operator.token });
  expect(read.status).toBe(200);
  // The teacher's and the principal's offline batches: each refuses a mark of a child to erase and one of the bystander.
  for (const [session, child] of [[a.s.teacher, children[0]], [a.s.principal, children[1]]] as const) {
    const sync = await session.post('/api/attendance/sync', {
      batchId: randomUUID(),
      marks: [child, bystander].map((c) => ({ classId, studentId: c.id, date: lastMonth(), status: 'present', tappedAt: new Date().toISOString() })),
    });
    expect(sync.status).toBe(200);
  }
  // An entry about each child (and one about the bystander), by the principal and the teacher.
  for (const child of [...children, bystander]) {
    const guardians = await a.s.principal.put(`/api/students/${child.id}/guardians`, { guardians: [
      { name: `Mother of ${child.name}`, relation: 'mother', phone: '+91 98470 11111' },
    ] });
    expect(guardians.status).toBe(200);
    expect((await a.s.teacher.put(`/api/students/${child.id}/medical-note`, { note: 'Asthma' })).status).toBe(200);
  }
}, 180_000);
afterAll(async () => { await app?.close(); });

describe('the audit log after erasures', () => {
  it('keeps every entry not tied to the children as it was, and who did what in the children\'s own entries', async () => {
    const before = await auditOf(app.db, a.church.id);
    const ids = new Set(children.map((c) => c.id));
    const about = before.filter((e) => e.resourceId !== null && ids.has(e.resourceId));
    const mentioning = before.filter((e) => e.action === 'attendance.offline_sync');
    expect(about).toHaveLength(children.length * 2);
    expect(mentioning).toHaveLength(2);
    // The names really are in other entries: a role, a user's name and id, a staff e-mail, an operator's e-mail.
    const others = before.filter((e) => !about.includes(e) && !mentioning.includes(e));
    const text = JSON.stringify(others);
    for (const child of children) expect(text).toContain(child.name);

    for (const [i, child] of children.entries()) {
      const session = i % 2 === 0 ? a.s.principal : a.s.super_admin;
      const res = await session.post(`/api/students/${child.id}/erase`, { confirm_name: child.name });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
    const after = await auditOf(app.db, a.church.id);
    const byId = new Map(after.map((e) => [e.id, e]));

    for (const entry of others) expect(byId.get(entry.id), entry.action).toEqual(entry);

    for (const entry of about) {
      const now = byId.get(entry.id)!;
      expect(now.resourceId).toBeNull();
      expect(now.details).toEqual({ redacted: true, ...byFields(entry.details) });
      expect(now.description).toBe(`Entry about an erased child (redacted)${author(entry.description)!}`);
      expect(author(entry.description)).toMatch(/^ \(by (principal|teacher) of /);
    }

    for (const entry of mentioning) {
      const now = byId.get(entry.id)!;
      expect(byFields(now.details)).toEqual(byFields(entry.details));
      expect(now.description).toBe(entry.description);
      const refused = (now.details as Json).refused as Json[];
      expect(refused.map((r) => r.student_id)).toEqual(['erased', bystander.id]);
      expect(refused.map((r) => [r.class_id, r.status, r.reason])).toEqual((entry.details as Json).refused.map((r: Json) => [r.class_id, r.status, r.reason]));
      for (const child of children) expect(JSON.stringify(now.details)).not.toContain(child.id);
    }

    // The erasures' own entries, by whoever erased.
    const erasures = after.filter((e) => e.action === 'student.erased');
    expect(erasures.map((e) => (e.details as Json).by_user_role)).toEqual(['principal', 'super_admin', 'principal', 'super_admin', 'principal']);
  });
});
