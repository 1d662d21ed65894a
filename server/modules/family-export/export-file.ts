import { PassThrough, type Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import { ZipFile } from 'yazl';
import { toCsv } from '../../../common/csv.js';
import { FAMILY_EXPORT_HOURS } from '../../../common/schemas/family-export.js';
import type { Database } from '../../db/index.js';
import { hashToken, newOpaqueToken } from '../credentials/index.js';
import { consentHistoryOf } from '../consent/index.js';
import { mediaOfChild } from '../gallery/index.js';
import { familyContactsOf } from '../guardians/index.js';
import { newMediaKey, type MediaStorage } from '../media-storage/index.js';
import { attendanceSummaryPdf, monthsOf } from './attendance-summary.js';
import { markFailed, markReady, selectChurch, selectMarks, selectMediaShowingOthersWithoutConsent, selectProfile } from './queries.js';

/** A new download token (256 random bits) and the hash the database keeps of it. */
export function newDownloadToken() {
  const token = newOpaqueToken();
  return { token, hash: hashToken(token) };
}

export interface ExportDeps { db: Database; storage: MediaStorage; log: FastifyBaseLogger }
interface ExportJob { churchId: string; exportId: string; studentId: string }

const json = (value: unknown) => Buffer.from(`${JSON.stringify(value, null, 2)}\n`, 'utf8');

/** A media file's name inside the ZIP: numbered (two items may share a name), no folders. */
const entryName = (n: number, fileName: string) => `media/${String(n).padStart(3, '0')}-${fileName.replace(/[^\p{L}\p{N}._ -]/gu, '_').slice(-120)}`;

/**
 * Everything the export holds but the media files, read in one short tenant transaction. The media
 * are those the child is tagged in, but for any that also shows another child without photo consent
 * in force: that child's family has not agreed to the photo going anywhere, so it stays out (counted
 * in `media-not-included.json`). The child's own consent does not keep their own photos from their family.
 */
async function readChildData(db: Database, job: ExportJob) {
  return db.withTenant(job.churchId, async (tx) => {
    const profile = await selectProfile(tx, job.studentId);
    if (!profile) return undefined;
    const tagged = await mediaOfChild(tx, job.studentId);
    const withheld = await selectMediaShowingOthersWithoutConsent(tx, job.studentId, tagged.map((m) => m.id));
    return {
      church: await selectChurch(tx, job.churchId),
      profile,
      family: await familyContactsOf(tx, job.studentId),
      consents: await consentHistoryOf(tx, job.studentId),
      marks: await selectMarks(tx, job.churchId, job.studentId),
      media: tagged.filter((m) => !withheld.has(m.id)),
      mediaLeftOut: withheld.size,
    };
  });
}

/**
 * Makes a child's family export after the request that asked for it has committed: the child's
 * data in one short transaction, then a ZIP written straight into the media storage under the
 * church's prefix (each media original streamed through in its turn, so memory stays bounded
 * whatever the files' sizes), then the export marked ready, with a download token nobody holds
 * yet (a manager asks for a link, which replaces it) and 24 hours to be downloaded. Any failure
 * marks it failed and leaves no file behind.
 */
export async function makeExport(deps: ExportDeps, job: ExportJob): Promise<void> {
  const { db, storage, log } = deps;
  const key = newMediaKey(job.churchId, 'zip');
  let stored = false;
  try {
    const data = await readChildData(db, job);
    if (!data) throw new Error('the child of the export is gone');
    const { church, profile, family, consents, marks, media, mediaLeftOut } = data;
    const zip = new ZipFile();
    zip.addBuffer(json({
      name: profile.name, date_of_birth: profile.dateOfBirth, class: `${profile.className} ${profile.section}`.trim(),
      class_name: profile.className, section: profile.section, academic_year: profile.academicYear, active: profile.active,
    }), 'profile.json');
    zip.addBuffer(json(family), 'guardians.json');
    zip.addBuffer(json(consents.map((c) => ({
      purpose: c.purpose, given: c.given, guardian_name: c.guardianName, guardian_relation: c.guardianRelation, method: c.method,
      recorded_by: c.recordedByName, recorded_at: c.recordedAt.toISOString(), ip_address: c.ipAddress, user_agent: c.userAgent,
    }))), 'consents.json');
    zip.addBuffer(Buffer.from(toCsv(['date', 'class', 'status'], marks.map((m) => [m.date, `${m.className} ${m.section}`.trim(), m.status])), 'utf8'),
      'attendance.csv');
    zip.addBuffer(await attendanceSummaryPdf({
      language: church.defaultLanguage, churchName: church.name, childName: profile.name, months: monthsOf(marks),
    }), 'attendance-summary.pdf');
    if (mediaLeftOut > 0) {
      zip.addBuffer(json({
        count: mediaLeftOut,
        reason: 'These photos or videos also show another child whose family has not given photo consent, so they are not included.',
      }), 'media-not-included.json');
    }
    media.forEach((item, i) => {
      zip.addReadStreamLazy(entryName(i + 1, item.fileName), (done) => {
        storage.get(`${job.churchId}/${item.filePath}`).then(
          (file) => done(file ? null : new Error(`media file ${item.id} is missing`), file?.stream as Readable),
          (error: unknown) => done(error, undefined as unknown as Readable),
        );
      });
    });
    // yazl reports a failed entry on the ZipFile, not on its output: the output is failed with it,
    // so the storage's put fails and removes what it wrote.
    const output = new PassThrough();
    zip.outputStream.pipe(output);
    zip.on('error', (error: Error) => output.destroy(error));
    zip.end();
    const { bytes } = await storage.put(key, output, 'application/zip');
    stored = true;
    const ready = await db.withTenant(job.churchId, (tx) => markReady(tx, job.exportId, {
      storageName: key.slice(job.churchId.length + 1), bytes, tokenHash: newDownloadToken().hash,
      expiresAt: new Date(Date.now() + FAMILY_EXPORT_HOURS * 3_600_000),
    }));
    if (!ready) await storage.delete(key);
  } catch (error) {
    log.error({ err: error, exportId: job.exportId }, 'family export failed');
    if (stored) await storage.delete(key).catch(() => undefined);
    await db.withTenant(job.churchId, (tx) => markFailed(tx, job.exportId));
  }
}
