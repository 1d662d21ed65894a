import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { startTestApp, type TestApp } from '../helpers/app.js';
import { api } from '../helpers/fixtures.js';
import { GOOGLE_CONFIGURED_ENV } from '../helpers/fake-oidc.js';
import { academicYearConfigs, auditLog, churches, users } from '../../drizzle/schema/index.js';
import { DEFAULT_ACADEMIC_YEAR_CONFIG } from '../../common/academic-year.js';
import { FALLBACK_PLANS } from '../../client/src/features/subscription/fallback-plans.js';

// POST /api/churches/register (and the same tRPC procedure): a church, its super admin and its
// academic-year settings in one transaction; free plans active for 30 days, paid ones pending payment.

let app: TestApp;
let throttled: TestApp;
beforeAll(async () => {
  [app, throttled] = await Promise.all([startTestApp({ REGISTER_MAX_PER_IP: '1000' }), startTestApp({ REGISTER_MAX_PER_IP: '2' })]);
});
afterAll(async () => { await Promise.all([app?.close(), throttled?.close()]); });

let counter = 0;
/** A valid local registration with a name no other test uses. */
function registration(overrides: Record<string, unknown> = {}) {
  counter++;
  const tag = `${Date.now().toString(36)}${counter}`;
  return {
    name: `Registered Church ${tag}`,
    pincode: '682001',
    address: '1 Church Street, Kochi',
    phone: '+91 98765 43210',
    admin_name: 'Anna Admin',
    admin_email: `admin-${tag}@church-${tag}.test`,
    admin_password: 'a long enough password',
    auth_provider: 'local',
    subscription_tier: 'free',
    ...overrides,
  };
}
const register = (body: unknown, url = app.url) => api(url, 'POST', '/api/churches/register', { body });
const churchesNamed = (name: string) => app.db.withPlatform((tx) => tx.select().from(churches).where(eq(churches.name, name)));
const DAY_MS = 86_400_000;

