import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { startTestApp, type TestApp } from '../helpers/app.js';
import { api, createChurch, TEST_PASSWORD } from '../helpers/fixtures.js';
import { createAssociation, officerEmail, signInOfficer } from '../helpers/associations.js';
import { startFakeOidcProvider, type FakeOidcProvider } from '../helpers/fake-oidc.js';
import { resetLinkIn, startSmtpServer, type TestSmtpServer } from '../helpers/smtp.js';
import { associationOfficerResetTokens, associationOfficers, users } from '../../drizzle/schema/index.js';
import { MESSAGES } from '../../common/constants.js';

// An association officer's password reset and Google sign-in, under the church users' rules, through
// the real server: the reset mail through a real SMTP server in this process, Google through a local
// fake OpenID provider. An officer signs in with the association's code, in the same field and the
// same calls as a church user.

const PUBLIC_URL = 'https://school.example.test/app';
const INVALID_LINK = 'Invalid or expired reset link.';
const NEW_PASSWORD = 'an officer passphrase';

let google: FakeOidcProvider;
let smtp: TestSmtpServer;
let app: TestApp;
beforeAll(async () => {
  [google, smtp] = await Promise.all([startFakeOidcProvider(), startSmtpServer()]);
  app = await startTestApp({
    ...google.env, SMTP_URL: smtp.url, PUBLIC_URL, RESET_MAX_PER_IP: '1000', RESET_MAX_PER_EMAIL: '1000', RESET_PASSWORD_MAX_PER_IP: '1000',
    LOGIN_MAX_FAILURES_PER_IP: '1000', GOOGLE_START_MAX_PER_IP: '1000',
  });
}, 120_000);
afterAll(async () => {
  await app?.close();
  await Promise.all([google?.close(), smtp?.close()]);
});

const forgot = (email: string, url = app.url) => api(url, 'POST', '/api/auth/forgot-password', { body: { email } });
const reset = (token: unknown, newPassword: unknown, url = app.url) =>
  api(url, 'POST', '/api/auth/reset-password', { body: { token, newPassword } });
const login = (code: string, email: string, password: string) =>
  api(app.url, 'POST', '/api/auth/login', { body: { church_code: code, email, password } });

/** Asks for a reset of `email` and waits for the mail of the association or church named `name`. */
async function mailedToken(email: string, name: string) {
  const before = smtp.to(email).length;
  expect((await forgot(email)).status).toBe(200);
  const mail = await smtp.waitFor((m) => m.to.includes(email) && m.subject.includes(name) && smtp.to(email).indexOf(m) >= before);
  return { mail, ...resetLinkIn(mail) };
}

const officerRow = (associationId: string, officerId: string) => app.db.withAssociation(associationId, async (tx) =>
  (await tx.select().from(associationOfficers).where(and(eq(associationOfficers.associationId, associationId), eq(associationOfficers.id, officerId))))[0]);

