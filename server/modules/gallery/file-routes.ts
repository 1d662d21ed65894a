import type { FastifyReply, FastifyRequest } from 'fastify';
import { GALLERY_MESSAGES, mediaKindOf, seesMediaWithoutConsent, seesOriginals } from '../../../common/media-limits.js';
import { galleryUploadFields } from '../../../common/schemas/gallery.js';
import { isGuid } from '../../../common/school.js';
import type { Config } from '../../config.js';
import type { Database } from '../../db/index.js';
import { AppError, forbidden, notFound } from '../../core/errors.js';
import { enterChurchAsVisitor } from '../../doors/visitor.js';
import type { WorkQueue } from '../../core/work-queue.js';
import { answer, plainRoute, type PlainAnswer, type PlainRoute } from '../../rest/plain-route.js';
import { admitUnderLimit, type AttemptStore } from '../credentials/index.js';
import { RangeNotSatisfiableError, type ByteRange, type MediaStorage, type MediaUrlSigner } from '../media-storage/index.js';
import { assertWithinStorageQuota, storageLeft } from '../subscription/index.js';
import { findMediaByStoredName, hiddenByConsentOf } from './queries.js';
import { FILE_PATH, fileOperationDoc, UPLOAD_PATH, uploadOperationDoc } from './openapi.js';
import { assertStudentsOfChurch, saveUploadedMedia } from './service.js';
import { receiveUpload } from './upload.js';

/** What the file routes use of the server beside the church door: the limits and the collaborators. */
interface GalleryFileDeps {
  db: Database;
  config: Pick<Config, 'MEDIA_UPLOAD_WINDOW_MINUTES' | 'MEDIA_UPLOADS_PER_CHURCH'>;
  services: {
    attempts: AttemptStore;
    workQueue: WorkQueue;
    mediaStorage: MediaStorage;
    mediaUrls: MediaUrlSigner;
    /** Hears the bytes of each accepted upload. */
    metrics: { uploadStored(bytes: number): void };
  };
}

/** A stored name: 22 random base64url characters and an extension (the media-storage module makes them). */
const STORED_NAME = /^[A-Za-z0-9_-]{22}(?:\.[a-z0-9]{1,5})?$/;

/** `bytes=start-end` or `bytes=start-`; anything else (suffixes, several ranges) is served whole,
 * which HTTP allows. */
function rangeOf(header: string | undefined): ByteRange | undefined {
  const match = header && /^bytes=(\d{1,15})-(\d{0,15})$/.exec(header.trim());
  if (!match) return undefined;
  return { start: Number(match[1]), end: match[2] ? Number(match[2]) : undefined };
}

const asText = (value: unknown) => (typeof value === 'string' ? value : undefined);

/** A range past the file's end: 416, with the file's size in Content-Range. */
const rangeNotInFile = () => new AppError('RANGE_NOT_SATISFIABLE', 'The requested range is not in the file.', { reason: 'range_not_satisfiable' });

/**
 * The gallery's two routes that are not procedures, because their bodies are files:
 * POST /api/gallery/upload (multipart, streamed to storage) and GET /api/gallery/image/{filename}.
 * Both pass the church door (server/doors/church.ts) with the checks of a capability procedure
 * (manageMedia, viewMedia), or, for reading a file, come with a signed address the list handed out.
 */
