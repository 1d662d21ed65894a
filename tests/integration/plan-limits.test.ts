import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { churches, classes, students } from '../../drizzle/schema/index.js';
import { startTestApp, type TestApp } from '../helpers/app.js';
import { createChurch } from '../helpers/fixtures.js';
import { signIn, type ChurchSession as Session } from '../helpers/church-session.js';
import { assertWithinPlanLimit, planLimitMessage } from '../../server/modules/subscription/limits.js';
import { AppError } from '../../server/core/errors.js';
import { academicYearOf } from '../../common/academic-year.js';
import { todayIn } from '../../common/dates.js';
import { previousYear } from '../../common/rollover.js';

let app: TestApp;
beforeAll(async () => { app = await startTestApp(); });
afterAll(async () => { await app?.close(); });

/** The church's current academic year (the default setting, in the test churches' time zone): the
 * year whose classes the usage page counts. */
const YEAR = academicYearOf(todayIn('Asia/Kolkata'), 6);
const LAST_YEAR = previousYear(YEAR);

async function church(options: Parameters<typeof createChurch>[1] = {}) {
  const made = await createChurch(app.db, options);
  const admin = await signIn(app.url, made.code, made.users.super_admin.email);
  return { ...made, admin };
}

const newClass = (s: Session, class_name: string, extra: Record<string, unknown> = {}) =>
  s.post('/api/classes', { class_name, academic_year: YEAR, ...extra });

const newStudent = (s: Session, classId: string, name = 'Child') =>
  s.post('/api/students', { name, parent_phone: '9847012345', date_of_birth: '2017-06-01', class_id: classId });

async function usage(s: Session) {
  const res = await s.get('/api/subscription/usage');
  expect(res.status).toBe(200);
  return res.body.data;
}

/** Rows put straight into the church (fast setup of a church near a large limit). */
const insertClasses = (churchId: string, n: number) => app.db.withTenant(churchId, (tx) => tx.insert(classes).values(
  Array.from({ length: n }, (_, i) => ({ churchId, className: '1st', section: `S${i}`, academicYear: YEAR }))));