describe("an officer's reset link", () => {
  it('mails the association\'s name and code; sets a new password once; the old password and the officer\'s sessions end', async () => {
    const { association, code, officers } = await createAssociation(app.db, ['association_admin', 'valuer']);
    const email = officerEmail('valuer', code);
    const phone = await signInOfficer(app.url, code, email);
    const admin = await signInOfficer(app.url, code, officerEmail('association_admin', code));

    const { mail, link, token } = await mailedToken(email, association.name);
    expect(link).toBe(`${PUBLIC_URL}/reset-password/${token}`);
    expect(mail.text).toContain(`association code ${code}`);
    expect(mail.text).toContain(officers.valuer.name);
    const stored = await app.db.withAssociation(association.id, (tx) => tx.select().from(associationOfficerResetTokens)
      .where(eq(associationOfficerResetTokens.officerId, officers.valuer.id)));
    expect(stored).toHaveLength(1);
    expect(stored[0].tokenHash).not.toContain(token);
    expect(stored[0].expiresAt.getTime() - stored[0].createdAt.getTime()).toBe(3_600_000);

    const done = await reset(token, NEW_PASSWORD);
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ success: true, data: { message: 'Password reset successful' } });
    const again = await reset(token, 'yet another passphrase');
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ success: false, message: INVALID_LINK, reason: 'invalid_reset_token' });

    expect((await login(code, email, TEST_PASSWORD)).status).toBe(401);
    const signedIn = await login(code, email, NEW_PASSWORD);
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.data).toMatchObject({ kind: 'association', officer: { id: officers.valuer.id } });
    expect((await phone.get('/api/association/session')).status).toBe(401);
    // Another officer's session is untouched.
    expect((await admin.get('/api/association/session')).status).toBe(200);
  });

  it('a newer request ends the older link; an expired link and a malformed token are the same 400', async () => {
    const { association, code, officers } = await createAssociation(app.db, ['association_admin']);
    const email = officerEmail('association_admin', code);
    const older = await mailedToken(email, association.name);
    const newer = await mailedToken(email, association.name);
    expect((await reset(older.token, NEW_PASSWORD)).body.message).toBe(INVALID_LINK);

    await app.db.withAssociation(association.id, (tx) => tx.update(associationOfficerResetTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(associationOfficerResetTokens.officerId, officers.association_admin.id)));
    for (const bad of [newer.token, 'not a token!', 'x'.repeat(300)]) {
      const res = await reset(bad, NEW_PASSWORD);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(INVALID_LINK);
    }
    expect((await login(code, email, TEST_PASSWORD)).status).toBe(200);
    // The dead tokens are kept a day, then deleted by the next request.
    await app.db.withAssociation(association.id, (tx) => tx.update(associationOfficerResetTokens)
      .set({ expiresAt: new Date(Date.now() - 2 * 86_400_000) }).where(eq(associationOfficerResetTokens.officerId, officers.association_admin.id)));
    const latest = await mailedToken(email, association.name);
    const left = await app.db.withAssociation(association.id, (tx) => tx.select().from(associationOfficerResetTokens)
      .where(eq(associationOfficerResetTokens.officerId, officers.association_admin.id)));
    expect(left).toHaveLength(1);
    expect((await reset(latest.token, NEW_PASSWORD)).status).toBe(200);
  });

  it('applies the password policy, and a refused password leaves the link working', async () => {
    const { association, code } = await createAssociation(app.db, ['association_admin']);
    const email = officerEmail('association_admin', code);
    const { token } = await mailedToken(email, association.name);
    const short = await reset(token, 'short');
    expect(short.status).toBe(400);
    expect(short.body.message).toBe('Password must be at least 8 characters');
    expect((await reset(token, NEW_PASSWORD)).status).toBe(200);
    expect((await login(code, email, NEW_PASSWORD)).status).toBe(200);
  });

  it('one address for a church user and officers of two associations: each link resets only its own account', async () => {
    const church = await createChurch(app.db);
    const a = await createAssociation(app.db, ['association_admin', 'valuer']);
    const b = await createAssociation(app.db, ['association_admin', 'valuer']);
    const email = `shared-${a.code.toLowerCase()}@everywhere.test`;
    await app.db.withTenant(church.church.id, (tx) => tx.update(users).set({ email })
      .where(and(eq(users.churchId, church.church.id), eq(users.id, church.users.teacher.id))));
    for (const { association, officers } of [a, b]) {
      await app.db.withAssociation(association.id, (tx) => tx.update(associationOfficers).set({ email })
        .where(and(eq(associationOfficers.associationId, association.id), eq(associationOfficers.id, officers.valuer.id))));
    }
    expect((await forgot(email)).status).toBe(200);
    const fromChurch = await smtp.waitFor((m) => m.to.includes(email) && m.subject.includes(church.church.name));
    const fromA = await smtp.waitFor((m) => m.to.includes(email) && m.subject.includes(a.association.name));
    const fromB = await smtp.waitFor((m) => m.to.includes(email) && m.subject.includes(b.association.name));
    expect(fromA.text).toContain(a.code);
    expect(fromB.text).toContain(b.code);

    // A's officer's token changes A's officer only: not the church user, not B's officer.
    expect((await reset(resetLinkIn(fromA).token, NEW_PASSWORD)).status).toBe(200);
    expect((await login(a.code, email, NEW_PASSWORD)).status).toBe(200);
    expect((await login(b.code, email, TEST_PASSWORD)).status).toBe(200);
    expect((await login(church.code, email, TEST_PASSWORD)).status).toBe(200);
    expect((await login(b.code, email, NEW_PASSWORD)).status).toBe(401);
    expect((await login(church.code, email, NEW_PASSWORD)).status).toBe(401);
    // The church user's link changes the church user only.
    expect((await reset(resetLinkIn(fromChurch).token, 'church user passphrase')).status).toBe(200);
    expect((await login(church.code, email, 'church user passphrase')).status).toBe(200);
    expect((await login(b.code, email, TEST_PASSWORD)).status).toBe(200);
  });

  it('an inactive officer gets no link, and an officer deactivated after the mail cannot use it', async () => {
    const { association, code, officers } = await createAssociation(app.db, ['association_admin', 'valuer', 'examination_controller']);
    const setActive = (officerId: string, isActive: boolean) => app.db.withAssociation(association.id, (tx) => tx.update(associationOfficers)
      .set({ isActive }).where(and(eq(associationOfficers.associationId, association.id), eq(associationOfficers.id, officerId))));
    await setActive(officers.valuer.id, false);
    const valuer = officerEmail('valuer', code);
    const known = await forgot(valuer);
    await app.server.services.background.idle();
    expect(smtp.to(valuer)).toHaveLength(0);
    expect(known.body).toEqual((await forgot('nobody-at-all@nowhere.test')).body);

    const controller = officerEmail('examination_controller', code);
    const { token } = await mailedToken(controller, association.name);
    await setActive(officers.examination_controller.id, false);
    expect((await reset(token, NEW_PASSWORD)).body.message).toBe(INVALID_LINK);
    expect((await officerRow(association.id, officers.examination_controller.id)).passwordHash).toBe(officers.examination_controller.passwordHash);
  });

  it('reset attempts and forgot-password requests are limited per address as a church user\'s are', async () => {
    const strict = await startTestApp({ RESET_PASSWORD_MAX_PER_IP: '1', RESET_MAX_PER_IP: '1', SMTP_URL: smtp.url });
    try {
      const { code } = await createAssociation(strict.db, ['association_admin']);
      const email = officerEmail('association_admin', code);
      expect((await forgot(email, strict.url)).status).toBe(200);
      const refusedForgot = await forgot(email, strict.url);
      expect(refusedForgot.status).toBe(429);
      expect(Number(refusedForgot.headers.get('retry-after'))).toBeGreaterThan(0);
      const { token } = resetLinkIn(await smtp.waitFor((m) => m.to.includes(email)));
      expect((await reset('A'.repeat(43), NEW_PASSWORD, strict.url)).status).toBe(400);
      const refused = await reset(token, NEW_PASSWORD, strict.url);
      expect(refused.status).toBe(429);
      expect(refused.body.message).toMatch(/^Too many password reset attempts\./);
    } finally {
      await strict.close();
    }
  });
});