describe('church registration', () => {
  it('free: an active 30-day trial, a code of unambiguous characters, a super admin who signs in at once', async () => {
    const body = registration();
    const res = await register(body);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Church registered successfully! Your 30-day free trial has started.');
    const { church } = res.body.data;
    expect(church.code).toMatch(/^[ABCDEFGHJKMNPQRSTUVWXYZ2-9]{6}$/);
    expect(church.subscription_tier).toBe('free');
    expect(church.subscription_status).toBe('active');
    const daysLeft = (Date.parse(church.subscription_end_date) - Date.now()) / DAY_MS;
    expect(daysLeft).toBeGreaterThan(29.9);
    expect(daysLeft).toBeLessThanOrEqual(30);

    const signIn = await api(app.url, 'POST', '/api/auth/login', {
      body: { church_code: church.code, email: body.admin_email, password: body.admin_password },
    });
    expect(signIn.status).toBe(200);
    expect(signIn.body.data.user).toMatchObject({ role: 'super_admin', name: 'Anna Admin' });
    expect(signIn.body.data.church).toMatchObject({ code: church.code, name: body.name, subscription_tier: 'free' });

    const [config] = await app.db.withTenant(church.id, (tx) => tx.select().from(academicYearConfigs));
    expect(config).toMatchObject({
      startMonth: DEFAULT_ACADEMIC_YEAR_CONFIG.start_month,
      yearsAhead: DEFAULT_ACADEMIC_YEAR_CONFIG.years_ahead,
      yearsBack: DEFAULT_ACADEMIC_YEAR_CONFIG.years_back,
    });
    const [row] = await churchesNamed(body.name);
    expect(row).toMatchObject({ pincode: '682001', ownerEmail: body.admin_email, timeZone: 'Asia/Kolkata' });
    const audit = await app.db.withPlatform((tx) => tx.select().from(auditLog)
      .where(and(eq(auditLog.targetChurchId, church.id), eq(auditLog.action, 'church.registered'))));
    expect(audit).toHaveLength(1);
    expect(audit[0].details).toMatchObject({ old: null, new: { tier: 'free', status: 'active' } });
  });

  it('paid: pending payment with no end date, and the church cannot use the app until it pays', async () => {
    const body = registration({ subscription_tier: 'premium', subscription_plan: 'premium' });
    const res = await register(body);
    expect(res.status).toBe(200);
    expect(res.body.data.church).toMatchObject({ subscription_tier: 'premium', subscription_status: 'pending_payment', subscription_end_date: null });
    const signIn = await api(app.url, 'POST', '/api/auth/login', {
      body: { church_code: res.body.data.church.code, email: body.admin_email, password: body.admin_password },
    });
    expect(signIn.status).toBe(200);
    expect(signIn.body.data.church.subscription).toMatchObject({ valid: false });
    const headers = { Authorization: `Bearer ${signIn.body.data.token}`, 'X-Church-Code': res.body.data.church.code };
    const classes = await fetch(`${app.url}/api/classes`, { headers });
    expect(classes.status).toBe(403);
  });

  it('through tRPC: the same procedure and answer', async () => {
    const body = registration({ subscription_tier: 'basic' });
    const res = await fetch(`${app.url}/trpc/churches.register`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body),
    });
    expect(res.status).toBe(200);
    const answer = await res.json() as { result: { data: { church: { code: string; subscription_status: string } } } };
    expect(answer.result.data.church.subscription_status).toBe('pending_payment');
    expect(await churchesNamed(body.name)).toHaveLength(1);
  });

  it.each([
    [{ name: '  ' }, 'Church name is required'],
    [{ name: undefined }, 'Church name is required'],
    [{ pincode: '' }, 'Pincode is required'],
    [{ pincode: '68200' }, 'Pincode must be 6 digits'],
    [{ admin_name: '' }, 'Admin name is required'],
    [{ admin_password: 'short' }, 'Password must be at least 8 characters'],
    [{ admin_email: 'not-an-email' }, 'Please enter a valid email address'],
    [{ subscription_tier: 'lifetime' }, 'Please choose a plan'],
    [{ subscription_tier: 'basic', subscription_plan: 'premium' }, 'The chosen plan does not match the subscription tier'],
    [{ auth_provider: 'google', admin_email: undefined, admin_password: undefined }, 'Google login failed. Please try again.'],
  ])('refuses %o with "%s" and writes nothing', async (change, message) => {
    const body = registration(change);
    const res = await register(body);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, message });
    expect(await churchesNamed(String(body.name ?? ''))).toHaveLength(0);
  });

  it('a Gmail admin is told to use Google while Google sign-in is configured, as at sign-in', async () => {
    const withGoogle = await startTestApp({ ...GOOGLE_CONFIGURED_ENV });
    try {
      const body = registration({ admin_email: 'someone@gmail.com' });
      const res = await api(withGoogle.url, 'POST', '/api/churches/register', { body });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ message: 'Please use Google Sign-In for Gmail accounts.', reason: 'use_google' });
      const rows = await withGoogle.db.withPlatform((tx) => tx.select().from(churches).where(eq(churches.name, body.name)));
      expect(rows).toHaveLength(0);
    } finally {
      await withGoogle.close();
    }
  });

  it('a Gmail admin registers with a password and signs in with it while Google sign-in is not configured', async () => {
    const body = registration({ admin_email: `admin.${Date.now()}@gmail.com` });
    const res = await register(body);
    expect(res.status).toBe(200);
    const signedIn = await api(app.url, 'POST', '/api/auth/login', {
      body: { church_code: res.body.data.church.code, email: body.admin_email, password: body.admin_password },
    });
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.data.user).toMatchObject({ email: body.admin_email, role: 'super_admin' });
  });

  it('Google registration without a configured Google client says so (503) and writes nothing', async () => {
    const body = registration({ auth_provider: 'google', google_token: 'an-authorization-code', state: 'a-state', admin_email: undefined, admin_password: undefined });
    const res = await register(body);
    expect(res.status).toBe(503);
    expect(res.body.reason).toBe('google_not_configured');
    expect(await churchesNamed(body.name)).toHaveLength(0);
  });

  it('a registration that fails half-way (its academic-year settings refused) leaves no church and no user', async () => {
    const body = registration();
    const original = DEFAULT_ACADEMIC_YEAR_CONFIG.start_month;
    // The database refuses a start month outside 1..12: the last insert of the transaction fails.
    DEFAULT_ACADEMIC_YEAR_CONFIG.start_month = 13;
    try {
      const res = await register(body);
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.body.success).toBe(false);
    } finally {
      DEFAULT_ACADEMIC_YEAR_CONFIG.start_month = original;
    }
    expect(await churchesNamed(body.name)).toHaveLength(0);
    const admins = await app.db.withPlatform((tx) => tx.select().from(users).where(eq(users.email, body.admin_email)));
    expect(admins).toHaveLength(0);
  });

  it('many registrations at once all get distinct codes', async () => {
    const answers = await Promise.all(Array.from({ length: 8 }, () => register(registration())));
    expect(answers.map((a) => a.status)).toEqual(Array(8).fill(200));
    expect(new Set(answers.map((a) => a.body.data.church.code)).size).toBe(8);
  });

  it('is limited per address: beyond the limit a 429, and nothing written', async () => {
    const first = await Promise.all([register(registration(), throttled.url), register(registration(), throttled.url)]);
    expect(first.map((a) => a.status)).toEqual([200, 200]);
    const body = registration();
    const refused = await register(body, throttled.url);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(await throttled.db.withPlatform((tx) => tx.select().from(churches).where(eq(churches.name, body.name)))).toHaveLength(0);
  });
});

describe('the plans', () => {
  it('GET /api/subscription/plans is the seed, which the client keeps as its offline copy', async () => {
    const res = await api(app.url, 'GET', '/api/subscription/plans');
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual(FALLBACK_PLANS);
  });
});
