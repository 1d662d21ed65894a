import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { academicYearConfigs } from '../../drizzle/schema/index.js';
import { academicYearOf } from '../../common/academic-year.js';
import { todayIn } from '../../common/dates.js';
import { MESSAGES } from '../../common/constants.js';
import { ACADEMIC_YEAR_CONFIG_MESSAGES as M } from '../../common/record-messages.js';
import { startTestApp, type TestApp } from '../helpers/app.js';
import { api, createChurch } from '../helpers/fixtures.js';
import { auditOf } from '../helpers/audit.js';
import { CHURCH_ROLES as ROLES, churchWithSessions, signIn, type ChurchRole as Role, type ChurchSession } from '../helpers/church-session.js';

let app: TestApp;
beforeAll(async () => { app = await startTestApp(); });
afterAll(async () => { await app?.close(); });

const PATH = '/api/gallery/academic-year/config';
const TZ = 'Asia/Kolkata';
/** The audit entries of the config's changes. */
const CONFIG_CHANGES = { resourceType: 'academic_year_config' };

const years = (current: string, back: number, ahead: number) => {
  const start = Number(current.slice(0, 4));
  return Array.from({ length: back + ahead + 1 }, (_, i) => `${start - back + i}-${start - back + i + 1}`);
};

describe('PUT /api/gallery/academic-year/config: who may', () => {
  const expected: Record<Role, 200 | 403> = { super_admin: 200, principal: 200, teacher: 403, guest: 403 };
  for (const role of ROLES) {
    it(`${role} → ${expected[role]} (GET stays open to every role)`, async () => {
      const c = await churchWithSessions(app);
      const res = await c.s[role].put(PATH, { start_month: 1, years_ahead: 1, years_back: 1 });
      expect(res.status, res.body.message).toBe(expected[role]);
      const get = await c.s[role].get(PATH);
      expect(get.status).toBe(200);
      if (expected[role] === 403) {
        expect(res.body).toEqual({ success: false, message: MESSAGES.notAllowed });
        expect(get.body.data).toMatchObject({ start_month: 6, is_default: true });
        expect(await auditOf(app.db, c.church.id, CONFIG_CHANGES)).toEqual([]);
      } else {
        expect(get.body.data).toMatchObject({ start_month: 1, years_ahead: 1, years_back: 1, is_default: false });
      }
    });
  }

  it('answers 401 without a session and 403 with the reason on an invalid subscription', async () => {
    const anonymous = await api(app.url, 'PUT', PATH, { body: { start_month: 1, years_ahead: 1, years_back: 1 } });
    expect(anonymous.status).toBe(401);
    const expired = await createChurch(app.db, { tier: 'free', endDate: new Date(Date.now() - 1000) });
    const s = await signIn(app.url, expired.code, expired.users.principal.email);
    const res = await s.put(PATH, { start_month: 1, years_ahead: 1, years_back: 1 });
    expect(res.status).toBe(403);
    expect(res.body.reason).toBe('subscription_trial_ended');
  });
});

