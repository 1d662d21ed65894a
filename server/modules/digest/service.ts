import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/index.js';
import { enterChurchForJob } from '../../doors/job.js';
import type { TenantScope } from '../../core/scopes.js';
import { translatorFor } from '../../core/i18n.js';
import { auditChurchChange } from '../audit/index.js';
import { digestMail, type Mailer } from '../mail/index.js';
import { subscriptionValidity } from '../subscription/index.js';
import {
  churchesForTick, claimDeliveries, digestChurch, digestRecipients, digestSetting, finishedDigests, markSent,
  recordFinished, releaseClaims, saveDigestSetting, unsentRecipients,
} from './queries.js';
import { DIGEST_SECTIONS, digestScope, fullDay } from './sections.js';
import { dueDigestWeek } from './week.js';

/** One church's digest of one week: the data of a `digest-church` job. */
export interface DigestJob { churchId: string; week: string }

/** How long a claimed delivery is reserved for its sender: longer than sending a church's mails
 * takes, shorter than the job's retries. */
const CLAIM_LEASE_SECONDS = 15 * 60;

/** The week due in a church's zone; none for a zone this runtime does not know (one church's bad
 * setting must not stop every other church's digest). */
function weekDueIn(timeZone: string, now: Date): string | undefined {
  try {
    return dueDigestWeek(timeZone, now);
  } catch {
    return undefined;
  }
}

/**
 * The tick, for the instant `now`: the churches with a valid subscription whose digest is due (a
 * Monday from 08:00, their own time) and not done yet. Reads every church through the platform
 * door; the subscription rule is the one of the tenant rung (subscriptionValidity).
 */
export async function dueDigests(db: Database, now: Date): Promise<DigestJob[]> {
  return db.withPlatform(async (tx) => {
    const due = (await churchesForTick(tx)).flatMap((church) => {
      const week = weekDueIn(church.timeZone, now);
      return week && subscriptionValidity(church, now).valid ? [{ churchId: church.id, week }] : [];
    });
    const finished = await finishedDigests(tx, [...new Set(due.map((job) => job.week))]);
    return due.filter((job) => !finished.has(`${job.churchId}:${job.week}`));
  });
}

export interface DigestSender { db: Database; mailer: Mailer; publicUrl: string; log: FastifyBaseLogger }

/**
 * Sends one church's digest of one week to each recipient who has not had it: principals and super
 * admins, active, who did not turn it off. A recipient's delivery is claimed (committed) before the
 * mail goes and marked sent after, so however many jobs of this church and week run, in however many
 * processes, each recipient gets it once. A failed send gives up the claims not yet sent and fails
 * the job, whose retry sends to those only. The week is recorded as done once every recipient has it.
 * Returns how many mails this run sent. Each step is a short transaction of the job door
 * (server/doors/job.ts); no connection is held while a mail goes.
 */
export async function sendChurchDigest({ db, mailer, publicUrl, log }: DigestSender, { churchId, week }: DigestJob, now: Date) {
  const loaded = await enterChurchForJob(db, churchId, async ({ tx }) => {
    const church = await digestChurch(tx, churchId);
    if (!church || !subscriptionValidity(church, now).valid) return undefined;
    const recipients = await digestRecipients(tx, churchId);
    const scope = await digestScope(tx, { id: churchId, timeZone: church.timeZone }, week);
    const sections = [];
    for (const section of DIGEST_SECTIONS) sections.push(await section(scope));
    return { church, recipients, sections };
  });
  if (!loaded) return 0;
  const { church, recipients, sections } = loaded;
  const claimed = new Set(await enterChurchForJob(db, churchId, ({ tx }) =>
    claimDeliveries(tx, churchId, week, recipients.map((r) => r.id), CLAIM_LEASE_SECONDS)));
  let sent = 0;
  for (const recipient of recipients.filter((r) => claimed.has(r.id))) {
    const language = recipient.language ?? church.defaultLanguage;
    const t = translatorFor(language);
    const mail = digestMail(publicUrl, { email: recipient.email, name: recipient.name, language }, church,
      fullDay(week, language), sections.map((render) => render(t, language)));
    try {
      await mailer.sendNow(mail, log);
    } catch (error) {
      await enterChurchForJob(db, churchId, ({ tx }) => releaseClaims(tx, churchId, week, [...claimed]));
      throw error;
    }
    await enterChurchForJob(db, churchId, ({ tx }) => markSent(tx, churchId, week, recipient.id));
    claimed.delete(recipient.id);
    sent++;
  }
  await enterChurchForJob(db, churchId, async ({ tx }) => {
    const unsent = await unsentRecipients(tx, churchId, week, recipients.map((r) => r.id));
    // Claimed by another job still sending: this one fails, and its retry looks again.
    if (unsent.length) throw new Error(`weekly digest: ${unsent.length} recipients not sent yet`);
    await recordFinished(tx, churchId, week);
  });
  return sent;
}

/** GET /api/auth/digest: whether the signed-in principal or super admin gets the weekly digest. */
export async function ownDigestSetting({ tx, user, church }: TenantScope) {
  return { weekly_digest: await digestSetting(tx, church.id, user.id) };
}

/** PUT /api/auth/digest: turns the signed-in user's weekly digest on or off, audited. */
export async function setOwnDigestSetting({ tx, user, church }: TenantScope, weeklyDigest: boolean) {
  await saveDigestSetting(tx, church.id, user.id, weeklyDigest);
  await auditChurchChange(tx, {
    user, action: 'user.weekly_digest_updated', resourceType: 'user', resourceId: user.id,
    details: { weekly_digest: weeklyDigest },
    description: `Weekly digest mail turned ${weeklyDigest ? 'on' : 'off'}`,
  });
  return { weekly_digest: weeklyDigest };
}
