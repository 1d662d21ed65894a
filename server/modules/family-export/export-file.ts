import { PassThrough, type Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import { ZipFile } from 'yazl';
import { FAMILY_EXPORT_HOURS } from '../../../common/schemas/family-export.js';
import type { ChildData, ChildExportFile, SummarySection } from '../../core/child-data.js';
import type { Database } from '../../db/index.js';
import { enterChurchForJob } from '../../doors/job.js';
import { hashToken, newOpaqueToken } from '../credentials/index.js';
import { familyLanguage, guardiansToContact } from '../guardians/index.js';
import { newMediaKey, type MediaStorage } from '../media-storage/index.js';
import { familySummaryPdf } from './family-summary.js';
import { markFailed, markReady, selectChildName, selectChurch } from './queries.js';

/** A new download token (256 random bits) and the hash the database keeps of it. */
export function newDownloadToken() {
  const token = newOpaqueToken();
  return { token, hash: hashToken(token) };
}

export interface ExportDeps { childData: readonly ChildData[]; db: Database; storage: MediaStorage; log: FastifyBaseLogger }
interface ExportJob { churchId: string; exportId: string; studentId: string }

/**
 * The export's files, each part of the child's data in its turn (server/child-data.ts), read in one
 * short transaction of the job door (server/doors/job.ts); undefined once the child is gone. Stored files are only named here,
 * and bytes to be made (a PDF) are made after the transaction.
 */
async function readChildData(db: Database, childData: readonly ChildData[], job: ExportJob) {
  return enterChurchForJob(db, job.churchId, async ({ tx }) => {
    const name = await selectChildName(tx, job.churchId, job.studentId);
    if (name === undefined) return undefined;
    const church = await selectChurch(tx, job.churchId);
    const guardians = (await guardiansToContact(tx, job.churchId, [job.studentId])).get(job.studentId) ?? [];
    const language = familyLanguage(guardians, church.defaultLanguage);
    const child = {
      churchId: job.churchId, studentId: job.studentId, name, language,
      church: { name: church.name, language: church.defaultLanguage, timeZone: church.timeZone },
    };
    const files: ChildExportFile[] = [];
    const sections: SummarySection[] = [];
    for (const part of childData) {
      for (const item of await part.export?.(tx, child) ?? []) {
        if ('summary' in item) sections.push(item.summary);
        else files.push(item);
      }
    }
    // What the church keeps, in words: the parts' sections in the list's order, drawn after the transaction.
    const madeAt = new Date();
    files.push({
      name: 'family-summary.pdf',
      bytes: () => familySummaryPdf({ language, churchName: church.name, childName: name, timeZone: church.timeZone, madeAt, sections }),
    });
    return files;
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
    const files = await readChildData(db, deps.childData, job);
    if (!files) throw new Error('the child of the export is gone');
    const zip = new ZipFile();
    for (const file of files) {
      if ('bytes' in file) {
        zip.addBuffer(await file.bytes(), file.name);
        continue;
      }
      zip.addReadStreamLazy(file.name, (done) => {
        storage.get(file.storedKey).then(
          (found) => done(found ? null : new Error(`${file.source} is missing`), found?.stream as Readable),
          (error: unknown) => done(error, undefined as unknown as Readable),
        );
      });
    }
    // yazl reports a failed entry on the ZipFile, not on its output: the output is failed with it,
    // so the storage's put fails and removes what it wrote.
    const output = new PassThrough();
    zip.outputStream.pipe(output);
    zip.on('error', (error: Error) => output.destroy(error));
    zip.end();
    const { bytes } = await storage.put(key, output, 'application/zip');
    stored = true;
    const ready = await enterChurchForJob(db, job.churchId, ({ tx }) => markReady(tx, job.churchId, job.exportId, {
      storageName: key.slice(job.churchId.length + 1), bytes, tokenHash: newDownloadToken().hash,
      expiresAt: new Date(Date.now() + FAMILY_EXPORT_HOURS * 3_600_000),
    }));
    if (!ready) await storage.delete(key);
  } catch (error) {
    log.error({ err: error, exportId: job.exportId }, 'family export failed');
    if (stored) await storage.delete(key).catch(() => undefined);
    await enterChurchForJob(db, job.churchId, ({ tx }) => markFailed(tx, job.churchId, job.exportId));
  }
}
