/**
 * The mails the platform sends, each as plain text and HTML. Every value that comes from a person
 * (a church's or a user's name) is escaped before it goes into the HTML, and line breaks are taken
 * out of subjects. Links are built from PUBLIC_URL, never from a request's Host header, so a forged
 * request cannot make us mail a link to someone else's site.
 *
 * Each mail speaks its recipient's language: the texts are the catalogue area `mail`
 * (common/i18n/catalogues/mail/), and dates and amounts are written the language's way. The English
 * mails are the reference, word for word as they were before they had translations.
 */
import { INTL_LOCALE, type Locale } from '../../../common/i18n/locales.js';
import { translatorFor, type Translate } from '../../core/i18n.js';

type MailKind = 'password-reset' | 'welcome' | 'receipt' | 'google-linked' | 'weekly-digest' | 'operator-second-factor-locked';

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

/** A paragraph is either text, rows of label and value (shown as a small table in HTML), a button
 * or a section's heading. */
export type MailBlock = string | { rows: Array<[string, string]> } | { button: string; href: string } | { heading: string };

/** A recipient: where the mail goes and the language it is written in. */
interface Recipient { email: string; language: Locale }

function compose(t: Translate, kind: MailKind, to: string, subject: string, blocks: MailBlock[], link?: string): MailMessage {
  const product = t('mail.product');
  const text = blocks.map((block) => {
    if (typeof block === 'string') return block;
    if ('rows' in block) return block.rows.map(([label, value]) => `${label}: ${value}`).join('\n');
    if ('heading' in block) return block.heading.toUpperCase();
    return `${block.button}:\n${block.href}`;
  }).join('\n\n');
  const html = blocks.map((block) => {
    if (typeof block === 'string') return `<p style="margin:0 0 16px">${escapeHtml(block)}</p>`;
    if ('rows' in block) {
      const rows = block.rows.map(([label, value]) =>
        `<tr><td style="padding:4px 16px 4px 0;color:#555">${escapeHtml(label)}</td><td style="padding:4px 0;font-weight:600">${escapeHtml(value)}</td></tr>`);
      return `<table role="presentation" style="border-collapse:collapse;margin:0 0 16px">${rows.join('')}</table>`;
    }
    if ('heading' in block) return `<h2 style="margin:24px 0 8px;font-size:16px">${escapeHtml(block.heading)}</h2>`;
    return `<p style="margin:0 0 16px"><a href="${escapeHtml(block.href)}" style="display:inline-block;padding:10px 20px;background:#1864ab;color:#fff;text-decoration:none;border-radius:4px">${escapeHtml(block.button)}</a></p>`
      + `<p style="margin:0 0 16px;font-size:13px;color:#555">${escapeHtml(t('mail.openLink'))} <a href="${escapeHtml(block.href)}" style="color:#1864ab;word-break:break-all">${escapeHtml(block.href)}</a></p>`;
  }).join('\n');
  return {
    kind,
    to,
    subject: oneLine(subject),
    text: `${text}\n\n— ${product}\n`,
    html: `<!doctype html><html><head><meta charset="utf-8"><title>${escapeHtml(oneLine(subject))}</title></head>`
      + `<body style="margin:0;padding:24px;background:#f8f9fa;font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.5;color:#212529">`
      + `<div style="max-width:560px;margin:0 auto;background:#fff;border:1px solid #dee2e6;border-radius:6px;padding:24px">`
      + `<p style="margin:0 0 16px;font-size:18px;font-weight:700">${escapeHtml(product)}</p>\n${html}`
      + `</div></body></html>`,
    link,
  };
}

/** Whose account a mail is about: a church's user, or (`association: true`) an association's officer,
 * who signs in with the association's code in the same field. */
type AccountOf = { name: string; code: string; association?: boolean };

export function passwordResetMail(publicUrl: string, to: Recipient & { name: string }, church: AccountOf, token: string) {
  const t = translatorFor(to.language);
  const link = linkTo(publicUrl, `/reset-password/${encodeURIComponent(token)}`);
  return compose(t, 'password-reset', to.email, t('mail.reset.subject', { church: church.name }), [
    t('mail.greeting', { name: to.name }),
    church.association
      ? t('mail.reset.associationBody', { association: church.name, code: church.code })
      : t('mail.reset.body', { church: church.name, code: church.code }),
    { button: t('mail.reset.button'), href: link },
    t('mail.reset.ignore'),
  ], link);
}

/**
 * To the admin of a new registration, in the language the registering browser showed. Whoever
 * registers may type any address, so this mail goes to an address nobody has verified: it carries no
 * text the registrant chose (church name, admin name, address, phone), only the church code we drew
 * and links of ours, so it cannot carry a message or a link of someone else's to a stranger's
 * mailbox under our name.
 */