describe('classes limit', () => {
  it('lets a free church add 2 classes and refuses the third with 409 naming the limit and the plan', async () => {
    const c = await church({ tier: 'free' });
    expect((await newClass(c.admin, 'LKG')).status).toBe(201);
    const second = await newClass(c.admin, 'UKG');
    expect(second.status).toBe(201);
    const third = await newClass(c.admin, '1st');
    expect(third.status).toBe(409);
    expect(third.body).toEqual({
      success: false, reason: 'plan_limit',
      message: 'Your Free Trial plan allows 2 classes. Upgrade your plan to add more.',
      // What the message is made of, for a client that says it in its user's language.
      values: { plan: 'Free Trial plan', tier: 'free', limit: 2, resource: 'classes' },
    });
    expect(await usage(c.admin)).toMatchObject({ usage: { classes: 2 }, limits: { classes: 2 }, tier: 'free' });

    // A principal is refused the same way; editing is not adding.
    const principal = await signIn(app.url, c.code, c.users.principal.email);
    expect((await newClass(principal, '2nd')).status).toBe(409);
    expect((await principal.put(`/api/classes/${second.body.data.id}`, { section: 'B' })).status).toBe(200);

    // Deleting one makes room again.
    expect((await c.admin.delete(`/api/classes/${second.body.data.id}`)).status).toBe(200);
    expect((await newClass(c.admin, '1st')).status).toBe(201);
    expect((await usage(c.admin)).usage.classes).toBe(2);
  });

  it('counts the classes of one academic year: last year\'s classes leave this year\'s room whole', async () => {
    const c = await church({ tier: 'free' });
    const lastYear = await Promise.all(['LKG', 'UKG'].map((name) => c.admin.post('/api/classes', { class_name: name, academic_year: LAST_YEAR })));
    expect(lastYear.map((r) => r.status)).toEqual([201, 201]);
    expect((await c.admin.post('/api/classes', { class_name: '1st', academic_year: LAST_YEAR })).status).toBe(409);
    expect((await usage(c.admin)).usage.classes).toBe(0);
    expect((await newClass(c.admin, 'LKG')).status).toBe(201);
    expect((await newClass(c.admin, 'UKG')).status).toBe(201);
    expect((await newClass(c.admin, '1st')).status).toBe(409);
    expect((await usage(c.admin)).usage.classes).toBe(2);
  });

  it('checks the input before the limit (bad input stays a 400)', async () => {
    const c = await church({ tier: 'free' });
    await insertClasses(c.church.id, 2);
    const res = await newClass(c.admin, 'Grade 9');
    expect(res.status).toBe(400);
  });

  it('names a plan whose name already ends in "Plan" without repeating it', async () => {
    const c = await church({ tier: 'basic' });
    await insertClasses(c.church.id, 20);
    const res = await newClass(c.admin, '2nd');
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('Your Basic Plan allows 20 classes. Upgrade your plan to add more.');
  });

  it('does not limit premium and lifetime churches (-1)', async () => {
    const premium = await church({ tier: 'premium' });
    await insertClasses(premium.church.id, 25);
    expect((await newClass(premium.admin, '2nd')).status).toBe(201);
    const lifetime = await church({ tier: 'lifetime' });
    await insertClasses(lifetime.church.id, 25);
    expect((await newClass(lifetime.admin, '2nd')).status).toBe(201);
    // A church flagged lifetime is unlimited whatever its tier says.
    const flagged = await church({ tier: 'free', isLifetime: true, endDate: null });
    await insertClasses(flagged.church.id, 3);
    expect((await newClass(flagged.admin, '2nd')).status).toBe(201);
  });

  it('refuses a church already over its limit after a downgrade, and usage shows it', async () => {
    const c = await church({ tier: 'premium' });
    await insertClasses(c.church.id, 3);
    await app.db.withPlatform((tx) => tx.update(churches).set({ subscriptionTier: 'free' }).where(eq(churches.id, c.church.id)));
    const res = await newClass(c.admin, '3rd');
    expect(res.status).toBe(409);
    expect(await usage(c.admin)).toMatchObject({ usage: { classes: 3 }, limits: { classes: 2 } });
  });

  it('lets only as many parallel adds through as the plan allows', async () => {
    const c = await church({ tier: 'free' });
    const results = await Promise.all(['LKG', 'UKG', '1st', '2nd', '3rd', '4th'].map((name) => newClass(c.admin, name)));
    expect(results.filter((r) => r.status === 201)).toHaveLength(2);
    expect(results.filter((r) => r.status === 409).map((r) => r.body.reason)).toEqual(Array(4).fill('plan_limit'));
    expect((await usage(c.admin)).usage.classes).toBe(2);
  });
});

