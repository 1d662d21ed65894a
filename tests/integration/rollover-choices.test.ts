import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayIn } from '../../common/dates.js';
import { followingYear, previousYear, ROLLOVER_MESSAGES } from '../../common/rollover.js';
import { auditOf } from '../helpers/audit.js';
import { startTestApp, type TestApp } from '../helpers/app.js';
import { churchWithSessions, type ChurchWithSessions } from '../helpers/church-session.js';
import { addChurchUser, createClassWithStudents, type Json } from '../helpers/fixtures.js';

// The rollover's choices through the real HTTP server: the church's rollover month (from which month
// the rollover is offered and allowed), whether teachers stay with their class or move up with their
// children, and the lowest class opened for new children.

let app: TestApp;

beforeAll(async () => { app = await startTestApp(); }, 60_000);
afterAll(async () => { await app?.close(); });

/** This month in the churches' time zone, and months counted from it (1-12, wrapping). */
const today = todayIn('Asia/Kolkata');
const thisYear = Number(today.slice(0, 4));
const thisMonth = Number(today.slice(5, 7));
const monthAfter = (months: number) => ((thisMonth - 1 + months) % 12) + 1;
const yearMonth = (year: number, month: number) => `${year}-${String(month).padStart(2, '0')}`;
/** This month, and the next, as 'YYYY-MM'. */
const THIS_MONTH = yearMonth(thisYear, thisMonth);
const NEXT_MONTH = thisMonth === 12 ? yearMonth(thisYear + 1, 1) : yearMonth(thisYear, thisMonth + 1);

async function setStartMonth(c: ChurchWithSessions, startMonth: number): Promise<string> {
  const saved = await c.s.principal.put('/api/gallery/academic-year/config', { start_month: startMonth, years_ahead: 3, years_back: 2 });
  expect(saved.status).toBe(200);
  return saved.body.data.current as string;
}

const currentYear = async (c: ChurchWithSessions) => (await c.s.principal.get('/api/gallery/academic-year/config')).body.data.current as string;
const classesOf = async (c: ChurchWithSessions, year: string) => (await c.s.principal.get(`/api/classes?academic_year=${year}`)).body.data as Json[];

