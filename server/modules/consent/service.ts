import type { z } from 'zod';
import {
  CONSENT_LINK_DAYS, CONSENT_LINK_MAX_REQUESTS, CONSENT_MESSAGES as M, CONSENT_PURPOSES, CONSENT_USER_AGENT_MAX, type ConsentPurpose,
} from '../../../common/consent.js';
import type {
  consentAnswerInput, consentLinkInput, consentLinkRefInput, consentPageInput, recordConsentInput,
} from '../../../common/schemas/consent.js';
import type { Locale } from '../../../common/i18n/locales.js';
import { sql } from 'drizzle-orm';
import type { PublicScope, TenantScope } from '../../core/scopes.js';
import { AppError, appErrorIn, badRequest, conflict, notFound } from '../../core/errors.js';
import { translatorFor } from '../../core/i18n.js';
import type { Tx } from '../../db/index.js';
import { findLink } from '../../doors/link.js';
import { academicYearSettings } from '../academic-year/index.js';
import { recordChildDataRead } from '../access-log/index.js';
import { auditChurchChange } from '../audit/index.js';
import { admitFromSource, admitUnderLimit, giveBackToSource, hashToken, newOpaqueToken, type AttemptStore } from '../credentials/index.js';
import { recordConsentAnswers, revokeConsentLinks } from '../consent-records/index.js';
import { guardianOfStudent, setContactConsent } from '../guardians/index.js';
import { findAccessibleStudent, lockStudent } from '../students/index.js';
import { privacyNoticeOf } from './notice.js';
import {
  insertConsentLink, selectChurchOfToken, selectConsentHistory, selectEnrolmentConsentByClass,
  selectLink, selectLinkByHash, selectOpenLinks, spendLink, type ConsentRow,
} from './queries.js';

// Who may reach a student is the students module's one rule (findAccessibleStudent): a teacher only
// their own classes' children, anyone else's answered as not found; row-level security keeps other
// churches out. The public consent page has no user: its token is the only key, and it opens one
// child's consent for one guardian, once.

const toConsentDto = (row: ConsentRow) => ({
  id: row.id,
  purpose: row.purpose as ConsentPurpose,
  given: row.given,
  guardian_id: row.guardianId,
  guardian_name: row.guardianName,
  guardian_relation: row.guardianRelation,
  method: row.method,
  recorded_by: { id: row.recordedBy, name: row.recordedByName },
  recorded_at: row.recordedAt.toISOString(),
});
type ConsentDto = ReturnType<typeof toConsentDto>;

/** The answer in force of a purpose: given, withdrawn, or none ever recorded. */
type ConsentAnswer = { state: 'given' | 'withdrawn' | 'none'; answer: ConsentDto | null };

/** The answer in force of each purpose: the newest answer of it (the history is newest first). */
function inForce(history: ConsentDto[]): Record<ConsentPurpose, ConsentAnswer> {
  const of = (purpose: ConsentPurpose): ConsentAnswer => {
    const latest = history.find((row) => row.purpose === purpose);
    return latest ? { state: latest.given ? 'given' : 'withdrawn', answer: latest } : { state: 'none', answer: null };
  };
  return Object.fromEntries(CONSENT_PURPOSES.map((p) => [p, of(p)])) as Record<ConsentPurpose, ConsentAnswer>;
}

/** GET /api/students/{id}/consents: the answer in force per purpose and the whole history, newest
 * first. Consent records are a child's sensitive data: each read is logged in the same transaction. */
export async function studentConsents(scope: TenantScope, { id }: { id: string }) {
  const student = await findAccessibleStudent(scope, id);
  const history = (await selectConsentHistory(scope.tx, scope.church.id, student.id)).map(toConsentDto);
  await recordChildDataRead(scope.tx, { churchId: scope.church.id, studentId: student.id, kind: 'consent_records', reader: scope.user });
  return { student_id: student.id, purposes: inForce(history), history };
}

/** One guardian of the child, or a 400 naming the mistake (a guardian of another child, or none). */
async function guardianOfChild(tx: Tx, churchId: string, studentId: string, guardianId: string) {
  const guardian = await guardianOfStudent(tx, churchId, studentId, guardianId);
  if (!guardian) throw badRequest(M.guardianNotOfChild, { reason: 'guardian_not_of_child' });
  return guardian;
}

const answered = (answers: Partial<Record<ConsentPurpose, boolean>>) =>
  CONSENT_PURPOSES.filter((p) => answers[p] !== undefined).map((p) => ({ purpose: p, given: answers[p] as boolean }));

