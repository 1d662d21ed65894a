/**
 * The mails the platform sends, each as plain text and HTML. Every value that comes from a person
 * (a church's or a user's name) is escaped before it goes into the HTML, and line breaks are taken
 * out of subjects. Links are built from PUBLIC_URL, never from a request's Host header, so a forged
 * request cannot make us mail a link to someone else's site.
 */

type MailKind = 'password-reset' | 'welcome' | 'receipt' | 'google-linked';

export interface MailMessage {
  /** What the message is: the only thing about it that is logged (never its recipient or content). */
  kind: MailKind;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The link the message carries, logged with the outbox file in development only. */
  link?: string;
}

const PRODUCT = 'Sunday School';

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
/** Text as HTML text or attribute value: the five characters that can break out of either are escaped. */
const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (ch) => HTML_ESCAPES[ch]);

/** A subject is one header line: a name with a line break must not start another header. */
const oneLine = (value: string) => value.replace(/\s+/g, ' ').trim();

/** An absolute link under PUBLIC_URL (which may itself carry a path prefix). */
function linkTo(publicUrl: string, path: string, query: Record<string, string> = {}) {
  const url = new URL(publicUrl.replace(/\/+$/, '') + path);
  for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
  return url.toString();
}

/** A paragraph is either text or a row of label and value (shown as a small table in HTML). */
type Block = string | { rows: Array<[string, string]> } | { button: string; href: string };

function compose(kind: MailKind, to: string, subject: string, blocks: Block[], link?: string): MailMessage {
  const text = blocks.map((block) => {
    if (typeof block === 'string') return block;
    if ('rows' in block) return block.rows.map(([label, value]) => `${label}: ${value}`).join('\n');
    return `${block.button}:\n${block.href}`;
  }).join('\n\n');
  const html = blocks.map((block) => {
    if (typeof block === 'string') return `<p style="margin:0 0 16px">${escapeHtml(block)}</p>`;
    if ('rows' in block) {
      const rows = block.rows.map(([label, value]) =>
        `<tr><td style="padding:4px 16px 4px 0;color:#555">${escapeHtml(label)}</td><td style="padding:4px 0;font-weight:600">${escapeHtml(value)}</td></tr>`);
      return `<table role="presentation" style="border-collapse:collapse;margin:0 0 16px">${rows.join('')}</table>`;
    }
    return `<p style="margin:0 0 16px"><a href="${escapeHtml(block.href)}" style="display:inline-block;padding:10px 20px;background:#1864ab;color:#fff;text-decoration:none;border-radius:4px">${escapeHtml(block.button)}</a></p>`
      + `<p style="margin:0 0 16px;font-size:13px;color:#555">Or open this link: <a href="${escapeHtml(block.href)}" style="color:#1864ab;word-break:break-all">${escapeHtml(block.href)}</a></p>`;
  }).join('\n');
  return {
    kind,
    to,
    subject: oneLine(subject),
    text: `${text}\n\n— ${PRODUCT}\n`,
    html: `<!doctype html><html><head><meta charset="utf-8"><title>${escapeHtml(oneLine(subject))}</title></head>`
      + `<body style="margin:0;padding:24px;background:#f8f9fa;font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.5;color:#212529">`
      + `<div style="max-width:560px;margin:0 auto;background:#fff;border:1px solid #dee2e6;border-radius:6px;padding:24px">`
      + `<p style="margin:0 0 16px;font-size:18px;font-weight:700">${PRODUCT}</p>\n${html}`
      + `</div></body></html>`,
    link,
  };
}

/** How long a reset link works, in words for the mail; the rule itself is in auth/password-reset.ts. */
const RESET_VALIDITY = '1 hour';

export function passwordResetMail(publicUrl: string, to: { email: string; name: string }, church: { name: string; code: string }, token: string) {
  const link = linkTo(publicUrl, `/reset-password/${encodeURIComponent(token)}`);
  return compose('password-reset', to.email, `Reset your password for ${church.name}`, [
    `Hello ${to.name},`,
    `Someone asked to reset the password of your ${church.name} account (church code ${church.code}). To choose a new password, open the link below. It works once, for ${RESET_VALIDITY}.`,
    { button: 'Reset your password', href: link },
    'If you did not ask for this, ignore this mail: your password stays as it is.',
  ], link);
}

/**
 * To the admin of a new registration. Whoever registers may type any address, so this mail goes to
 * an address nobody has verified: it carries no text the registrant chose (church name, admin name,
 * address, phone), only the church code we drew and links of ours, so it cannot carry a message or
 * a link of someone else's to a stranger's mailbox under our name.
 */
export function welcomeMail(publicUrl: string, to: { email: string }, church: { code: string; pendingPayment: boolean }) {
  const link = linkTo(publicUrl, '/login', { code: church.code });
  return compose('welcome', to.email, `Welcome to ${PRODUCT}: your church code is ${church.code}`, [
    'Hello,',
    `Your church is registered on ${PRODUCT}. Everyone of your church signs in with its church code, so keep it safe and share it with your principal and teachers.`,
    { rows: [['Church code', church.code]] },
    church.pendingPayment
      ? 'Your plan becomes active once its payment is complete; until then you can sign in and finish the payment.'
      : 'Your 30-day free trial has started.',
    { button: 'Sign in', href: link },
    'If you did not register a church, ignore this mail.',
  ], link);
}

/** To the user whose account a Google account was just linked to (it signs in with it from now on). */
export function googleLinkedMail(
  publicUrl: string, to: { email: string; name: string }, church: { name: string; code: string }, googleEmail: string,
) {
  const link = linkTo(publicUrl, '/login', { code: church.code });
  return compose('google-linked', to.email, `Google sign-in added to your ${church.name} account`, [
    `Hello ${to.name},`,
    `Your ${church.name} account (church code ${church.code}) was signed in to with the Google account ${googleEmail}, which can sign in to it from now on.`,
    'If this was not you, tell your church administrator at once and change your password.',
    { button: 'Sign in', href: link },
  ], link);
}

export interface ReceiptFacts {
  church: { name: string; code: string; timeZone: string };
  planName: string;
  amountPaise: number;
  orderId: string;
  paymentId: string;
  paidAt: Date;
  endDate: Date;
}

/** Rupees with the ₹ sign, Indian digit grouping, paise only when there are any: ₹1,299 or ₹299.50. */
const formatRupees = (paise: number) => {
  const rupees = paise / 100;
  return `₹${rupees.toLocaleString('en-IN', { minimumFractionDigits: paise % 100 ? 2 : 0, maximumFractionDigits: 2 })}`;
};

/** A day in the church's own time zone, e.g. "12 March 2026". */
const formatDay = (date: Date, timeZone: string) =>
  new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'long', year: 'numeric', timeZone }).format(date);

export function receiptMail(publicUrl: string, to: { email: string; name: string }, facts: ReceiptFacts) {
  const { church } = facts;
  const link = linkTo(publicUrl, '/login', { code: church.code });
  return compose('receipt', to.email, `Payment receipt: ${church.name}, ${facts.planName}`, [
    `Hello ${to.name},`,
    `Thank you: we have received the payment for ${church.name}. This mail is your receipt.`,
    { rows: [
      ['Church', `${church.name} (${church.code})`],
      ['Plan', facts.planName],
      ['Amount paid', formatRupees(facts.amountPaise)],
      ['Paid on', formatDay(facts.paidAt, church.timeZone)],
      ['Order id', facts.orderId],
      ['Payment id', facts.paymentId],
      ['Active until', formatDay(facts.endDate, church.timeZone)],
    ] },
    { button: 'Sign in', href: link },
  ], link);
}