describe('the rollover month', () => {
  it('offers the rollover into the next year from the month the church chooses, before its start month, and refuses any other year', async () => {
    const c = await churchWithSessions(app);
    const s = c.s.principal;
    // The academic year starts two months from now (as Kerala's June after an April promotion).
    const startMonth = monthAfter(2);
    const current = await setStartMonth(c, startMonth);
    await createClassWithStudents(app.db, c.church.id, { className: 'LKG', section: '', academicYear: current, names: ['Anu', 'Biju'] });

    // Unset, the rollover is the one into the current year, offered since that year's start month.
    const unset = (await s.get('/api/rollover/settings')).body.data;
    expect(unset).toEqual({
      rollover_month: null, start_month: startMonth, from_year: previousYear(current), to_year: current,
      offered_from: yearMonth(Number(current.slice(0, 4)), startMonth), next_offered_from: yearMonth(Number(current.slice(0, 4)) + 1, startMonth),
    });
    expect((await s.get('/api/rollover')).body.data).toMatchObject({ from_year: previousYear(current), offered: false, refusal: { reason: 'no_classes' } });
    const early = await s.post('/api/rollover/preview', { from_year: current });
    expect(early.status).toBe(400);
    expect(early.body.reason).toBe('not_offered');
    expect(early.body.message).toBe(ROLLOVER_MESSAGES.notOffered(current, followingYear(current), previousYear(current), current));

    // From this month: the rollover of the current year into the next is offered now.
    const saved = await s.put('/api/rollover/settings', { rollover_month: thisMonth });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toEqual({
      rollover_month: thisMonth, start_month: startMonth, from_year: current, to_year: followingYear(current),
      offered_from: THIS_MONTH, next_offered_from: yearMonth(thisYear + 1, thisMonth), message: ROLLOVER_MESSAGES.monthUpdated,
    });
    const proposal = (await s.get('/api/rollover')).body.data;
    expect(proposal).toMatchObject({ from_year: current, to_year: followingYear(current), offered: true, refusal: null, offered_from: THIS_MONTH });

    // From next month: not yet; the rollover into the current year is still the one turning.
    expect((await s.put('/api/rollover/settings', { rollover_month: monthAfter(1) })).body.data)
      .toMatchObject({ from_year: previousYear(current), to_year: current, next_offered_from: NEXT_MONTH });
    const notYet = await s.post('/api/rollover', { from_year: current });
    expect(notYet.status).toBe(400);
    expect(notYet.body.reason).toBe('not_offered');
    expect(await classesOf(c, followingYear(current))).toEqual([]);

    // Back to this month, through tRPC: the rollover is made into the next year.
    const viaTrpc = await s.mutate('rollover.updateSettings', { rollover_month: String(thisMonth) });
    expect(viaTrpc.status).toBe(200);
    expect(viaTrpc.body.result.data).toMatchObject({ rollover_month: thisMonth, from_year: current });
    const done = await s.post('/api/rollover', { from_year: current });
    expect(done.status, done.body.message).toBe(201);
    expect(done.body.data).toMatchObject({ from_year: current, to_year: followingYear(current) });
    expect((await classesOf(c, followingYear(current))).map((cls) => [cls.class_name, cls.student_count])).toEqual([['LKG', 0], ['UKG', 2]]);

    const audit = await auditOf(app.db, c.church.id, { action: 'church.rollover_month_updated' });
    expect(audit.map((e) => [(e.details as Json).old, (e.details as Json).new])).toEqual([[null, thisMonth], [thisMonth, monthAfter(1)], [monthAfter(1), thisMonth]]);
  });

  it('a month after the start month offers the rollover that late: not yet in the start month itself', async () => {
    const c = await churchWithSessions(app);
    const s = c.s.principal;
    // The academic year starts this month; the church rolls over a month later.
    const current = await setStartMonth(c, thisMonth);
    await createClassWithStudents(app.db, c.church.id, { className: '3rd', section: 'A', academicYear: previousYear(current), names: ['Chacko'] });
    expect((await s.get('/api/rollover')).body.data).toMatchObject({ from_year: previousYear(current), to_year: current, offered: true });

    const late = (await s.put('/api/rollover/settings', { rollover_month: monthAfter(1) })).body.data;
    expect(late).toMatchObject({ from_year: previousYear(previousYear(current)), to_year: previousYear(current), next_offered_from: NEXT_MONTH });
    expect((await s.get('/api/rollover')).body.data).toMatchObject({ offered: false, refusal: { reason: 'no_classes' } });
    const refused = await s.post('/api/rollover', { from_year: previousYear(current) });
    expect(refused.status).toBe(400);
    expect(refused.body.reason).toBe('not_offered');

    // Back to the start month (none of its own): offered again, and made.
    expect((await s.put('/api/rollover/settings', { rollover_month: null })).body.data).toMatchObject({ rollover_month: null, to_year: current });
    expect((await s.post('/api/rollover', { from_year: previousYear(current) })).status).toBe(201);
  });

  it('is set by principals and super admins only, with a clear 400 for anything but a month or none, and per church', async () => {
    const [c, other] = await Promise.all([churchWithSessions(app), churchWithSessions(app)]);
    for (const bad of [{ rollover_month: 13 }, { rollover_month: 0 }, { rollover_month: 4.5 }, { rollover_month: 'April' }, { month: 4 }]) {
      const refused = await c.s.principal.put('/api/rollover/settings', bad);
      expect(refused.status, JSON.stringify(bad)).toBe(400);
      expect(refused.body.message).toBe(ROLLOVER_MESSAGES.monthInvalid);
    }
    expect((await c.s.teacher.put('/api/rollover/settings', { rollover_month: 4 })).status).toBe(403);
    expect((await c.s.guest.get('/api/rollover/settings')).status).toBe(403);
    expect((await c.s.super_admin.put('/api/rollover/settings', { rollover_month: '4' })).body.data.rollover_month).toBe(4);
    expect((await c.s.principal.get('/api/rollover/settings')).body.data.rollover_month).toBe(4);
    expect((await other.s.principal.get('/api/rollover/settings')).body.data.rollover_month).toBeNull();
  });
});

/**
 * A church whose ending year has LKG A (teacher Tessy), UKG A (Usha) and 1st A (Fiona), each with
 * children; Mini teaches none.
 */
async function churchWithTeachers() {
  const c = await churchWithSessions(app);
  const toYear = await currentYear(c);
  const fromYear = previousYear(toYear);
  const [tessy, usha, fiona, mini] = await Promise.all(['Tessy', 'Usha', 'Fiona', 'Mini'].map((name) => addChurchUser(app.db, c.church.id, 'teacher', name)));
  const [lkg, ukg, first] = await Promise.all([
    createClassWithStudents(app.db, c.church.id, { className: 'LKG', section: 'A', teacherId: tessy.id, academicYear: fromYear, names: ['Abel', 'Bina'] }),
    createClassWithStudents(app.db, c.church.id, { className: 'UKG', section: 'A', teacherId: usha.id, academicYear: fromYear, names: ['Cyril'] }),
    createClassWithStudents(app.db, c.church.id, { className: '1st', section: 'A', teacherId: fiona.id, academicYear: fromYear, names: ['Dina', 'Eapen'] }),
  ]);
  return { c, fromYear, toYear, teachers: { tessy, usha, fiona, mini }, classes: { lkg, ukg, first } };
}

