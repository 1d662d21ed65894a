import { createHmac } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { startTestApp, type TestApp } from '../helpers/app.js';
import { api, createChurch } from '../helpers/fixtures.js';
import { deadSmtpUrl, resetLinkIn, startSmtpServer, type TestSmtpServer } from '../helpers/smtp.js';
import { churches, platformOperators } from '../../drizzle/schema/index.js';
import { confirmOrderByOperator } from '../../server/modules/payments/index.js';

// Outgoing mail through a real SMTP server in this process: the welcome mail of a registration, a
// receipt once per completed order, sends that never fail or delay a request and are tried again,
// and the outbox folder standing in when no SMTP is configured. No link or token is ever logged
// outside development.

const PUBLIC_URL = 'https://sundayschool.example.test';
const WEBHOOK_SECRET = 'webhook-secret-for-mail-tests';

/** A log sink: every line the server writes, as text. */
function logSink() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(...String(chunk).split('\n').filter(Boolean));
      done();
    },
  });
  return { lines, stream };
}

let app: TestApp;
let smtp: TestSmtpServer;
const logs = logSink();
beforeAll(async () => {
  smtp = await startSmtpServer();
  app = await startTestApp({
    SMTP_URL: smtp.url, PUBLIC_URL, REGISTER_MAX_PER_IP: '1000', RESET_MAX_PER_IP: '1000',
    RAZORPAY_WEBHOOK_SECRET: WEBHOOK_SECRET, MAIL_RETRY_DELAY_MS: '50',
    NODE_ENV: 'production', LOG_LEVEL: 'info',
  }, { stream: logs.stream });
});
afterAll(async () => {
  await app?.close();
  await smtp?.close();
});

let counter = 0;
function registration(tier: 'free' | 'basic' | 'premium', name?: string) {
  counter++;
  const tag = `${Date.now().toString(36)}m${counter}`;
  return {
    name: name ?? `Mail Church ${tag}`, pincode: '682001', admin_name: 'Anna Admin', admin_email: `admin-${tag}@mail-${tag}.test`,
    admin_password: 'a long enough password', auth_provider: 'local', subscription_tier: tier,
  };
}
const register = (body: unknown) => api(app.url, 'POST', '/api/churches/register', { body });

describe('the welcome mail', () => {
  it('reaches the new admin with the church code and a sign-in link carrying it, and no text the registrant chose', async () => {
    const body = {
      ...registration('free', 'Claim your prize at https://evil.example.com now'),
      admin_name: 'Visit www.phish.example.net', address: 'Call +1 555 0100', phone: '+91 98765 43210',
    };
    const res = await register(body);
    expect(res.status).toBe(200);
    const { code } = res.body.data.church;
    const mail = await smtp.waitFor((m) => m.to.includes(body.admin_email));
    expect(mail.subject).toBe(`Welcome to Sunday School: your church code is ${code}`);
    expect(mail.text).toContain(`Church code: ${code}`);
    expect(mail.text).toContain(`${PUBLIC_URL}/login?code=${code}`);
    expect(mail.text).toContain('30-day free trial');
    expect(mail.html).toContain(`href="${PUBLIC_URL}/login?code=${code}"`);
    // The address is not verified yet: nothing typed into the registration reaches it.
    for (const typed of ['prize', 'evil.example', 'phish', '555 0100', '98765']) {
      for (const part of [mail.subject, mail.text, mail.html]) expect(part).not.toContain(typed);
    }
  });

  it('an address gets at most the registration limit of welcome mails an hour, however many sources register with it', async () => {
    const limited = await startTestApp({ SMTP_URL: smtp.url, PUBLIC_URL, REGISTER_MAX_PER_IP: '2', TRUST_PROXY: '127.0.0.1' });
    try {
      const body = registration('free');
      for (let source = 1; source <= 3; source++) {
        const res = await api(limited.url, 'POST', '/api/churches/register', { body, headers: { 'x-forwarded-for': `203.0.113.${source}` } });
        expect(res.status).toBe(200);
      }
      await smtp.waitFor((m) => m.to.includes(body.admin_email));
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(smtp.to(body.admin_email)).toHaveLength(2);
    } finally {
      await limited.close();
    }
  });

  it('a paid registration is told its plan starts with the payment', async () => {
    const body = registration('basic');
    expect((await register(body)).status).toBe(200);
    const mail = await smtp.waitFor((m) => m.to.includes(body.admin_email));
    expect(mail.text).toContain('once its payment is complete');
  });
});