/**
 * POST /api/students/{id}/consents: answers staff collected on paper or in person, one row per
 * answer (the table only takes new rows: a withdrawal is a new answer, the history stays). An answer
 * for messages is also the guardian's consent to be contacted.
 */
export async function recordConsent(scope: TenantScope, input: z.output<typeof recordConsentInput>) {
  const student = await findAccessibleStudent(scope, input.id);
  const guardian = await guardianOfChild(scope.tx, scope.church.id, student.id, input.guardian_id);
  const answers = answered(input.answers);
  const rows = await recordConsentAnswers(scope.tx, answers.map((a) => ({
    churchId: scope.church.id, studentId: student.id, purpose: a.purpose, given: a.given,
    guardianId: guardian.id, guardianName: guardian.name, guardianRelation: guardian.relation,
    method: input.method, recordedBy: scope.user.id, recordedByName: scope.user.name,
  })));
  if (input.answers.messages !== undefined) {
    await setContactConsent(scope.tx, scope.church.id, student.id, guardian.id, input.answers.messages, scope.user.id);
  }
  // Ids and answers only: who the child and the guardian are is in the rows the ids name.
  await auditChurchChange(scope.tx, {
    user: scope.user, action: 'student.consent_recorded', resourceType: 'student', resourceId: student.id,
    details: { guardian_id: guardian.id, method: input.method, answers: Object.fromEntries(answers.map((a) => [a.purpose, a.given])) },
    description: 'Consent recorded',
  });
  return { student_id: student.id, recorded: rows.map(toConsentDto) };
}

const firstName = (name: string) => name.trim().split(/\s+/)[0] ?? name;

/**
 * POST /api/students/{id}/consent-links: a link for one guardian to answer for the child on their
 * own phone, valid CONSENT_LINK_DAYS and once. Its token is 256 random bits, of which only the
 * SHA-256 is kept; the link speaks the guardian's language, else the church's. When the guardian
 * has WhatsApp, a wa.me link with a short message holding the link, in that language. The guardian's
 * earlier open links of the child stop working (replaced): one open link per guardian and child.
 */
export async function createConsentLink(scope: TenantScope, publicUrl: string, input: z.output<typeof consentLinkInput>) {
  const student = await findAccessibleStudent(scope, input.id);
  const guardian = await guardianOfChild(scope.tx, scope.church.id, student.id, input.guardian_id);
  const language: Locale = guardian.language ?? scope.church.default_language;
  const token = newOpaqueToken();
  const link = await insertConsentLink(scope.tx, {
    churchId: scope.church.id, studentId: student.id, guardianId: guardian.id, guardianName: guardian.name,
    guardianRelation: guardian.relation, language, tokenHash: hashToken(token),
    // The database's clock, the one the page compares with.
    expiresAt: sql`now() + make_interval(days => ${CONSENT_LINK_DAYS})`,
    createdBy: scope.user.id, createdByName: scope.user.name,
  });
  // One open link per guardian of a child: the newest; those sent before it stop.
  const replaced = await revokeConsentLinks(scope.tx, scope.church.id, student.id, { guardianIds: [guardian.id], except: link.id }, 'replaced', scope.user.id);
  await auditChurchChange(scope.tx, {
    user: scope.user, action: 'student.consent_link_created', resourceType: 'student', resourceId: student.id,
    details: { link_id: link.id, guardian_id: guardian.id, language, expires_at: link.expiresAt.toISOString(), replaced_link_ids: replaced },
    description: 'Consent link made',
  });
  const url = new URL(`${publicUrl.replace(/\/+$/, '')}/consent/${token}`).toString();
  const message = translatorFor(language)('consent.whatsappMessage', { church: scope.church.name, child: firstName(student.name), url });
  return {
    id: link.id,
    url,
    expires_at: link.expiresAt.toISOString(),
    language,
    whatsapp_url: guardian.whatsappE164 ? `https://wa.me/${guardian.whatsappE164.slice(1)}?text=${encodeURIComponent(message)}` : null,
  };
}

/** GET /api/students/{id}/consent-links: the child's links that may still be answered (not used,
 * expired or revoked), newest first: what the card shows, each with its Revoke button. */
export async function openConsentLinks(scope: TenantScope, { id }: { id: string }) {
  const student = await findAccessibleStudent(scope, id);
  return (await selectOpenLinks(scope.tx, scope.church.id, student.id)).map((l) => ({
    id: l.id, guardian_id: l.guardianId, guardian_name: l.guardianName, language: l.language,
    created_at: l.createdAt.toISOString(), created_by_name: l.createdByName, expires_at: l.expiresAt.toISOString(),
  }));
}