type TeacherChurch = Awaited<ReturnType<typeof churchWithTeachers>>;

/** The new year's classes as "class section: teacher (children)". */
const newYearOf = async (w: TeacherChurch) => {
  const names = new Map(Object.values(w.teachers).map((t) => [t.id, t.name]));
  return (await classesOf(w.c, w.toYear)).map((cls) => `${cls.class_name} ${cls.section}: ${names.get(cls.teacher_id) ?? '-'} (${cls.student_count})`);
};

describe('teachers at the turn of the year', () => {
  it('stay with their class by default: the new UKG gets this year\'s UKG teacher, and the proposal says both choices', async () => {
    const w = await churchWithTeachers();
    const s = w.c.s.principal;
    const { tessy, usha, fiona } = w.teachers;
    const proposal = (await s.get('/api/rollover')).body.data;
    expect(proposal.classes.map((cls: Json) => [cls.class_name, cls.suggestion.next_class_name, cls.suggestion.teachers])).toEqual([
      ['LKG', 'UKG', { stay: usha.id, move_up: tessy.id }],
      ['UKG', '1st', { stay: fiona.id, move_up: usha.id }],
      ['1st', '2nd', { stay: null, move_up: fiona.id }],
    ]);

    const preview = (await s.post('/api/rollover/preview', { from_year: w.fromYear })).body.data;
    expect(preview.teachers).toBe('stay');
    expect(preview.classes.map((cls: Json) => [cls.class_name, cls.teacher_name, cls.children.length])).toEqual([
      ['LKG', 'Tessy', 0], ['UKG', 'Usha', 2], ['1st', 'Fiona', 1], ['2nd', null, 2],
    ]);
    expect((await s.post('/api/rollover', { from_year: w.fromYear })).status).toBe(201);
    expect(await newYearOf(w)).toEqual(['LKG A: Tessy (0)', 'UKG A: Usha (2)', '1st A: Fiona (1)', '2nd A: - (2)']);
  });

  it('move up with their children when the plan says so; the lowest class opened then has no teacher', async () => {
    const w = await churchWithTeachers();
    const s = w.c.s.principal;
    const plan = { from_year: w.fromYear, teachers: 'move_up' };
    const preview = (await s.post('/api/rollover/preview', plan)).body.data;
    expect(preview.teachers).toBe('move_up');
    expect(preview.classes.map((cls: Json) => [cls.class_name, cls.teacher_name, cls.opened_for_admissions])).toEqual([
      ['LKG', null, true], ['UKG', 'Tessy', false], ['1st', 'Usha', false], ['2nd', 'Fiona', false],
    ]);
    expect((await s.post('/api/rollover', plan)).status).toBe(201);
    expect(await newYearOf(w)).toEqual(['LKG A: - (0)', 'UKG A: Tessy (2)', '1st A: Usha (1)', '2nd A: Fiona (2)']);
  });

  it('a teacher the plan names (or none) wins over the choice; a teacher no longer active is none; a held back child\'s class follows the choice', async () => {
    const w = await churchWithTeachers();
    const s = w.c.s.principal;
    const { mini } = w.teachers;
    // Fiona no longer teaches: the new 1st (hers by the choice) gets no teacher.
    expect((await w.c.s.super_admin.put(`/api/users/${w.teachers.fiona.id}`, { is_active: false })).status).toBe(200);
    const preview = await s.post('/api/rollover/preview', {
      from_year: w.fromYear,
      classes: [
        { class_id: w.classes.lkg.class.id, next_class_name: 'UKG', next_section: 'A', next_teacher_id: mini.id },
        { class_id: w.classes.first.class.id, next_class_name: '2nd', next_section: 'A', next_teacher_id: null },
      ],
      children: [{ student_id: w.classes.first.students[0].id, outcome: 'held_back' }],
    });
    expect(preview.status, preview.body.message).toBe(200);
    expect(preview.body.data.classes.map((cls: Json) => [cls.class_name, cls.teacher_name, cls.children.map((ch: Json) => ch.name)])).toEqual([
      ['LKG', 'Tessy', []], ['UKG', 'Mini', ['Abel', 'Bina']], ['1st', null, ['Cyril', 'Dina']], ['2nd', null, ['Eapen']],
    ]);
    // Teachers moving up: the held back child's 1st A is made without a teacher (its teacher moved on).
    const movingUp = await s.post('/api/rollover/preview', {
      from_year: w.fromYear, teachers: 'move_up', children: [{ student_id: w.classes.lkg.students[0].id, outcome: 'held_back' }],
    });
    expect(movingUp.body.data.classes.map((cls: Json) => [cls.class_name, cls.teacher_name, cls.children.map((ch: Json) => ch.name)])).toEqual([
      ['LKG', null, ['Abel']], ['UKG', 'Tessy', ['Bina']], ['1st', 'Usha', ['Cyril']], ['2nd', null, ['Dina', 'Eapen']],
    ]);
  });

  it('refuses a teacher choice it does not know, with a clear 400', async () => {
    const w = await churchWithTeachers();
    for (const teachers of ['follow', 1, null]) {
      const refused = await w.c.s.principal.post('/api/rollover/preview', { from_year: w.fromYear, teachers });
      expect(refused.status).toBe(400);
      expect(refused.body.message).toBe(ROLLOVER_MESSAGES.teachersInvalid);
    }
    const badOpen = await w.c.s.principal.post('/api/rollover', { from_year: w.fromYear, open_lowest_class: 'yes' });
    expect(badOpen.status).toBe(400);
    expect(badOpen.body.message).toBe(ROLLOVER_MESSAGES.openLowestInvalid);
    expect(await classesOf(w.c, w.toYear)).toEqual([]);
  });
});