describe('the payment receipt', () => {
  const asPayer = (church: { code: string; paymentToken: string }) => ({ code: church.code, headers: { 'x-payment-token': church.paymentToken } });
  async function paidRegistration(tier: 'basic' | 'premium') {
    const body = registration(tier);
    const res = await register(body);
    const church = { id: res.body.data.church.id as string, code: res.body.data.church.code as string, paymentToken: res.body.data.payment_token as string };
    const order = await api(app.url, 'POST', '/api/churches/create-order', { ...asPayer(church), body: { plan_type: tier } });
    expect(order.status).toBe(200);
    return { body, church, orderId: order.body.data.order_id as string };
  }
  const webhook = (orderId: string, paymentId: string, eventId: string) => {
    const raw = JSON.stringify({
      entity: 'event', event: 'order.paid',
      payload: { payment: { entity: { id: paymentId, order_id: orderId } }, order: { entity: { id: orderId, status: 'paid' } } },
    });
    return fetch(`${app.url}/api/payments/razorpay/webhook`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json', 'x-razorpay-event-id': eventId,
        'x-razorpay-signature': createHmac('sha256', WEBHOOK_SECRET).update(raw).digest('hex'),
      },
      body: raw,
    });
  };
  const receiptsTo = (email: string) => smtp.to(email).filter((m) => m.subject.startsWith('Payment receipt'));

  it('arrives once after verify-payment and the webhook of the same order, with the payment facts', async () => {
    const { body, church, orderId } = await paidRegistration('premium');
    const paid = await api(app.url, 'POST', '/api/payments/test-checkout/pay', { ...asPayer(church), body: { razorpay_order_id: orderId } });
    const verified = await api(app.url, 'POST', '/api/churches/verify-payment', { ...asPayer(church), body: paid.body.data });
    expect(verified.status).toBe(200);
    expect((await webhook(orderId, paid.body.data.razorpay_payment_id, `evt_mail_${church.code}`)).status).toBe(200);
    // verify-payment again, as a browser retrying would.
    expect((await api(app.url, 'POST', '/api/churches/verify-payment', { ...asPayer(church), body: paid.body.data })).status).toBe(200);
    await app.server.services.background.idle();

    const receipts = receiptsTo(body.admin_email);
    expect(receipts).toHaveLength(1);
    const [receipt] = receipts;
    const [row] = await app.db.withPlatform((tx) => tx.select().from(churches).where(eq(churches.id, church.id)));
    const endDate = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'long', year: 'numeric', timeZone: row.timeZone })
      .format(row.subscriptionEndDate!);
    expect(receipt.subject).toBe(`Payment receipt: ${body.name}, Premium Plan`);
    for (const fact of [body.name, church.code, 'Premium Plan', 'Amount paid: ₹599', `Order id: ${orderId}`,
      `Payment id: ${paid.body.data.razorpay_payment_id}`, `Active until: ${endDate}`]) {
      expect(receipt.text).toContain(fact);
    }
    expect(receipt.html).toContain('₹599');
  });

  it('arrives once when the webhook completes the order first', async () => {
    const { body, church, orderId } = await paidRegistration('basic');
    expect((await webhook(orderId, `pay_webhook_first_${church.code}`, `evt_first_${church.code}`)).status).toBe(200);
    expect((await webhook(orderId, `pay_webhook_first_${church.code}`, `evt_again_${church.code}`)).status).toBe(200);
    await app.server.services.background.idle();
    const receipts = receiptsTo(body.admin_email);
    expect(receipts).toHaveLength(1);
    expect(receipts[0].text).toContain('Amount paid: ₹299');
    expect(receipts[0].text).toContain('Payment id: pay_webhook_first');
  });

  it('arrives after an operator confirms a payment, once', async () => {
    const { body, church, orderId } = await paidRegistration('basic');
    const [operator] = await app.db.withPlatform((tx) => tx.insert(platformOperators)
      .values({ email: `ops-${church.code.toLowerCase()}@platform.test`, name: 'Ops', passwordHash: 'not-used-here' }).returning());
    const receipts = { mailer: app.server.services.mailer, log: app.server.log, publicUrl: PUBLIC_URL };
    await confirmOrderByOperator(app.db, { providerOrderId: orderId, operatorId: operator.id, reference: 'UTR0042' }, receipts);
    await expect(confirmOrderByOperator(app.db, { providerOrderId: orderId, operatorId: operator.id, reference: 'UTR0042' }, receipts))
      .rejects.toMatchObject({ code: 'CONFLICT' });
    await app.server.services.background.idle();
    expect(receiptsTo(body.admin_email)).toHaveLength(1);
    expect(receiptsTo(body.admin_email)[0].text).toContain('Payment id: UTR0042');
  });

  it('goes to every active super admin of the church', async () => {
    const { church, users } = await createChurch(app.db, { tier: 'free' });
    const signedIn = await api(app.url, 'POST', '/api/auth/login', { body: { church_code: church.code, email: users.super_admin.email, password: 'correct-horse-battery' } });
    const caller = { code: church.code, token: signedIn.body.data.token as string };
    const order = await api(app.url, 'POST', '/api/churches/create-order', { ...caller, body: { plan_type: 'basic' } });
    const paid = await api(app.url, 'POST', '/api/payments/test-checkout/pay', { ...caller, body: { razorpay_order_id: order.body.data.order_id } });
    expect((await api(app.url, 'POST', '/api/churches/verify-payment', { ...caller, body: paid.body.data })).status).toBe(200);
    await app.server.services.background.idle();
    expect(receiptsTo(users.super_admin.email)).toHaveLength(1);
    expect(receiptsTo(users.principal.email)).toHaveLength(0);
  });
});

