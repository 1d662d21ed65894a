import type { FastifyRequest } from 'fastify';
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { IMPORT_MAX_BYTES, IMPORT_MESSAGES, IMPORT_TEMPLATE_EXAMPLE, IMPORT_TEMPLATE_HEADERS, importMappingSchema } from '../../../common/student-import.js';
import { STUDENT_MESSAGES } from '../../../common/schemas/students.js';
import { isGuid } from '../../../common/school.js';
import type { Config } from '../../config.js';
import { AppError, badRequest, payloadTooLarge, serviceUnavailable, tooManyRequests } from '../../core/errors.js';
import type { WorkQueue } from '../../core/work-queue.js';
import { admitUnderLimit, type AttemptStore } from '../credentials/index.js';
import { findAccessibleClass } from '../classes/index.js';
import { answer, plainRoute, type PlainRoute } from '../../rest/plain-route.js';
import { readSpreadsheet } from './import-file.js';
import { IMPORT_PREVIEW_PATH, IMPORT_TEMPLATE_PATH, previewOperationDoc, templateOperationDoc } from './import-openapi.js';
import { previewImport } from './import-service.js';

interface Received { file?: { name: string; data: Buffer }; fields: Record<string, string> }

/** The form: one file of at most IMPORT_MAX_BYTES and a few short text fields; anything more is
 * refused. `beforeFile` checks the fields sent before the file, before a byte of it is read. */
async function receiveForm(req: FastifyRequest, beforeFile: (fields: Record<string, string>) => Promise<void>): Promise<Received> {
  const received: Received = { fields: {} };
  try {
    for await (const part of req.parts({ limits: { fileSize: IMPORT_MAX_BYTES, files: 1, fields: 5, fieldSize: 4096, parts: 6 } })) {
      if (part.type === 'file') {
        await beforeFile(received.fields);
        received.file = { name: part.filename, data: await part.toBuffer() };
      } else if (typeof part.value === 'string') received.fields[part.fieldname] = part.value;
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: unknown }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw payloadTooLarge(IMPORT_MESSAGES.tooLarge, { reason: 'import_too_large' });
    if (typeof code === 'string' && code.startsWith('FST_')) throw badRequest(IMPORT_MESSAGES.malformed, { reason: 'import_malformed' });
    if (error instanceof Error && /multipart|boundary|part header/i.test(error.message)) {
      throw badRequest(IMPORT_MESSAGES.malformed, { reason: 'import_malformed' });
    }
    throw error;
  }
  return received;
}

/** The class of the form, checked as a class id (the access rule is the caller's). */
function classIdOf(fields: Record<string, string>): string {
  const classId = (fields.class_id ?? '').trim();
  if (!classId) throw badRequest(STUDENT_MESSAGES.classRequired);
  if (!isGuid(classId)) throw badRequest(STUDENT_MESSAGES.classInvalid);
  return classId;
}

/** The work queue's refusals of a spreadsheet: the line full (503) or the church's share taken (429). */
const IMPORT_REFUSALS = {
  busy: () => serviceUnavailable(IMPORT_MESSAGES.busy, { reason: 'import_busy' }),
  churchBusy: () => tooManyRequests(IMPORT_MESSAGES.churchBusy, { reason: 'import_church_busy', retryAfterSeconds: 10 }),
};

/** The header row the user named (its line in the file), or undefined: found by the preview. */
function headerLineOf(text: string | undefined): number | undefined {
  if (text === undefined || text.trim() === '') return undefined;
  if (!/^\d{1,7}$/.test(text.trim())) throw badRequest(IMPORT_MESSAGES.headerRowInvalid, { reason: 'import_header_row' });
  return Number(text.trim());
}

function mappingOf(text: string | undefined) {
  if (text === undefined || text.trim() === '') return undefined;
  let json: unknown;
  try { json = JSON.parse(text); } catch { throw badRequest(IMPORT_MESSAGES.mappingInvalid, { reason: 'import_mapping' }); }
  const parsed = importMappingSchema.safeParse(json);
  if (!parsed.success) throw badRequest(IMPORT_MESSAGES.mappingInvalid, { reason: 'import_mapping' });
  return parsed.data;
}