describe('the lowest class opened for new children', () => {
  it('is made empty for each section the ending year had, takes admissions, and goes with an undo', async () => {
    const c = await churchWithSessions(app);
    const s = c.s.principal;
    const toYear = await currentYear(c);
    const fromYear = previousYear(toYear);
    await Promise.all([
      createClassWithStudents(app.db, c.church.id, { className: 'LKG', section: 'A', teacherId: c.users.teacher.id, academicYear: fromYear, names: ['Abel'] }),
      createClassWithStudents(app.db, c.church.id, { className: 'LKG', section: 'B', academicYear: fromYear, names: ['Bina'] }),
    ]);
    const done = await s.post('/api/rollover', { from_year: fromYear });
    expect(done.status).toBe(201);
    expect(done.body.data.totals).toEqual({ classes_created: 4, children_moved: 2, held_back: 0, leaving: 0 });
    const made = await classesOf(c, toYear);
    expect(made.map((cls) => [cls.class_name, cls.section, cls.teacher_id, cls.student_count])).toEqual([
      ['LKG', 'A', c.users.teacher.id, 0], ['LKG', 'B', null, 0], ['UKG', 'A', null, 1], ['UKG', 'B', null, 1],
    ]);
    // A new child is admitted into the opened LKG A, numbered from 1.
    const lkgA = made.find((cls) => cls.class_name === 'LKG' && cls.section === 'A');
    const admitted = await s.post('/api/students', { name: 'Newcomer', parent_phone: '+91 98765 43210', date_of_birth: '2022-02-02', class_id: lkgA.id });
    expect(admitted.status, admitted.body.message).toBe(201);
    expect(admitted.body.data).toMatchObject({ class_name: 'LKG', academic_year: toYear, roll_number: 1 });
    // The undo waits for that child to leave the class the rollover made, then takes the opened classes too.
    expect((await s.post(`/api/rollover/${done.body.data.id}/undo`)).status).toBe(409);
    expect((await s.delete(`/api/students/${admitted.body.data.id}`)).status).toBe(200);
    expect((await s.post(`/api/rollover/${done.body.data.id}/undo`)).status).toBe(200);
    expect(await classesOf(c, toYear)).toEqual([]);
  });

  it('is one class without a section when the ending year had none of it, none when the new year has it already, none when the plan says so', async () => {
    const c = await churchWithSessions(app);
    const s = c.s.principal;
    const toYear = await currentYear(c);
    const fromYear = previousYear(toYear);
    await createClassWithStudents(app.db, c.church.id, { className: '3rd', section: 'A', academicYear: fromYear, names: ['Chacko'] });
    const plain = (await s.post('/api/rollover/preview', { from_year: fromYear })).body.data;
    expect(plain.classes.map((cls: Json) => [cls.class_name, cls.section, cls.existing, cls.opened_for_admissions])).toEqual([
      ['LKG', '', false, true], ['4th', 'A', false, false],
    ]);
    const closed = (await s.post('/api/rollover/preview', { from_year: fromYear, open_lowest_class: false })).body.data;
    expect(closed.classes.map((cls: Json) => cls.class_name)).toEqual(['4th']);
    expect(closed.totals.classes_created).toBe(1);

    // An LKG made by hand for the new year: no second one.
    expect((await s.post('/api/classes', { class_name: 'LKG', section: 'Rose', academic_year: toYear })).status).toBe(201);
    const done = await s.post('/api/rollover', { from_year: fromYear });
    expect(done.body.data.totals.classes_created).toBe(1);
    expect((await classesOf(c, toYear)).map((cls) => [cls.class_name, cls.section])).toEqual([['LKG', 'Rose'], ['4th', 'A']]);
  });
});
