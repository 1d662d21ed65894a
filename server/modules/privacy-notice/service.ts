import type { z } from 'zod';
import { PRIVACY_NOTICE_PARTS, type PrivacyNoticePart } from '../../../common/consent.js';
import type { Locale } from '../../../common/i18n/locales.js';
import { PRIVACY_NOTICE_MESSAGES as M, type publicPrivacyNoticeInput, type updatePrivacyNoticeInput } from '../../../common/schemas/privacy-notice.js';
import type { PublicScope, TenantScope } from '../../core/scopes.js';
import { notFound } from '../../core/errors.js';
import type { Tx } from '../../db/index.js';
import { enterChurchAsVisitor } from '../../doors/visitor.js';
import { auditChurchChange } from '../audit/index.js';
import { admitFailureFromSource, type AttemptStore } from '../credentials/index.js';
import type { ChurchDirectory } from '../churches/index.js';
import { privacyNoticeOf } from '../consent/index.js';
import { selectNoticeChurch, selectWrittenParts, upsertWrittenParts } from './queries.js';

type Written = Record<PrivacyNoticePart, string | null>;

const writtenOf = (row: Awaited<ReturnType<typeof selectWrittenParts>>): Written => ({
  controller: row?.controller ?? null, data_kept: row?.dataKept ?? null, purposes: row?.purposes ?? null,
  retention: row?.retention ?? null, contact: row?.contact ?? null,
});

/** The notice of the transaction's church in one language, with the church's name. */
export async function noticeIn(tx: Tx, churchId: string, language: Locale | undefined) {
  const church = await selectNoticeChurch(tx, churchId);
  const lang = language ?? church.defaultLanguage;
  return { church_name: church.name, language: lang, notice: await privacyNoticeOf(tx, church, lang) };
}

/** GET /api/privacy-notice (staff): the notice as the reader sees it (in their language), and the
 * parts the church wrote (null where the template stands in), for the editor. */
export async function readPrivacyNotice({ tx, church, user }: TenantScope) {
  const shown = await noticeIn(tx, church.id, user.language);
  const row = await selectWrittenParts(tx, church.id);
  return { ...shown, written: writtenOf(row), updated_at: row?.updatedAt.toISOString() ?? null };
}

/** PUT /api/privacy-notice (super admin): all five parts at once; a part left out, empty or null
 * goes back to the template. Audited with which parts are the church's own, never their text. */
export async function updatePrivacyNotice(scope: TenantScope, input: z.output<typeof updatePrivacyNoticeInput>) {
  const { tx, church, user } = scope;
  const before = writtenOf(await selectWrittenParts(tx, church.id));
  const after = Object.fromEntries(PRIVACY_NOTICE_PARTS.map((part) => [part, input[part] ?? null])) as Written;
  await upsertWrittenParts(tx, church.id, user.id, after);
  const changed = PRIVACY_NOTICE_PARTS.filter((part) => before[part] !== after[part]);
  await auditChurchChange(tx, {
    user, action: 'church.privacy_notice_updated', resourceType: 'church', resourceId: church.id,
    details: { changed_parts: changed, church_written_parts: PRIVACY_NOTICE_PARTS.filter((part) => after[part] !== null) },
    description: `Privacy notice changed (${changed.length ? changed.join(', ') : 'no part'})`,
  });
  return { ...(await readPrivacyNotice(scope)), message: M.saved };
}

/**
 * GET /api/churches/{code}/privacy-notice (anyone): the church found by its code as sign-in finds it
 * (the directory, through the platform door), then its notice read in its own tenant transaction
 * (the visitor door, server/doors/visitor.ts).
 * An unknown code is 404; the answer holds the church's name and notice only.
 *
 * It tells whether a code exists, so unknown codes are limited like failed sign-ins: per address
 * (an IPv6 address by its /64), PRIVACY_NOTICE_MAX_UNKNOWN_PER_IP in 15 minutes, then 429 for any
 * code. The request is counted before the lookup (parallel guesses cannot slip under the limit) and
 * given back when the code is a church's, so parents opening the notice from one church's Wi-Fi
 * are never counted. In Redis with REDIS_URL (503 while it is unreachable), like the other limits.
 */
export async function publicPrivacyNotice(
  scope: PublicScope<{ churchDirectory: ChurchDirectory; attempts: AttemptStore }>, input: z.output<typeof publicPrivacyNoticeInput>,
) {
  const attempt = await admitFailureFromSource(scope.services.attempts, {
    name: 'privacy-notice', what: 'unknown church codes', windowMs: UNKNOWN_CODE_WINDOW_MS, max: scope.config.PRIVACY_NOTICE_MAX_UNKNOWN_PER_IP,
  }, scope.ip);
  const churchId = await scope.services.churchDirectory.idForCode(input.code);
  if (!churchId) throw notFound(M.churchNotFound, { reason: 'church_not_found' });
  await attempt.giveBack();
  return enterChurchAsVisitor(scope.db, churchId, ({ tx }) => noticeIn(tx, churchId, input.lang));
}

const UNKNOWN_CODE_WINDOW_MS = 15 * 60_000;