describe('when sending fails', () => {
  it('the request is answered at once and the mail is tried again until it goes through', async () => {
    const { users } = await createChurch(app.db);
    smtp.refuseNext(2);
    const offered = smtp.attempts();
    const started = Date.now();
    const res = await api(app.url, 'POST', '/api/auth/forgot-password', { body: { email: users.teacher.email } });
    expect(res.status).toBe(200);
    expect(Date.now() - started).toBeLessThan(2_000);
    const mail = await smtp.waitFor((m) => m.to.includes(users.teacher.email));
    await app.server.services.background.idle();
    expect(smtp.attempts() - offered).toBe(3);
    const retries = logs.lines.filter((line) => line.includes('mail not sent: trying again'));
    expect(retries.length).toBeGreaterThanOrEqual(2);
    expect(JSON.parse(retries.at(-1)!)).toMatchObject({ mail: 'password-reset', error: { responseCode: 451 } });
    // Production logs carry neither the link nor the token nor the recipient's mail text.
    const { token } = resetLinkIn(mail);
    expect(logs.lines.join('\n')).not.toContain(token);
    expect(logs.lines.join('\n')).not.toContain('/reset-password/');
  });

  it('with the SMTP server down a registration still succeeds; the send is tried a few times, then given up', async () => {
    const sink = logSink();
    const down = await startTestApp({
      SMTP_URL: await deadSmtpUrl(), MAIL_SEND_ATTEMPTS: '3', MAIL_RETRY_DELAY_MS: '20', NODE_ENV: 'production', LOG_LEVEL: 'info',
    }, { stream: sink.stream });
    try {
      const body = registration('free');
      const res = await api(down.url, 'POST', '/api/churches/register', { body });
      expect(res.status).toBe(200);
      expect((await api(down.url, 'POST', '/api/auth/login', { body: { church_code: res.body.data.church.code, email: body.admin_email, password: body.admin_password } })).status).toBe(200);
      await down.server.services.background.idle();
      const mailLines = sink.lines.map((line) => JSON.parse(line) as Record<string, unknown>).filter((line) => line.mail === 'welcome');
      expect(mailLines.map((line) => [line.msg, line.attempt])).toEqual([
        ['mail not sent: trying again', 1], ['mail not sent: trying again', 2], ['mail not sent: giving up', 3],
      ]);
      expect(sink.lines.join('\n')).not.toContain(body.admin_email);
    } finally {
      await down.close();
    }
  });

  it('shutting down does not wait out the retry delays', async () => {
    const down = await startTestApp({ SMTP_URL: await deadSmtpUrl(), MAIL_RETRY_DELAY_MS: '600000' });
    const { users } = await createChurch(down.db);
    expect((await api(down.url, 'POST', '/api/auth/forgot-password', { body: { email: users.teacher.email } })).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 300)); // the first try has failed by now
    const started = Date.now();
    await down.close();
    expect(Date.now() - started).toBeLessThan(10_000);
  });
});