const subject = () => `1${randomBytes(10).readBigUInt64BE().toString().padStart(20, '0')}`;
/** The Google Workspace account of an address on its own domain (the officers' are on theirs). */
const workspaceAccount = (email: string, sub = subject()) => ({ sub, email, hd: email.split('@')[1] });

/** The browser's part and the callback screen's: the start call, the provider's redirect, the completion. */
async function signInWithGoogle(code: string, account: Parameters<FakeOidcProvider['signInAs']>[0]) {
  google.signInAs(account);
  const start = await api(app.url, 'POST', '/api/auth/google/start', { body: { intent: 'login', church_code: code } });
  expect(start.status).toBe(200);
  const cookie = (start.headers.get('set-cookie') ?? '').split(';')[0];
  const redirect = await fetch(start.body.data.authorization_url, { redirect: 'manual' });
  const back = new URL(redirect.headers.get('location')!);
  return api(app.url, 'POST', '/api/auth/google-login', {
    body: { church_code: code, token: back.searchParams.get('code'), state: back.searchParams.get('state') }, headers: { cookie },
  });
}

describe('Google sign-in of an officer', () => {
  it('signs in the officer of the association\'s code whose address Google verified; links the account once and mails the officer', async () => {
    const { association, code, officers } = await createAssociation(app.db, ['association_admin', 'valuer']);
    const email = officerEmail('valuer', code);
    const account = workspaceAccount(email);
    const first = await signInWithGoogle(code, account);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.data).toMatchObject({ kind: 'association', officer: { id: officers.valuer.id }, association: { code } });
    const session = await api(app.url, 'GET', '/api/association/session', { token: first.body.data.token, code });
    expect(session.status).toBe(200);
    expect((await officerRow(association.id, officers.valuer.id)).googleSubject).toBe(account.sub);
    const told = await smtp.waitFor((m) => m.to.includes(email) && m.subject.includes(association.name));
    expect(told.text).toContain(`association code ${code}`);

    // From now on the subject finds the officer, whatever address the Google account has.
    const moved = await signInWithGoogle(code, { ...account, email: `renamed@${email.split('@')[1]}` });
    expect(moved.status).toBe(200);
    expect(moved.body.data.officer.id).toBe(officers.valuer.id);
    // Another Google account with the officer's address does not take a linked officer over.
    expect((await signInWithGoogle(code, workspaceAccount(email))).body).toEqual({ success: false, message: MESSAGES.invalidCredentials });
  });

  it('an unknown address, or an officer of another association, is refused as a wrong password is', async () => {
    const a = await createAssociation(app.db, ['association_admin']);
    const b = await createAssociation(app.db, ['association_admin']);
    const unknown = await signInWithGoogle(a.code, workspaceAccount(`nobody@${a.code.toLowerCase()}.assoc.test`));
    expect(unknown.status).toBe(401);
    expect(unknown.body).toEqual({ success: false, message: MESSAGES.invalidCredentials });
    const elsewhere = await signInWithGoogle(b.code, workspaceAccount(officerEmail('association_admin', a.code)));
    expect(elsewhere.status).toBe(401);
    expect(elsewhere.body).toEqual(unknown.body);
  });

  it('an inactive officer is refused; an address Google is not the authority for is not linked', async () => {
    const { association, code, officers } = await createAssociation(app.db, ['association_admin', 'valuer']);
    const valuer = officerEmail('valuer', code);
    await app.db.withAssociation(association.id, (tx) => tx.update(associationOfficers).set({ isActive: false })
      .where(and(eq(associationOfficers.associationId, association.id), eq(associationOfficers.id, officers.valuer.id))));
    const inactive = await signInWithGoogle(code, workspaceAccount(valuer));
    expect(inactive.status).toBe(403);
    expect(inactive.body).toMatchObject({ message: MESSAGES.accountInactive, reason: 'account_inactive' });

    // A verified address of a domain that is not the account's Workspace: not proof of the mailbox today.
    const admin = officerEmail('association_admin', code);
    const refused = await signInWithGoogle(code, { sub: subject(), email: admin });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ message: MESSAGES.googleLinkRefused, reason: 'google_link_refused' });
    expect((await officerRow(association.id, officers.association_admin.id)).googleSubject).toBeNull();
  });

  it('a Gmail officer signs in with Google only while it is configured, as a church user does', async () => {
    const { association, code, officers } = await createAssociation(app.db, ['association_admin']);
    const email = `officer.${randomBytes(4).toString('hex')}@gmail.com`;
    await app.db.withAssociation(association.id, (tx) => tx.update(associationOfficers).set({ email })
      .where(and(eq(associationOfficers.associationId, association.id), eq(associationOfficers.id, officers.association_admin.id))));
    const password = await login(code, email, TEST_PASSWORD);
    expect(password.status).toBe(400);
    expect(password.body).toMatchObject({ message: MESSAGES.useGoogleSignIn, reason: 'use_google' });
    const withGoogle = await signInWithGoogle(code, { sub: subject(), email });
    expect(withGoogle.status).toBe(200);
    expect(withGoogle.body.data.kind).toBe('association');
  });
});