export function welcomeMail(publicUrl: string, to: Recipient, church: { code: string; pendingPayment: boolean }) {
  const t = translatorFor(to.language);
  const product = t('mail.product');
  const link = linkTo(publicUrl, '/login', { code: church.code });
  return compose(t, 'welcome', to.email, t('mail.welcome.subject', { product, code: church.code }), [
    t('mail.greetingNoName'),
    t('mail.welcome.body', { product }),
    { rows: [[t('mail.welcome.codeLabel'), church.code]] },
    church.pendingPayment ? t('mail.welcome.pendingPayment') : t('mail.welcome.trialStarted'),
    { button: t('mail.signIn'), href: link },
    t('mail.welcome.ignore'),
  ], link);
}

/** To the user whose account a Google account was just linked to (it signs in with it from now on). */
export function googleLinkedMail(
  publicUrl: string, to: Recipient & { name: string }, church: AccountOf, googleEmail: string,
) {
  const t = translatorFor(to.language);
  const link = linkTo(publicUrl, '/login', { code: church.code });
  return compose(t, 'google-linked', to.email, t('mail.googleLinked.subject', { church: church.name }), [
    t('mail.greeting', { name: to.name }),
    church.association
      ? t('mail.googleLinked.associationBody', { association: church.name, code: church.code, googleEmail })
      : t('mail.googleLinked.body', { church: church.name, code: church.code, googleEmail }),
    t('mail.googleLinked.warning'),
    { button: t('mail.signIn'), href: link },
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
const formatRupees = (paise: number, locale: Locale) => {
  const rupees = paise / 100;
  return `₹${rupees.toLocaleString(INTL_LOCALE[locale], { minimumFractionDigits: paise % 100 ? 2 : 0, maximumFractionDigits: 2 })}`;
};

/** A day in the church's own time zone, in the recipient's language: "12 March 2026" in English. */
const formatDay = (date: Date, timeZone: string, locale: Locale) =>
  new Intl.DateTimeFormat(INTL_LOCALE[locale], { day: 'numeric', month: 'long', year: 'numeric', timeZone }).format(date);

export function receiptMail(publicUrl: string, to: Recipient & { name: string }, facts: ReceiptFacts) {
  const { church } = facts;
  const t = translatorFor(to.language);
  const link = linkTo(publicUrl, '/login', { code: church.code });
  return compose(t, 'receipt', to.email, t('mail.receipt.subject', { church: church.name, plan: facts.planName }), [
    t('mail.greeting', { name: to.name }),
    t('mail.receipt.body', { church: church.name }),
    { rows: [
      [t('mail.receipt.church'), `${church.name} (${church.code})`],
      [t('mail.receipt.plan'), facts.planName],
      [t('mail.receipt.amountPaid'), formatRupees(facts.amountPaise, to.language)],
      [t('mail.receipt.paidOn'), formatDay(facts.paidAt, church.timeZone, to.language)],
      [t('mail.receipt.orderId'), facts.orderId],
      [t('mail.receipt.paymentId'), facts.paymentId],
      [t('mail.receipt.activeUntil'), formatDay(facts.endDate, church.timeZone, to.language)],
    ] },
    { button: t('mail.signIn'), href: link },
  ], link);
}

/** A section of the weekly digest, in the recipient's language: its heading and its paragraphs. */
export interface DigestMailSection { heading: string; blocks: MailBlock[] }

/**
 * The weekly digest to a principal or super admin: one section per part of the digest (attendance,
 * birthdays, ...), each already written in the recipient's language by its builder; everything in
 * them is escaped here like any other mail text.
 */
export function digestMail(
  publicUrl: string, to: Recipient & { name: string }, church: { name: string; code: string }, weekLabel: string,
  sections: DigestMailSection[],
) {
  const t = translatorFor(to.language);
  const link = linkTo(publicUrl, '/login', { code: church.code });
  return compose(t, 'weekly-digest', to.email, t('mail.digest.subject', { church: church.name, week: weekLabel }), [
    t('mail.greeting', { name: to.name }),
    t('mail.digest.intro', { church: church.name }),
    ...sections.flatMap((section): MailBlock[] => [{ heading: section.heading }, ...section.blocks]),
    { button: t('mail.signIn'), href: link },
    t('mail.digest.optOut'),
  ], link);
}

/**
 * To an operator whose authenticator codes were just locked after too many wrong ones. The console
 * is English-only, and so is this mail. Whoever typed the codes knew the password.
 */
export function operatorSecondFactorLockedMail(publicUrl: string, to: { email: string }, facts: { failedCodes: number; ip: string; at: Date }) {
  const t = translatorFor('en');
  const link = linkTo(publicUrl, '/admin-login');
  return compose(t, 'operator-second-factor-locked', to.email, 'Your admin sign-in codes are locked', [
    `Your operator account's password was entered correctly, followed by ${facts.failedCodes} wrong authenticator codes in a row, `
      + 'so authenticator codes are now refused for your account.',
    { rows: [['Account', to.email], ['Locked at', `${facts.at.toISOString().replace('T', ' ').slice(0, 19)} UTC`], ['From address', facts.ip]] },
    'To sign in, use one of your recovery codes in place of the code: that unlocks your account. '
      + 'Running npm run admin:create for your address on the server also unlocks it, with a new password, second factor and recovery codes.',
    'If this was not you, someone knows your password: change it now with npm run admin:create.',
    { button: 'Open the admin console', href: link },
  ], link);
}