describe('without SMTP: the outbox', () => {
  it('writes each message as an .eml file, readable by the server only, and logs no link in production', async () => {
    const outbox = mkdtempSync(path.join(tmpdir(), 'ss-outbox-test-'));
    const sink = logSink();
    const local = await startTestApp({ MAIL_OUTBOX_DIR: outbox, PUBLIC_URL, NODE_ENV: 'production', LOG_LEVEL: 'info' }, { stream: sink.stream });
    try {
      const { church, users } = await createChurch(local.db);
      expect((await api(local.url, 'POST', '/api/auth/forgot-password', { body: { email: users.teacher.email } })).status).toBe(200);
      await local.server.services.background.idle();
      const files = readdirSync(outbox).filter((name) => name.endsWith('.eml'));
      expect(files).toHaveLength(1);
      expect(files[0]).toMatch(/password-reset/);
      const file = path.join(outbox, files[0]);
      expect(statSync(file).mode & 0o777).toBe(0o600);
      const mail = await simpleParser(readFileSync(file));
      expect(mail.subject).toContain(church.name);
      expect(mail.text).toContain(`${PUBLIC_URL}/reset-password/`);
      expect(typeof mail.html === 'string' && mail.html.includes(`${PUBLIC_URL}/reset-password/`)).toBe(true);
      const link = /\/reset-password\/([\w-]+)/.exec(mail.text ?? '')!;
      // The link from the file works.
      expect((await api(local.url, 'POST', '/api/auth/reset-password', { body: { token: link[1], newPassword: 'from the outbox file' } })).status).toBe(200);
      expect(sink.lines.join('\n')).not.toContain(link[1]);
      expect(sink.lines.some((line) => line.includes('mail written to the outbox'))).toBe(true);
    } finally {
      await local.close();
      rmSync(outbox, { recursive: true, force: true });
    }
  });

  it('in development the file and the link are logged, for a developer to follow', async () => {
    const sink = logSink();
    const dev = await startTestApp({ NODE_ENV: 'development', LOG_LEVEL: 'info' }, { stream: sink.stream });
    try {
      const { users } = await createChurch(dev.db);
      expect((await api(dev.url, 'POST', '/api/auth/forgot-password', { body: { email: users.principal.email } })).status).toBe(200);
      await dev.server.services.background.idle();
      const line = sink.lines.find((l) => l.includes('mail written to the outbox'));
      expect(line).toMatch(/\.eml \(link: http:\/\/localhost:\d+\/reset-password\/[\w-]{43}\)/);
    } finally {
      await dev.close();
    }
  });
});
