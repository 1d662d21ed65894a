import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { startTestApp, type TestApp } from '../helpers/app.js';
import { api, createChurch, TEST_PASSWORD } from '../helpers/fixtures.js';
import { churchWithSessions, signIn } from '../helpers/church-session.js';
import { auditOf } from '../helpers/audit.js';
import { resetLinkIn, startSmtpServer, type TestSmtpServer } from '../helpers/smtp.js';
import { churches, users } from '../../drizzle/schema/index.js';
import { LANGUAGE_MESSAGES } from '../../common/schemas/language.js';
import type { Database } from '../../server/db/index.js';
import mlMail from '../../common/i18n/catalogues/mail/ml.json';
import hiMail from '../../common/i18n/catalogues/mail/hi.json';

// The language kept per user (PUT /api/auth/language, any role) and per church (PUT
// /api/churches/language, super admin), the session answering the effective one, and mails written
// in the recipient's language, received by a real SMTP server.

const PUBLIC_URL = 'https://sundayschool.example.test';

let app: TestApp;
let smtp: TestSmtpServer;
beforeAll(async () => {
  smtp = await startSmtpServer();
  app = await startTestApp({ SMTP_URL: smtp.url, PUBLIC_URL, RESET_MAX_PER_IP: '1000', REGISTER_MAX_PER_IP: '1000' });
});
afterAll(async () => {
  await app?.close();
  await smtp?.close();
});

const languageOf = async (db: Database, churchId: string, userId: string) => {
  const [row] = await db.withTenant(churchId, (tx) => tx.select({ language: users.language }).from(users).where(eq(users.id, userId)));
  return row.language;
};
const defaultLanguageOf = async (db: Database, churchId: string) => {
  const [row] = await db.withPlatform((tx) => tx.select({ language: churches.defaultLanguage }).from(churches).where(eq(churches.id, churchId)));
  return row.language;
};

describe("a user's own language", () => {
  it('is set by the user for themselves, whatever their role (a guest too), and the session answers it', async () => {
    const { church, users: people, s } = await churchWithSessions(app);
    for (const [role, language] of [['guest', 'ml'], ['teacher', 'ta'], ['principal', 'hi'], ['super_admin', 'ml']] as const) {
      const set = await s[role].put('/api/auth/language', { language });
      expect(set.status, role).toBe(200);
      expect(set.body.data).toEqual({ language });
      expect(await languageOf(app.db, church.id, people[role].id), role).toBe(language);
      const verify = await s[role].get('/api/auth/verify');
      expect(verify.body.data.user.language, role).toBe(language);
    }
    // Over tRPC as well, and the sign-in answers it from now on.
    const again = await s.guest.mutate('auth.setLanguage', { language: 'hi' });
    expect(again.status).toBe(200);
    expect(again.body.result.data).toEqual({ language: 'hi' });
    const signedIn = await signIn(app.url, church.code, people.guest.email);
    expect(signedIn.user.language).toBe('hi');
    expect(signedIn.church.default_language).toBe('en');
  });

  it('is the language picked on the sign-in screen, sent with the sign-in, over the one the account held', async () => {
    const { code, church, users: people } = await createChurch(app.db);
    const login = (language?: string) => api(app.url, 'POST', '/api/auth/login', {
      body: { church_code: code, email: people.teacher.email, password: TEST_PASSWORD, ...(language ? { language } : {}) },
    });
    const first = await login('ml');
    expect(first.status).toBe(200);
    expect(first.body.data.user).toMatchObject({ language: 'ml', has_own_language: true });
    expect(await languageOf(app.db, church.id, people.teacher.id)).toBe('ml');
    // A sign-in without one leaves the user's own as it is; another pick replaces it.
    expect((await login()).body.data.user.language).toBe('ml');
    expect((await login('ta')).body.data.user.language).toBe('ta');
    expect(await languageOf(app.db, church.id, people.teacher.id)).toBe('ta');
    // A language we do not speak refuses the sign-in, and stores nothing.
    const bad = await login('fr');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain(LANGUAGE_MESSAGES.invalid);
    expect(await languageOf(app.db, church.id, people.teacher.id)).toBe('ta');
  });

  it('changes only the caller: nobody else of the church, nobody of another church', async () => {
    const a = await churchWithSessions(app, { roles: ['super_admin', 'teacher'] });
    const b = await churchWithSessions(app, { roles: ['super_admin', 'teacher'] });
    // B's teacher's token sent with A's church code finds no session there.
    const crossed = await api(app.url, 'PUT', '/api/auth/language', { token: b.s.teacher.token, code: a.code, body: { language: 'ta' } });
    expect(crossed.status).toBe(401);
    expect(await a.s.teacher.put('/api/auth/language', { language: 'ta' })).toMatchObject({ status: 200 });
    expect(await languageOf(app.db, a.church.id, a.users.teacher.id)).toBe('ta');
    expect(await languageOf(app.db, a.church.id, a.users.super_admin.id)).toBeNull();
    expect(await languageOf(app.db, b.church.id, b.users.teacher.id)).toBeNull();
    expect(await languageOf(app.db, b.church.id, b.users.super_admin.id)).toBeNull();
  });

  it('refuses a language it does not speak with a 400 that names the choices, and changes nothing', async () => {
    const { church, users: people, s } = await churchWithSessions(app, { roles: ['teacher'] });
    for (const body of [{ language: 'fr' }, { language: 'ML' }, { language: '' }, { lang: 'ml' }, { language: 3 }]) {
      const res = await s.teacher.put('/api/auth/language', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.success).toBe(false);
      expect(res.body.message, JSON.stringify(body)).toContain(LANGUAGE_MESSAGES.invalid);
    }
    expect(LANGUAGE_MESSAGES.invalid).toBe('Language must be one of en, ml, ta, hi');
    expect(await languageOf(app.db, church.id, people.teacher.id)).toBeNull();
    // The database refuses one too, whoever writes it.
    await expect(app.db.withTenant(church.id, (tx) => tx.update(users).set({ language: 'fr' as 'en' }).where(eq(users.id, people.teacher.id))))
      .rejects.toThrow();
  });

  it('needs a signed-in user', async () => {
    const res = await api(app.url, 'PUT', '/api/auth/language', { body: { language: 'ml' } });
    expect(res.status).toBe(401);
  });
});