export function galleryFileRoutes(deps: GalleryFileDeps): PlainRoute[] {
  const { services } = deps;
  const upload = plainRoute({
    method: 'POST',
    path: UPLOAD_PATH,
    door: { church: 'manageMedia' },
    body: 'multipart',
    // A video from a phone may take minutes to arrive: UPLOAD_TIMEOUT_SECONDS, not the usual limit.
    slowBody: true,
    openapi: uploadOperationDoc(),
    handler: async (req, reply, { enterChurch }) => {
      // Who may upload is checked before a byte is stored; the rows are written in a second, short
      // transaction after the files are in (no transaction stays open while a phone sends a video).
      // What the church may still store is looked up here and enforced while the files stream, then
      // checked again under the church row's lock where the rows are written (two uploads at once).
      const { churchId, left } = await enterChurch(async ({ tx, church }) => ({
        churchId: church.id, left: await storageLeft(tx, church),
      }));
      const { config } = deps;
      const received = await receiveUpload(req, services.mediaStorage, churchId, req.log, {
        // The children to tag are checked against the church's students here too, before any file
        // is stored, when their field comes first (the form sends it so); again where the rows are written.
        checkFields: async (fields) => {
          const { student_ids: studentIds } = galleryUploadFields.parse(fields);
          if (studentIds.length) await enterChurch(({ tx, church }) => assertStudentsOfChurch(tx, church.id, studentIds));
        },
        images: services.workQueue,
        storageLeft: left,
        // Every file counts, stored or refused: the limit guards the server's work as much as the space.
        admitFile: () => admitUnderLimit(services.attempts, `gallery:church:${churchId}`, {
          what: 'files uploaded', windowMs: config.MEDIA_UPLOAD_WINDOW_MINUTES * 60_000, max: config.MEDIA_UPLOADS_PER_CHURCH,
        }),
      }).catch((error: unknown) => {
        // The rest of the body is not read: the connection closes after the answer.
        void reply.header('connection', 'close');
        throw error;
      });
      try {
        const fields = galleryUploadFields.parse(received.fields);
        const bytes = received.files.reduce((sum, f) => sum + f.bytes + f.copiesBytes, 0);
        const saved = await enterChurch(async (tenant) => {
          if (tenant.church.id !== churchId) throw forbidden(GALLERY_MESSAGES.notFound);
          await assertWithinStorageQuota(tenant.tx, tenant.church, bytes);
          return saveUploadedMedia(tenant, services.mediaUrls, fields, received.files);
        });
        services.metrics.uploadStored(bytes);
        return answer.data(saved, 201);
      } catch (error) {
        await services.mediaStorage.deleteMany(received.storedKeys)
          .catch((err: unknown) => req.log.error({ err }, 'could not remove the files of a refused upload'));
        throw error;
      }
    },
  });

  const file = plainRoute({
    method: 'GET',
    path: FILE_PATH,
    door: { church: 'viewMedia', orSignedAddress: true },
    openapi: fileOperationDoc(),
    handler: async (req: FastifyRequest<{ Params: { filename: string }; Querystring: Record<string, unknown> }>, reply, { enterChurch }) => {
      const { filename } = req.params;
      if (!STORED_NAME.test(filename)) throw notFound(GALLERY_MESSAGES.notFound);
      const signature = asText(req.query.signature);
      let churchId: string;
      let downloadName: string | undefined;
      const consentRefusal = () => forbidden(GALLERY_MESSAGES.consentMissing, { reason: 'media_consent_missing' });
      if (signature !== undefined) {
        const church = asText(req.query.church) ?? '';
        const expires = Number(asText(req.query.expires));
        const audience = asText(req.query.a) ?? '';
        if (!isGuid(church) || !services.mediaUrls.verify({ churchId: church, fileName: filename, expires, audience, signature })) {
          throw forbidden(GALLERY_MESSAGES.linkExpired, { reason: 'media_link_invalid' });
        }
        churchId = church;
        if (audience === 'g') {
          // A guest's address is good only while photo consent does not hide the item: one indexed
          // read per fetch, so a withdrawal stops addresses handed out before it. The browser must
          // ask each time (no-cache), but a file it holds costs no bytes: stored names never change
          // content, so the name is the file's ETag.
          const hidden = await enterChurchAsVisitor(deps.db, church, (visit) => hiddenByConsentOf(visit.tx, visit.church.id, filename));
          if (hidden === undefined) throw notFound(GALLERY_MESSAGES.notFound);
          if (hidden) throw consentRefusal();
          const etag = `"${filename}"`;
          void reply.header('cache-control', 'private, no-cache').header('etag', etag);
          if (req.headers['if-none-match']?.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)) {
            return answer.empty(304);
          }
        } else {
          const seconds = Math.max(0, Math.min(expires - Math.floor(Date.now() / 1000), 3600));
          void reply.header('cache-control', `private, max-age=${seconds}`);
        }
      } else {
        // A REST client with its session: the file must belong to one of its church's items, and
        // one not hidden from the caller by photo consent.
        const found = await enterChurch(async ({ tx, user, church }) => {
          const item = await findMediaByStoredName(tx, church.id, filename);
          // A photo's original is not for a guest, who is only ever given its web copy.
          if (!item || (item.filePath === filename && item.webPath && !seesOriginals(user.role))) return undefined;
          return { row: item, refused: item.hidden && !seesMediaWithoutConsent(user.role) };
        });
        if (!found) throw notFound(GALLERY_MESSAGES.notFound);
        if (found.refused) throw consentRefusal();
        const { row } = found;
        churchId = row.churchId;
        if (row.filePath === filename) downloadName = row.fileName;
        void reply.header('cache-control', 'private, no-store');
      }
      return storedFile(reply, services.mediaStorage, `${churchId}/${filename}`, rangeOf(req.headers.range), downloadName);
    },
  });
  return [upload, file];
}

/** A stored file (or the range of it asked for), its headers set on the reply. */
async function storedFile(reply: FastifyReply, storage: MediaStorage, key: string, range: ByteRange | undefined, downloadName?: string): Promise<PlainAnswer> {
  let stored;
  try {
    stored = await storage.get(key, range);
  } catch (error) {
    if (!(error instanceof RangeNotSatisfiableError)) throw error;
    void reply.header('content-range', `bytes */${error.size}`);
    throw rangeNotInFile();
  }
  if (!stored) throw notFound(GALLERY_MESSAGES.notFound);
  const { start, end } = stored.range;
  // Photos are shown in the page; anything else (a PDF, a video opened directly) is a download, so
  // a file can never run as a page of this site. nosniff comes with every answer (helmet).
  const inline = mediaKindOf(stored.contentType) === 'image';
  const safeName = downloadName?.replace(/[^\w. -]/g, '_');
  void reply
    .header('accept-ranges', 'bytes')
    .header('content-length', String(stored.size === 0 ? 0 : end - start + 1))
    .header('content-disposition', inline ? 'inline' : `attachment${safeName ? `; filename="${safeName}"` : ''}`);
  if (!range) return answer.body(stored.contentType, stored.stream);
  void reply.header('content-range', `bytes ${start}-${end}/${stored.size}`);
  return answer.body(stored.contentType, stored.stream, 206);
}
