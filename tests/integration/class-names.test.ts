import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLASS_MESSAGES } from '../../common/class-messages.js';
import { DEFAULT_CLASS_NAMES } from '../../common/school.js';
import { previousYear } from '../../common/rollover.js';
import { startTestApp, type TestApp } from '../helpers/app.js';
import { api, createClassWithStudents, type Json } from '../helpers/fixtures.js';
import { auditOf } from '../helpers/audit.js';
import { churchWithSessions, type ChurchWithSessions } from '../helpers/church-session.js';
import { addClass } from '../helpers/classes-api.js';

// A church's classes are its own ordered list (decisions.md, 'Classes, exams and associations'):
// GET/PUT /api/classes/names, adding a class only from the list, ordering by it, the rollover's next
// class from it (the last leaves), and one church never seeing another's list.

let app: TestApp;
beforeAll(async () => { app = await startTestApp(); }, 240_000);
afterAll(async () => { await app?.close(); });

const LEVELS = ['Beginner', 'Primary', 'Junior', 'Intermediate', 'Senior'];

const currentYear = async (c: ChurchWithSessions) =>
  (await c.s.principal.get('/api/gallery/academic-year/config')).body.data.current as string;

describe('the class list', () => {
  it('is LKG ... 12th unless set, and a principal may add an 11th and a 12th class', async () => {
    const c = await churchWithSessions(app);
    const res = await c.s.teacher.get('/api/classes/names');
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ class_names: [...DEFAULT_CLASS_NAMES] });
    expect(DEFAULT_CLASS_NAMES.slice(-3)).toEqual(['10th', '11th', '12th']);
    const twelfth = await addClass(c.s.principal, { class_name: '12TH' });
    const eleventh = await addClass(c.s.principal, { class_name: '11th' });
    expect([twelfth.class_name, eleventh.class_name]).toEqual(['12th', '11th']);
    await addClass(c.s.principal, { class_name: 'LKG' });
    const list = (await c.s.principal.get('/api/classes')).body.data as Json[];
    expect(list.map((cls) => cls.class_name)).toEqual(['LKG', '11th', '12th']);
    const refused = await c.s.principal.post('/api/classes', { class_name: 'Beginner', academic_year: '2025-2026' });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(CLASS_MESSAGES.classNameInvalid);
  });

  it('is set by a principal or super admin (audited), not by a teacher or guest, and checked', async () => {
    const c = await churchWithSessions(app);
    for (const s of [c.s.teacher, c.s.guest]) {
      expect((await s.put('/api/classes/names', { class_names: LEVELS })).status).toBe(403);
    }
    expect((await api(app.url, 'PUT', '/api/classes/names', { body: { class_names: LEVELS } })).status).toBe(401);
    const empty = await c.s.principal.put('/api/classes/names', {});
    expect(empty.status).toBe(400);
    const bad: Array<[unknown, string]> = [
      [{ class_names: [] }, CLASS_MESSAGES.classNamesEmpty],
      [{ class_names: 'Beginner' }, CLASS_MESSAGES.classNamesEmpty],
      [{ class_names: ['Beginner', '  '] }, CLASS_MESSAGES.classNameBlank],
      [{ class_names: ['Beginner', 7] }, CLASS_MESSAGES.classNameBlank],
      [{ class_names: ['Beginner', 'beginner '] }, CLASS_MESSAGES.classNamesDuplicate],
      [{ class_names: ['x'.repeat(31)] }, CLASS_MESSAGES.classNameTooLong],
      [{ class_names: Array.from({ length: 31 }, (_, i) => `Level ${i}`) }, CLASS_MESSAGES.classNamesTooMany],
      [{ class_names: ['Begin\u0000ner'] }, 'This field must not contain control characters.'],
    ];
    for (const [body, message] of bad) {
      const res = await c.s.principal.put('/api/classes/names', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toBe(message);
    }
    expect((await c.s.principal.get('/api/classes/names')).body.data.class_names).toEqual([...DEFAULT_CLASS_NAMES]);

    const saved = await c.s.principal.put('/api/classes/names', { class_names: [' Beginner ', ...LEVELS.slice(1)] });
    expect(saved.status, saved.body.message).toBe(200);
    expect(saved.body.data).toEqual({ class_names: LEVELS });
    const bySuper = await c.s.super_admin.put('/api/classes/names', { class_names: [...LEVELS, 'Seniors 2'] });
    expect(bySuper.status).toBe(200);
    const audit = await auditOf(app.db, c.church.id, { action: 'church.class_names_updated' });
    expect(audit.map((e) => [(e.details as Json).old, (e.details as Json).new])).toEqual([
      [[...DEFAULT_CLASS_NAMES], LEVELS], [LEVELS, [...LEVELS, 'Seniors 2']],
    ]);
    // Through tRPC too, the same rule.
    const trpc = await c.s.principal.mutate('classes.updateNames', { class_names: ['A', 'a'] });
    expect(trpc.status).toBe(400);
  });

  it('keeps a name used by this year\'s classes; past years\' classes keep theirs and sort after the list', async () => {
    const c = await churchWithSessions(app);
    const year = await currentYear(c);
    const old = previousYear(year);
    await addClass(c.s.principal, { class_name: '1st', academic_year: year });
    await addClass(c.s.principal, { class_name: '3rd', academic_year: old });
    const refused = await c.s.principal.put('/api/classes/names', { class_names: LEVELS });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(CLASS_MESSAGES.classNameInUse('1st'));
    expect((await c.s.principal.get('/api/classes/names')).body.data.class_names).toEqual([...DEFAULT_CLASS_NAMES]);

    // 1st stays (this year's class), 3rd may go (only a past year's class has it).
    const saved = await c.s.principal.put('/api/classes/names', { class_names: [...LEVELS, '1st'] });
    expect(saved.status, saved.body.message).toBe(200);
    await addClass(c.s.principal, { class_name: 'senior', academic_year: old });
    await addClass(c.s.principal, { class_name: 'Beginner', academic_year: old });
    const list = (await c.s.principal.get(`/api/classes?academic_year=${old}`)).body.data as Json[];
    expect(list.map((cls) => cls.class_name)).toEqual(['Beginner', 'Senior', '3rd']);
    // The old class still edits (its section) without a listed name.
    const third = list.find((cls) => cls.class_name === '3rd')!;
    const edited = await c.s.principal.put(`/api/classes/${third.id}`, { class_name: '3rd', section: 'B' });
    expect(edited.status, edited.body.message).toBe(200);
    const renamed = await c.s.principal.put(`/api/classes/${third.id}`, { class_name: '4th' });
    expect(renamed.status).toBe(400);
    expect(renamed.body.message).toBe(CLASS_MESSAGES.classNameInvalid);
  });

  it('drives the rollover of a church with named levels: Beginner moves to Primary, Senior leaves', async () => {
    const c = await churchWithSessions(app);
    expect((await c.s.principal.put('/api/classes/names', { class_names: LEVELS })).status).toBe(200);
    const toYear = await currentYear(c);
    const fromYear = previousYear(toYear);
    const [beginner, senior] = await Promise.all([
      createClassWithStudents(app.db, c.church.id, { className: 'Beginner', academicYear: fromYear, names: ['Anu', 'Biju'] }),
      createClassWithStudents(app.db, c.church.id, { className: 'Senior', academicYear: fromYear, names: ['Chacko'] }),
    ]);
    const proposal = (await c.s.principal.get('/api/rollover')).body.data;
    expect(proposal.class_names).toEqual(LEVELS);
    expect(proposal.classes.map((cls: Json) => [cls.class_name, cls.suggestion.next_class_name])).toEqual([['Beginner', 'Primary'], ['Senior', null]]);

    const badPlan = await c.s.principal.post('/api/rollover/preview', {
      from_year: fromYear, classes: [{ class_id: beginner.class.id, next_class_name: '1st', next_section: '' }],
    });
    expect(badPlan.status).toBe(400);
    expect(badPlan.body.message).toBe(CLASS_MESSAGES.classNameInvalid);

    const done = await c.s.principal.post('/api/rollover', { from_year: fromYear });
    expect(done.status, done.body.message).toBe(201);
    // Primary, and Beginner (the list's first) opened for new children.
    expect(done.body.data.totals).toMatchObject({ classes_created: 2, children_moved: 2, leaving: 1 });
    const newYear = (await c.s.principal.get(`/api/classes?academic_year=${toYear}`)).body.data as Json[];
    expect(newYear.map((cls) => [cls.class_name, cls.student_count])).toEqual([['Beginner', 0], ['Primary', 2]]);
    const students = (await c.s.principal.get('/api/students')).body.data as Json[];
    const chacko = students.find((s) => s.name === 'Chacko');
    expect(chacko).toMatchObject({ class_name: 'Senior', active: false });
    expect(senior.students).toHaveLength(1);
  });

  it('is each church\'s own: two churches with different lists do not see or change each other\'s', async () => {
    const a = await churchWithSessions(app);
    const b = await churchWithSessions(app);
    expect((await a.s.principal.put('/api/classes/names', { class_names: LEVELS })).status).toBe(200);
    expect((await b.s.principal.get('/api/classes/names')).body.data.class_names).toEqual([...DEFAULT_CLASS_NAMES]);
    expect((await a.s.principal.get('/api/classes/names')).body.data.class_names).toEqual(LEVELS);
    // B cannot add a class named from A's list, and A no longer offers 12th.
    expect((await b.s.principal.post('/api/classes', { class_name: 'Junior', academic_year: '2025-2026' })).status).toBe(400);
    expect((await a.s.principal.post('/api/classes', { class_name: '12th', academic_year: '2025-2026' })).status).toBe(400);
    await addClass(a.s.principal, { class_name: 'Junior' });
    await addClass(b.s.principal, { class_name: '12th' });
    expect(((await b.s.principal.get('/api/classes')).body.data as Json[]).map((cls) => cls.class_name)).toEqual(['12th']);
    expect(await auditOf(app.db, b.church.id, { action: 'church.class_names_updated' })).toEqual([]);
  });
});