describe("the church's default language", () => {
  it('is set by the super admin only (principal, teacher and guest get 403), audited, and followed by users who chose none', async () => {
    const { church, code, users: people, s } = await churchWithSessions(app);
    for (const role of ['principal', 'teacher', 'guest'] as const) {
      const refused = await s[role].put('/api/churches/language', { language: 'ta' });
      expect(refused.status, role).toBe(403);
    }
    expect(await defaultLanguageOf(app.db, church.id)).toBe('en');

    await s.teacher.put('/api/auth/language', { language: 'hi' });
    const set = await s.super_admin.put('/api/churches/language', { language: 'ta' });
    expect(set.status).toBe(200);
    expect(set.body.data).toEqual({ default_language: 'ta' });
    expect(await defaultLanguageOf(app.db, church.id)).toBe('ta');

    // The effective language: the user's own, else the church's.
    const principal = (await s.principal.get('/api/auth/verify')).body.data;
    expect(principal.user.language).toBe('ta');
    expect(principal.user.has_own_language).toBe(false);
    expect(principal.church.default_language).toBe('ta');
    const teacher = (await s.teacher.get('/api/auth/verify')).body.data;
    expect(teacher.user.language).toBe('hi');
    expect(teacher.user.has_own_language).toBe(true);
    expect(teacher.church.default_language).toBe('ta');
    expect((await signIn(app.url, code, people.guest.email)).user.language).toBe('ta');

    const [entry] = await auditOf(app.db, church.id, { action: 'church.default_language_updated' });
    expect(entry.details).toMatchObject({ old: 'en', new: 'ta', by_user_id: people.super_admin.id });

    const bad = await s.super_admin.put('/api/churches/language', { language: 'de' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain(LANGUAGE_MESSAGES.invalid);
    expect(await defaultLanguageOf(app.db, church.id)).toBe('ta');
  });

  it("leaves every other church's default as it was", async () => {
    const a = await churchWithSessions(app, { roles: ['super_admin'] });
    const b = await createChurch(app.db, { roles: ['super_admin'] });
    expect(await a.s.super_admin.put('/api/churches/language', { language: 'ml' })).toMatchObject({ status: 200 });
    expect(await defaultLanguageOf(app.db, b.church.id)).toBe('en');
    const crossed = await api(app.url, 'PUT', '/api/churches/language', { token: a.s.super_admin.token, code: b.code, body: { language: 'hi' } });
    expect(crossed.status).toBe(401);
    expect(await defaultLanguageOf(app.db, b.church.id)).toBe('en');
  });
});

describe('mails in the recipient\'s language', () => {
  const forgot = (email: string) => api(app.url, 'POST', '/api/auth/forgot-password', { body: { email } });

  it('a user whose language is Malayalam gets the reset mail in Malayalam, and the link works', async () => {
    const { church, code, users: people } = await createChurch(app.db, { roles: ['teacher'] });
    const teacher = await signIn(app.url, code, people.teacher.email);
    expect(await teacher.put('/api/auth/language', { language: 'ml' })).toMatchObject({ status: 200 });

    expect((await forgot(people.teacher.email)).status).toBe(200);
    const mail = await smtp.waitFor((m) => m.to.includes(people.teacher.email.toLowerCase()));
    expect(mail.subject).toBe(`${church.name}: നിങ്ങളുടെ പാസ്‌വേഡ് പുനഃസജ്ജമാക്കുക`);
    expect(mlMail['mail.reset.subject']).toBe('{church}: നിങ്ങളുടെ പാസ്‌വേഡ് പുനഃസജ്ജമാക്കുക');
    expect(mail.text).toContain(`പ്രിയ ${people.teacher.name},`);
    expect(mail.text).toContain(`നിങ്ങളുടെ ${church.name} അക്കൗണ്ടിന്റെ (പള്ളി കോഡ് ${code}) പാസ്‌വേഡ് പുനഃസജ്ജമാക്കാൻ ആരോ അഭ്യർത്ഥിച്ചു.`);
    expect(mail.text).toContain('പാസ്‌വേഡ് പുനഃസജ്ജമാക്കുക:\n');
    expect(mail.text).toContain(mlMail['mail.reset.ignore']);
    expect(mail.text).toMatch(/\n— സൺഡേ സ്കൂൾ\n?$/);
    expect(mail.html).toContain('അല്ലെങ്കിൽ ഈ ലിങ്ക് തുറക്കുക:');
    expect(mail.html).toContain('<title>');
    // Nothing of the English mail is left in it.
    for (const english of ['Hello', 'Reset your password', 'Someone asked', 'If you did not ask', 'Or open this link', '— Sunday School']) {
      expect(mail.text + mail.html, english).not.toContain(english);
    }

    const { token } = resetLinkIn(mail);
    const reset = await api(app.url, 'POST', '/api/auth/reset-password', { body: { token, newPassword: 'a new long password 1' } });
    expect(reset.status).toBe(200);
  });

  it("a user who chose none gets it in the church's default; English stays English", async () => {
    const { church, code, users: people } = await createChurch(app.db, { roles: ['super_admin', 'principal'] });
    const admin = await signIn(app.url, code, people.super_admin.email);
    expect(await admin.put('/api/auth/language', { language: 'en' })).toMatchObject({ status: 200 });
    expect(await admin.put('/api/churches/language', { language: 'hi' })).toMatchObject({ status: 200 });

    await forgot(people.principal.email);
    const hindi = await smtp.waitFor((m) => m.to.includes(people.principal.email.toLowerCase()));
    expect(hindi.subject).toBe(hiMail['mail.reset.subject'].replace('{church}', church.name));
    expect(hindi.text).toContain(`नमस्ते ${people.principal.name},`);

    await forgot(people.super_admin.email);
    const english = await smtp.waitFor((m) => m.to.includes(people.super_admin.email.toLowerCase()));
    expect(english.subject).toBe(`Reset your password for ${church.name}`);
    expect(english.text).toContain(`Hello ${people.super_admin.name},`);
  });

  it('the welcome mail of a registration speaks the language the registering browser sent', async () => {
    const tag = `${Date.now().toString(36)}w`;
    const body = {
      name: `Language Church ${tag}`, pincode: '682001', admin_name: 'Anna Admin', admin_email: `admin-${tag}@lang-${tag}.test`,
      admin_password: 'a long enough password', auth_provider: 'local', subscription_tier: 'free', language: 'hi',
    };
    const res = await api(app.url, 'POST', '/api/churches/register', { body });
    expect(res.status).toBe(200);
    const { code } = res.body.data.church;
    const mail = await smtp.waitFor((m) => m.to.includes(body.admin_email));
    expect(mail.subject).toBe(`संडे स्कूल में आपका स्वागत है: आपका चर्च कोड ${code} है`);
    expect(mail.text).toContain(`चर्च कोड: ${code}`);
    expect(mail.text).toContain(hiMail['mail.welcome.trialStarted']);
    expect(mail.text).toContain(`${PUBLIC_URL}/login?code=${code}`);

    const refused = await api(app.url, 'POST', '/api/churches/register', { body: { ...body, admin_email: `x-${body.admin_email}`, language: 'xx' } });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toContain(LANGUAGE_MESSAGES.invalid);
  });
});