describe('PUT /api/gallery/academic-year/config: the change', () => {
  it('stores the config, answers the settings and every year list follows at once', async () => {
    const c = await churchWithSessions(app);
    const res = await c.s.principal.put(PATH, { start_month: 9, years_ahead: 4, years_back: 1 });
    const current = academicYearOf(todayIn(TZ), 9);
    const expectedChoices = years(current, 1, 4);
    expect(res.body).toEqual({
      success: true,
      data: { start_month: 9, years_ahead: 4, years_back: 1, is_default: false, current, choices: expectedChoices },
    });
    // Every academic-year choice reads the config fresh: the config (classes, reports, attendance) and the year list.
    const get = await c.s.teacher.get(PATH);
    expect(get.body.data.choices).toEqual(expectedChoices);
    const list = await c.s.guest.get('/api/gallery/academic-years');
    expect(list.body.data).toEqual(expectedChoices);
    // A class can be made in the furthest new year.
    const cls = await c.s.principal.post('/api/classes', { class_name: '1st', academic_year: expectedChoices.at(-1) });
    expect(cls.status, cls.body.message).toBe(201);
  });

  it('accepts the bounds and numeric text, and changes a stored config again', async () => {
    const c = await churchWithSessions(app);
    for (const body of [{ start_month: 1, years_ahead: 1, years_back: 10 }, { start_month: '12', years_ahead: '10', years_back: '1' }]) {
      const res = await c.s.super_admin.put(PATH, body);
      expect(res.status, res.body.message).toBe(200);
    }
    const rows = await app.db.withTenant(c.church.id, (tx) => tx.select().from(academicYearConfigs));
    expect(rows).toEqual([expect.objectContaining({ startMonth: 12, yearsAhead: 10, yearsBack: 1 })]);
  });

  const invalid: Array<[string, Record<string, unknown>, string, string]> = [
    ['start month 0', { start_month: 0 }, 'start_month', M.startMonthInvalid],
    ['start month 13', { start_month: 13 }, 'start_month', M.startMonthInvalid],
    ['start month 1.5', { start_month: 1.5 }, 'start_month', M.startMonthInvalid],
    ['start month missing', { start_month: undefined }, 'start_month', M.startMonthInvalid],
    ['start month text', { start_month: 'June' }, 'start_month', M.startMonthInvalid],
    ['years ahead 0', { years_ahead: 0 }, 'years_ahead', M.yearsAheadInvalid],
    ['years ahead 11', { years_ahead: 11 }, 'years_ahead', M.yearsAheadInvalid],
    ['years ahead null', { years_ahead: null }, 'years_ahead', M.yearsAheadInvalid],
    ['years back 0', { years_back: 0 }, 'years_back', M.yearsBackInvalid],
    ['years back 11', { years_back: 11 }, 'years_back', M.yearsBackInvalid],
    ['years back -1', { years_back: -1 }, 'years_back', M.yearsBackInvalid],
  ];
  for (const [label, change, field, message] of invalid) {
    it(`answers 400 with the field's message and stores nothing: ${label}`, async () => {
      const c = await churchWithSessions(app);
      const res = await c.s.principal.put(PATH, { start_month: 9, years_ahead: 3, years_back: 2, ...change });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ success: false, message, errors: { [field]: [message] } });
      expect((await c.s.principal.get(PATH)).body.data.is_default).toBe(true);
      expect(await auditOf(app.db, c.church.id, CONFIG_CHANGES)).toEqual([]);
    });
  }
});

describe('audit and isolation', () => {
  it('writes one audit entry per change with the old and new values and the user', async () => {
    const c = await churchWithSessions(app);
    await c.s.principal.put(PATH, { start_month: 9, years_ahead: 3, years_back: 2 });
    await c.s.super_admin.put(PATH, { start_month: 4, years_ahead: 2, years_back: 5 });
    const entries = await auditOf(app.db, c.church.id, CONFIG_CHANGES);
    expect(entries).toHaveLength(2);
    expect(entries[0]).toMatchObject({
      operatorId: null, action: 'academic_year_config.updated', resourceId: c.church.id,
      details: {
        by_user_id: c.users.principal.id, by_user_role: 'principal',
        old: { start_month: 6, years_ahead: 3, years_back: 2, is_default: true }, new: { start_month: 9, years_ahead: 3, years_back: 2 },
      },
    });
    expect(entries[1].details).toMatchObject({
      by_user_id: c.users.super_admin.id, old: { start_month: 9 }, new: { start_month: 4, years_ahead: 2, years_back: 5 },
    });
  });

  it('changes only the caller\'s church', async () => {
    const [a, b] = await Promise.all([churchWithSessions(app), churchWithSessions(app)]);
    await a.s.principal.put(PATH, { start_month: 1, years_ahead: 1, years_back: 1 });
    expect((await b.s.principal.get(PATH)).body.data).toMatchObject({ start_month: 6, is_default: true });
    // A session of church a with b's code is no session at all.
    const crossed = await api(app.url, 'PUT', PATH, { token: a.s.principal.token, code: b.code, body: { start_month: 2, years_ahead: 2, years_back: 2 } });
    expect(crossed.status).toBe(401);
    expect((await b.s.principal.get(PATH)).body.data.is_default).toBe(true);
    expect(await auditOf(app.db, b.church.id, CONFIG_CHANGES)).toEqual([]);
  });
});

describe('over tRPC', () => {
  it('academicYear.updateConfig is the same procedure with the same rules', async () => {
    const c = await churchWithSessions(app);
    const post = (s: ChurchSession, input: unknown) => s.mutate('academicYear.updateConfig', input);
    const ok = await post(c.s.principal, { start_month: 3, years_ahead: 2, years_back: 2 });
    expect(ok.status).toBe(200);
    expect(ok.body.result.data).toMatchObject({ start_month: 3, is_default: false });
    const refused = await post(c.s.teacher, { start_month: 3, years_ahead: 2, years_back: 2 });
    expect(refused.status).toBe(403);
    const invalid = await post(c.s.principal, { start_month: 3, years_ahead: 0, years_back: 2 });
    expect(invalid.status).toBe(400);
    expect(invalid.body.error.message).toBe(M.yearsAheadInvalid);
    expect(await auditOf(app.db, c.church.id, CONFIG_CHANGES)).toHaveLength(1);
  });
});