describe('students limit', () => {
  it('lets a free church enrol 5 students and refuses the sixth; moving and editing still work', async () => {
    const c = await church({ tier: 'free' });
    const a = (await newClass(c.admin, 'LKG')).body.data;
    const b = (await newClass(c.admin, 'UKG')).body.data;
    const added = [];
    for (let i = 0; i < 5; i++) {
      const res = await newStudent(c.admin, a.id, `Child ${i}`);
      expect(res.status, res.body.message).toBe(201);
      added.push(res.body.data);
    }
    const sixth = await newStudent(c.admin, b.id);
    expect(sixth.status).toBe(409);
    expect(sixth.body).toEqual({
      success: false, reason: 'plan_limit',
      message: 'Your Free Trial plan allows 5 students. Upgrade your plan to add more.',
      values: { plan: 'Free Trial plan', tier: 'free', limit: 5, resource: 'students' },
    });
    const teacher = await signIn(app.url, c.code, c.users.teacher.email);
    await c.admin.put(`/api/classes/${b.id}`, { teacher_id: c.users.teacher.id });
    expect((await newStudent(teacher, b.id)).status).toBe(409);

    const moved = await c.admin.put(`/api/students/${added[0].id}`, { class_id: b.id, name: 'Moved' });
    expect(moved.status).toBe(200);
    expect(moved.body.data).toMatchObject({ class_id: b.id, roll_number: 1, name: 'Moved' });
    expect(await usage(c.admin)).toMatchObject({ usage: { students: 5 }, limits: { students: 5 } });

    expect((await c.admin.delete(`/api/students/${added[1].id}`)).status).toBe(200);
    expect((await newStudent(c.admin, a.id)).status).toBe(201);
    expect((await newStudent(c.admin, a.id)).status).toBe(409);
  });

  it('lets only 5 of 10 parallel adds through on a free church', async () => {
    const c = await church({ tier: 'free' });
    const a = (await newClass(c.admin, 'LKG')).body.data;
    const b = (await newClass(c.admin, 'UKG')).body.data;
    const results = await Promise.all(Array.from({ length: 10 }, (_, i) => newStudent(c.admin, i % 2 ? a.id : b.id, `Child ${i}`)));
    expect(results.filter((r) => r.status === 201)).toHaveLength(5);
    for (const r of results.filter((r) => r.status !== 201)) {
      expect(r.status).toBe(409);
      expect(r.body.message).toBe('Your Free Trial plan allows 5 students. Upgrade your plan to add more.');
    }
    const stored = await app.db.withTenant(c.church.id, (tx) => tx.select().from(students));
    expect(stored).toHaveLength(5);
    expect((await usage(c.admin)).usage.students).toBe(5);
  });
});

describe('the limit module for teachers and principals', () => {
  const check = (churchRow: { id: string; subscriptionTier: string; isLifetime: boolean }, resource: 'teachers' | 'principals') =>
    app.db.withTenant(churchRow.id, (tx) => assertWithinPlanLimit(tx, {
      id: churchRow.id, subscription_tier: churchRow.subscriptionTier, is_lifetime: churchRow.isLifetime,
    }, resource));

  it('refuses a second teacher or principal on the free plan, with the same counts as usage', async () => {
    const c = await church({ tier: 'free' });
    const refusal = await check(c.church, 'teachers').catch((e: unknown) => e);
    expect(refusal).toBeInstanceOf(AppError);
    expect(refusal).toMatchObject({ code: 'CONFLICT', message: 'Your Free Trial plan allows 1 teacher. Upgrade your plan to add more.', data: { reason: 'plan_limit', values: { limit: 1, resource: 'teachers', tier: 'free' } } });
    await expect(check(c.church, 'principals')).rejects.toMatchObject({
      message: 'Your Free Trial plan allows 1 principal. Upgrade your plan to add more.',
    });
    expect(await usage(c.admin)).toMatchObject({ usage: { teachers: 1, principals: 1 }, limits: { teachers: 1, principals: 1 } });
  });

  it('allows them under the limit and on unlimited plans', async () => {
    const basic = await church({ tier: 'basic' });
    await expect(check(basic.church, 'teachers')).resolves.toBeUndefined();
    await expect(check(basic.church, 'principals')).rejects.toMatchObject({ message: 'Your Basic Plan allows 1 principal. Upgrade your plan to add more.' });
    const premium = await church({ tier: 'premium' });
    await expect(check(premium.church, 'principals')).resolves.toBeUndefined();
    await expect(check(premium.church, 'teachers')).resolves.toBeUndefined();
    const noPrincipal = await church({ tier: 'free', roles: ['super_admin'] });
    await expect(check(noPrincipal.church, 'principals')).resolves.toBeUndefined();
  });

  it('words the message for one and for many', () => {
    expect(planLimitMessage('Free Trial', 1, 'classes')).toBe('Your Free Trial plan allows 1 class. Upgrade your plan to add more.');
    expect(planLimitMessage('Premium Plan', 2, 'principals')).toBe('Your Premium Plan allows 2 principals. Upgrade your plan to add more.');
  });
});
