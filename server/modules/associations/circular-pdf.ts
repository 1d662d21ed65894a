import { Readable } from 'node:stream';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { MultipartFile } from '@fastify/multipart';
import {
  ASSOCIATION_INPUT_MESSAGES as IM, CIRCULAR_PDF_MAX_MB, publishCircularInput,
} from '../../../common/schemas/association-members.js';
import { GALLERY_MESSAGES } from '../../../common/media-limits.js';
import { AppError, badRequest, notFound, payloadTooLarge, serviceUnavailable, unsupportedMediaType } from '../../core/errors.js';
import { newMediaKey, type MediaStorage } from '../media-storage/index.js';
import type { RestFile } from '../../rest/meta.js';
import { ASSOCIATION_MESSAGES as M } from './messages.js';

/** A circular's PDF in storage: its key, the name the browser gave (shown and offered on download
 * only) and its size. */
export interface CircularPdf {
  key: string;
  name: string;
  bytes: number;
}

const PDF_MAX_BYTES = CIRCULAR_PDF_MAX_MB * 1024 * 1024;
/** Every PDF starts with its header `%PDF-` (the PDF standard); the name and the type the browser
 * sent prove nothing. */
const PDF_MAGIC = Buffer.from('%PDF-');
/** A circular's text is at most 20,000 characters: in Malayalam, up to three bytes each. */
const FIELD_MAX_BYTES = 64 * 1024;

/** The browser's file name, made safe to show and to offer: no folders, no control characters, at
 * most 120 characters, ending in .pdf. */
function pdfNameOf(fileName: string | undefined): string {
  // eslint-disable-next-line no-control-regex
  const base = (fileName ?? '').split(/[\\/]/).pop()!.replace(/[\u0000-\u001f\u007f"]/g, '').trim().slice(0, 120);
  if (!base) return 'circular.pdf';
  return /\.pdf$/i.test(base) ? base : `${base}.pdf`;
}

/** The publish form's fields as publishCircularInput reads them (an empty section_id: every member church). */
function circularFormInput(fields: Record<string, string>) {
  const { section_id: sectionId, ...rest } = fields;
  return publishCircularInput.parse({ ...rest, section_id: sectionId || null });
}

/** Streams the PDF into storage while checking it: `%PDF-` first (415 otherwise), at most
 * CIRCULAR_PDF_MAX_MB (413 at the first byte over). A refused or failed stream leaves no object. */
async function storePdf(part: MultipartFile, storage: MediaStorage, key: string): Promise<number> {
  const chunks = part.file[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  const head: Buffer[] = [];
  let headBytes = 0;
  while (headBytes < PDF_MAGIC.length) {
    const next = await chunks.next();
    if (next.done) break;
    head.push(next.value);
    headBytes += next.value.length;
  }
  const first = Buffer.concat(head);
  if (first.length === 0) throw badRequest(IM.pdfEmpty, { reason: 'circular_pdf_empty' });
  if (!first.subarray(0, PDF_MAGIC.length).equals(PDF_MAGIC)) throw notAPdf();
  let received = 0;
  const counted = (chunk: Buffer) => {
    received += chunk.length;
    if (received > PDF_MAX_BYTES) throw tooLarge();
    return chunk;
  };
  async function* whole() {
    yield counted(first);
    for (let next = await chunks.next(); !next.done; next = await chunks.next()) yield counted(next.value);
  }
  try {
    await storage.put(key, Readable.from(whole()), 'application/pdf');
  } catch (error) {
    // The form's own refusals (this file's, the parser's) that end the stream keep their answer.
    if (error instanceof AppError || String((error as { code?: unknown }).code).startsWith('FST_')) throw error;
    throw serviceUnavailable(GALLERY_MESSAGES.storageUnavailable, { reason: 'media_storage' });
  }
  return received;
}

const notAPdf = () => unsupportedMediaType(IM.pdfNotPdf, { reason: 'circular_pdf_type' });
const tooLarge = () => payloadTooLarge(IM.pdfTooLarge, { reason: 'circular_pdf_too_large' });

/** The parser's refusals in the circular's words; undefined for anything else. */
function parserRefusal(error: unknown): AppError | undefined {
  const code = (error as { code?: unknown }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return tooLarge();
  if (code === 'FST_FILES_LIMIT') return badRequest(IM.onePdf, { reason: 'circular_pdf_count' });
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT' || code === 'FST_PROTO_VIOLATION') return badRequest(IM.malformed);
  if (error instanceof Error && !(error instanceof AppError) && code === undefined && /multipart|boundary|part header/i.test(error.message)) {
    return badRequest(IM.malformed, { reason: 'malformed_multipart' });
  }
  return undefined;
}

/**
 * Reads the publish form (multipart: title, body, section_id and at most one file `pdf`) and
 * streams its PDF into the association's storage under a new key `<associationId>/<random>.pdf`.
 * Fields sent before the file are checked before a byte is stored. Throws with nothing left in
 * storage when the form or the file is refused; otherwise the caller owns the stored key.
 */
export async function receiveCircularForm(req: FastifyRequest, storage: MediaStorage, associationId: string, log: FastifyBaseLogger) {
  if (!req.isMultipart()) throw unsupportedMediaType(IM.notMultipart, { reason: 'not_multipart' });
  const fields: Record<string, string> = {};
  let pdf: CircularPdf | null = null;
  let stored: string | null = null;
  try {
    const parts = req.parts({ limits: { fileSize: PDF_MAX_BYTES + 1, files: 1, fields: 5, fieldSize: FIELD_MAX_BYTES, parts: 6 } });
    for await (const part of parts) {
      if (part.type === 'field') {
        if (typeof part.value === 'string' && !(part.fieldname in fields)) fields[part.fieldname] = part.value;
        continue;
      }
      if (part.fieldname !== 'pdf' || pdf) throw badRequest(IM.onePdf, { reason: 'circular_pdf_count' });
      // Both texts sent before the file: checked before a byte is stored (sent after it: checked at the end).
      if ('title' in fields && 'body' in fields) circularFormInput(fields);
      const key = newMediaKey(associationId, 'pdf');
      stored = key;
      pdf = { key, name: pdfNameOf(part.filename), bytes: await storePdf(part, storage, key) };
    }
    return { input: circularFormInput(fields), pdf };
  } catch (error) {
    if (stored) await storage.delete(stored).catch((err: unknown) => log.error({ err }, 'could not remove the PDF of a refused circular'));
    throw parserRefusal(error) ?? error;
  }
}

/** A circular's stored PDF as a download (404 when its object is missing from storage). The name is
 * the one it was attached with; one the header cannot carry (all non-Latin letters) becomes circular.pdf. */
export async function circularPdfFile(storage: MediaStorage, pdf: { key: string; name: string }): Promise<RestFile> {
  const stored = await storage.get(pdf.key);
  if (!stored) throw notFound(M.circularPdfNotFound);
  const readable = /[A-Za-z0-9]/.test(pdf.name.replace(/\.pdf$/i, ''));
  return { filename: readable ? pdf.name : 'circular.pdf', body: () => stored.stream };
}