/**
 * POST /api/consent-links/{id}/revoke: staff who may reach the child stop a link before it is
 * answered (sent to the wrong phone, a phone lost). A link of a child the caller may not reach, or of
 * another church, is not found (404); one already used, expired or revoked is a 409. Audited.
 */
export async function revokeConsentLink(scope: TenantScope, { id }: z.output<typeof consentLinkRefInput>) {
  const link = await selectLink(scope.tx, scope.church.id, id);
  if (!link) throw notFound(M.linkIdInvalid, { reason: 'consent_link_not_found' });
  const student = await findAccessibleStudent(scope, link.studentId);
  const [revoked] = await revokeConsentLinks(scope.tx, scope.church.id, student.id, { linkId: link.id }, 'revoked', scope.user.id);
  if (!revoked) throw conflict(M.linkNotOpen, { reason: 'consent_link_not_open' });
  await auditChurchChange(scope.tx, {
    user: scope.user, action: 'student.consent_link_revoked', resourceType: 'student', resourceId: student.id,
    details: { link_id: link.id, guardian_id: link.guardianId }, description: 'Consent link revoked',
  });
  return { id: link.id, revoked: true as const };
}

/** What the public consent page uses of the services: the per-address limit's counts. */
type ConsentPageScope = PublicScope<{ attempts: AttemptStore }>;

const PER_IP_WINDOW_MS = 15 * 60_000;

const linkGone = () => new AppError('GONE', M.linkExpired, { reason: 'consent_link_expired' });
/** A link stopped before its expiry, with the reason the guardian is told. */
const linkStopped = (reason: string | null) => reason === 'replaced'
  ? new AppError('GONE', M.linkReplaced, { reason: 'consent_link_replaced' })
  : reason === 'guardian_removed'
    ? new AppError('GONE', M.linkGuardianRemoved, { reason: 'consent_link_guardian_removed' })
    : new AppError('GONE', M.linkRevoked, { reason: 'consent_link_revoked' });
const linkUsed = () => conflict(M.linkUsed, { reason: 'consent_link_used' });
const linkNotFound = () => notFound(M.linkNotFound, { reason: 'consent_link_not_found' });

/** Refusals of a token that may be a guess: counted against the address that sent it. */
const isFailedToken = (error: unknown) => {
  const reason = appErrorIn(error)?.data.reason;
  return reason === 'consent_link_not_found' || reason === 'consent_link_expired';
};

/**
 * A link's church, then the link in that church's tenant transaction, through the link door
 * (server/doors/link.ts): the token alone says which church it belongs to.
 *
 * Two limits. Per address, only tokens that fail (unknown or expired: what guessing produces) count,
 * `CONSENT_MAX_PER_IP` in 15 minutes: each try is counted first (so parallel guesses cannot slip
 * under the limit) and given back when the token turned out to be a real link, so the guardians of
 * a whole church answering from its one Wi-Fi address never reach it. Per link, every request
 * counts, CONSENT_LINK_MAX_REQUESTS in 15 minutes, so nobody can hammer one link.
 */
async function inChurchOfToken<T>(
  scope: ConsentPageScope, token: string,
  work: (tx: Tx, church: { id: string; name: string; code: string; retentionYears: number }, tokenHash: string) => Promise<T>,
): Promise<T> {
  const perAddress = { name: 'consent', what: 'consent page requests', windowMs: PER_IP_WINDOW_MS, max: scope.config.CONSENT_MAX_PER_IP };
  await admitFromSource(scope.services.attempts, perAddress, scope.ip);
  const tokenHash = hashToken(token);
  let failedToken = false;
  try {
    const found = await findLink(scope.db, tokenHash, selectChurchOfToken);
    if (!found) throw linkNotFound();
    await admitUnderLimit(scope.services.attempts, `consent:link:${tokenHash}`,
      { what: 'requests for this consent link', windowMs: PER_IP_WINDOW_MS, max: CONSENT_LINK_MAX_REQUESTS });
    const { link } = found;
    const church = { id: link.churchId, name: link.churchName, code: link.churchCode, retentionYears: link.retentionYears };
    return await found.enter(({ tx }) => work(tx, church, tokenHash));
  } catch (error) {
    failedToken = isFailedToken(error);
    throw error;
  } finally {
    if (!failedToken) await giveBackToSource(scope.services.attempts, perAddress, scope.ip);
  }
}

