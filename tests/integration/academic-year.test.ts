import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { academicYearConfigs } from '../../drizzle/schema/index.js';
import { academicYearChoices, academicYearOf, DEFAULT_ACADEMIC_YEAR_CONFIG } from '../../common/academic-year.js';
import { todayIn } from '../../common/dates.js';
import { academicYearSettings } from '../../server/modules/academic-year/service.js';
import { startTestApp, type TestApp } from '../helpers/app.js';
import { api, createChurch } from '../helpers/fixtures.js';
import { signIn } from '../helpers/church-session.js';

let app: TestApp;
beforeAll(async () => { app = await startTestApp(); });
afterAll(async () => { await app?.close(); });

const TZ = 'Asia/Kolkata'; // the fixture churches' time zone (the column default)

describe('GET /api/gallery/academic-year/config', () => {
  it('answers the default config, the current year and the choices to a church without a stored config', async () => {
    const { code, users } = await createChurch(app.db);
    const s = await signIn(app.url, code, users.teacher.email);
    const res = await s.get('/api/gallery/academic-year/config');
    expect(res.status).toBe(200);
    const current = academicYearOf(todayIn(TZ), 6);
    const start = Number(current.slice(0, 4));
    expect(res.body).toEqual({
      success: true,
      data: {
        start_month: 6, years_ahead: 3, years_back: 2, is_default: true, current,
        choices: [start - 2, start - 1, start, start + 1, start + 2, start + 3].map((y) => `${y}-${y + 1}`),
      },
    });
  });

  it('answers the stored config with the current year and choices computed from it', async () => {
    const { church, code, users } = await createChurch(app.db);
    await app.db.withTenant(church.id, (tx) => tx.insert(academicYearConfigs).values({
      churchId: church.id, startMonth: 1, yearsAhead: 1, yearsBack: 4,
    }));
    const s = await signIn(app.url, code, users.principal.email);
    const res = await s.get('/api/gallery/academic-year/config');
    const year = Number(todayIn(TZ).slice(0, 4));
    expect(res.body.data).toEqual({
      start_month: 1, years_ahead: 1, years_back: 4, is_default: false, current: `${year}-${year + 1}`,
      choices: [-4, -3, -2, -1, 0, 1].map((d) => `${year + d}-${year + d + 1}`),
    });
    const years = await s.get('/api/gallery/academic-years');
    expect(years.status).toBe(200);
    expect(years.body.data).toEqual(res.body.data.choices);
  });

  it('serves every church role, guests included, each with its own church\'s config', async () => {
    const a = await createChurch(app.db, { roles: ['super_admin', 'principal', 'teacher', 'guest'] });
    const b = await createChurch(app.db);
    await app.db.withTenant(b.church.id, (tx) => tx.insert(academicYearConfigs).values({
      churchId: b.church.id, startMonth: 9, yearsAhead: 2, yearsBack: 2,
    }));
    for (const role of ['super_admin', 'principal', 'teacher', 'guest']) {
      const s = await signIn(app.url, a.code, a.users[role].email);
      const res = await s.get('/api/gallery/academic-year/config');
      expect(res.status, role).toBe(200);
      expect(res.body.data).toMatchObject({ start_month: 6, is_default: true });
    }
    const sb = await signIn(app.url, b.code, b.users.teacher.email);
    const res = await sb.get('/api/gallery/academic-year/config');
    expect(res.body.data).toMatchObject({ start_month: 9, years_ahead: 2, years_back: 2, is_default: false });
  });

  it('needs a signed-in user of a church with a valid subscription', async () => {
    const anonymous = await api(app.url, 'GET', '/api/gallery/academic-year/config');
    expect(anonymous.status).toBe(401);
    const expired = await createChurch(app.db, { tier: 'free', endDate: new Date(Date.now() - 1000) });
    const s = await signIn(app.url, expired.code, expired.users.teacher.email);
    for (const path of ['/api/gallery/academic-year/config', '/api/gallery/academic-years']) {
      const res = await s.get(path);
      expect(res.status).toBe(403);
      expect(res.body.reason).toBe('subscription_trial_ended');
    }
  });
});

describe('the current academic year is the church\'s, in its time zone', () => {
  // 31 May 2025 20:00 UTC is already 1 June in Kolkata (UTC+5:30) but still 31 May in New York.
  const now = new Date('2025-05-31T20:00:00Z');

  it('moves to the new year on the start month in the church\'s zone, not the server\'s', async () => {
    const { church } = await createChurch(app.db);
    const at = (timeZone: string) => app.db.withTenant(church.id, (tx) => academicYearSettings({ tx, church: { id: church.id, time_zone: timeZone } }, now));
    expect((await at('Asia/Kolkata')).current).toBe('2025-2026');
    expect((await at('America/New_York')).current).toBe('2024-2025');
    expect((await at('UTC')).current).toBe('2024-2025');
    expect((await at('Asia/Kolkata')).choices).toEqual(academicYearChoices('2025-2026', DEFAULT_ACADEMIC_YEAR_CONFIG));
  });
});