/** The template: the header row and one example row, as XLSX or CSV (UTF-8 with a BOM, which Excel
 * needs to read non-Latin names). Names no church: public. */
async function templateFile(format: 'xlsx' | 'csv'): Promise<Buffer> {
  if (format === 'csv') return Buffer.from(`\uFEFF${Papa.unparse([IMPORT_TEMPLATE_HEADERS, IMPORT_TEMPLATE_EXAMPLE])}\r\n`, 'utf8');
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Students');
  sheet.addRow(IMPORT_TEMPLATE_HEADERS).font = { bold: true };
  sheet.addRow(IMPORT_TEMPLATE_EXAMPLE);
  sheet.columns.forEach((column) => { column.width = 22; });
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** What the import's routes use of the server beside the church door: the limits and the work queue. */
interface StudentImportDeps {
  config: Pick<Config, 'IMPORT_PREVIEWS_PER_CHURCH' | 'IMPORT_WINDOW_MINUTES'>;
  services: { attempts: AttemptStore; workQueue: WorkQueue };
}

/**
 * The import's routes that are not procedures: the preview, whose body is a file (multipart, parsed
 * only for this route), and the template download. The preview enters the church door with the same
 * checks as students.create (manageStudents, then the class access rule) and counts against the
 * church's previews (IMPORT_PREVIEWS_PER_CHURCH, then 429) before a byte of the file is read; the
 * class is checked again before the file is parsed (when the form sent it after the file). The file
 * is parsed in the server's work queue (one church's share at a time), outside any transaction, and
 * nothing is written.
 */
export function studentImportRoutes(deps: StudentImportDeps): PlainRoute[] {
  const preview = plainRoute({
    method: 'POST',
    path: IMPORT_PREVIEW_PATH,
    door: { church: 'manageStudents' },
    body: 'multipart',
    openapi: previewOperationDoc(),
    handler: async (req, reply, { enterChurch }) => {
      const { config, services } = deps;
      let checkedClass: string | undefined;
      const checkClass = async (classId: string) => {
        if (checkedClass === classId) return;
        await enterChurch(({ tx, user, church }) => findAccessibleClass(tx, church.id, user, classId));
        checkedClass = classId;
      };
      // Who may import, and how many previews the church has left, are checked before the file is
      // read; the class too when the form sends it first (as the client does).
      const { file, fields, churchId } = await (async () => {
        const id = await enterChurch(async ({ church }) => church.id);
        await admitUnderLimit(services.attempts, `import:church:${id}`, {
          what: 'spreadsheet previews', windowMs: config.IMPORT_WINDOW_MINUTES * 60_000, max: config.IMPORT_PREVIEWS_PER_CHURCH,
        });
        const form = await receiveForm(req, async (sent) => {
          if (sent.class_id !== undefined) await checkClass(classIdOf(sent));
          mappingOf(sent.mapping);
          headerLineOf(sent.header_row);
        });
        return { ...form, churchId: id };
      })().catch((error: unknown) => {
        void reply.header('connection', 'close'); // the file is not read: the connection closes after the answer
        throw error;
      });
      const classId = classIdOf(fields);
      const mapping = mappingOf(fields.mapping);
      const headerLine = headerLineOf(fields.header_row);
      if (!file || file.data.length === 0) throw badRequest(IMPORT_MESSAGES.noFile, { reason: 'import_no_file' });
      await checkClass(classId);
      const table = await services.workQueue.run(churchId, () => readSpreadsheet(file.data, file.name), IMPORT_REFUSALS);
      return answer.data(await enterChurch((tenant) => previewImport(tenant, classId, table, mapping, headerLine)));
    },
  });

  const template = plainRoute({
    method: 'GET',
    path: IMPORT_TEMPLATE_PATH,
    door: 'public',
    openapi: templateOperationDoc(),
    handler: async (req: FastifyRequest<{ Querystring: { format?: string } }>, reply) => {
      const format = req.query.format === 'csv' ? 'csv' : 'xlsx';
      void reply.header('content-disposition', `attachment; filename="students-template.${format}"`);
      return answer.body(format === 'csv' ? 'text/csv; charset=utf-8' : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        await templateFile(format));
    },
  });
  return [preview, template];
}