/**
 * The link, refused when unknown (404), used (409), expired, revoked or replaced (410), or when the
 * guardian it was sent to is no longer one of the child's guardians (410): a link answers only for a
 * current guardian.
 */
async function liveLink(tx: Tx, churchId: string, tokenHash: string) {
  const found = await selectLinkByHash(tx, churchId, tokenHash);
  if (!found) throw linkNotFound();
  if (found.link.usedAt) throw linkUsed();
  if (found.link.revokedAt) throw linkStopped(found.link.revokedReason);
  if (found.expired) throw linkGone();
  const guardian = found.link.guardianId ? await guardianOfStudent(tx, churchId, found.link.studentId, found.link.guardianId) : undefined;
  if (!guardian) throw linkStopped('guardian_removed');
  return found;
}

/** GET /api/consent/{token}: what the guardian's page shows: the church, the child's first name, the
 * guardian, the privacy notice in the link's language (or the one `lang` asks for) and the purposes. */
export async function openConsentLink(scope: ConsentPageScope, input: z.output<typeof consentPageInput>) {
  return inChurchOfToken(scope, input.token, async (tx, church, tokenHash) => {
    const { link, studentName } = await liveLink(tx, church.id, tokenHash);
    const language = input.lang ?? link.language;
    return {
      church_name: church.name,
      church_code: church.code,
      child_name: firstName(studentName),
      guardian_name: link.guardianName,
      language: link.language,
      notice_language: language,
      notice: await privacyNoticeOf(tx, church, language),
      purposes: [...CONSENT_PURPOSES],
      expires_at: link.expiresAt.toISOString(),
    };
  });
}

/**
 * POST /api/consent/{token}: the guardian's three answers, recorded with the link, their address and
 * browser as evidence; the link is spent by one conditional UPDATE in the same transaction, so of
 * two answers at once one is recorded and the other is told the link was used (409). Only for a
 * guardian who is still one of the child's guardians.
 */
export async function answerConsentLink(scope: ConsentPageScope, input: z.output<typeof consentAnswerInput>) {
  return inChurchOfToken(scope, input.token, async (tx, church, tokenHash) => {
    const first = await selectLinkByHash(tx, church.id, tokenHash);
    // The child's row, locked as an edit of their guardians locks it: an answer and the removal of
    // its guardian (which stops the guardian's links) happen one after the other, never interleaved.
    if (first) await lockStudent(tx, church.id, first.link.studentId);
    const { link } = await liveLink(tx, church.id, tokenHash);
    if (!(await spendLink(tx, church.id, link.id))) throw linkUsed();
    const answers = CONSENT_PURPOSES.map((purpose) => ({ purpose, given: input[purpose] }));
    await recordConsentAnswers(tx, answers.map((a) => ({
      churchId: church.id, studentId: link.studentId, purpose: a.purpose, given: a.given,
      guardianId: link.guardianId, guardianName: link.guardianName, guardianRelation: link.guardianRelation,
      method: 'digital_link', linkId: link.id, ipAddress: scope.ip, userAgent: scope.userAgent?.slice(0, CONSENT_USER_AGENT_MAX) ?? null,
      recordedBy: null, recordedByName: link.guardianName,
    })));
    if (link.guardianId) await setContactConsent(tx, church.id, link.studentId, link.guardianId, input.messages, null);
    await auditChurchChange(tx, {
      user: { id: null, name: 'a guardian through a consent link', role: 'guardian' },
      action: 'student.consent_answered', resourceType: 'student', resourceId: link.studentId,
      details: { link_id: link.id, guardian_id: link.guardianId, answers: Object.fromEntries(answers.map((a) => [a.purpose, a.given])) },
      description: 'Consent answered through a consent link',
    });
    return { recorded: Object.fromEntries(answers.map((a) => [a.purpose, a.given])) as Record<ConsentPurpose, boolean> };
  });
}

/** GET /api/consent/summary: the current academic year's children without enrolment consent in
 * force, in all and per class (only classes with children). */
export async function consentSummary(scope: TenantScope) {
  const academicYear = (await academicYearSettings(scope)).current;
  const rows = await selectEnrolmentConsentByClass(scope.tx, scope.church.id, academicYear);
  return {
    academic_year: academicYear,
    children: rows.reduce((sum, r) => sum + r.children, 0),
    missing_enrolment_consent: rows.reduce((sum, r) => sum + r.missing, 0),
    classes: rows.map((r) => ({
      class_id: r.classId, class_name: r.className, class_section: r.section, children: r.children, missing_enrolment_consent: r.missing,
    })),
  };
}
