import type { FastifyInstance, FastifyRequest } from 'fastify';
import fastifyMultipart from '@fastify/multipart';
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import {
  IMPORT_MAX_BYTES, IMPORT_MAX_COLUMNS, IMPORT_MAX_ROWS, IMPORT_MESSAGES, IMPORT_TEMPLATE_EXAMPLE, IMPORT_TEMPLATE_HEADERS, importMappingSchema,
} from '../../../common/student-import.js';
import { STUDENT_MESSAGES } from '../../../common/schemas/students.js';
import { isGuid } from '../../../common/school.js';
import type { Config } from '../../config.js';
import { enterChurchAs, type ChurchDoorRequest } from '../../core/church-door.js';
import { AppError, badRequest, payloadTooLarge, serviceUnavailable, tooManyRequests } from '../../core/errors.js';
import { credentialsOf } from '../../core/request.js';
import type { WorkQueue } from '../../core/work-queue.js';
import { admitUnderLimit, type AttemptStore } from '../credentials/index.js';
import { findAccessibleClass } from '../classes/index.js';
import { successBody } from '../../rest/envelope.js';
import { errorAnswerDoc, successAnswerDoc, type OpenApiPaths } from '../../rest/openapi.js';
import { readSpreadsheet } from './import-file.js';
import { previewImport } from './import-service.js';

const IMPORT_PREVIEW_PATH = '/api/students/import/preview';
const IMPORT_TEMPLATE_PATH = '/api/students/import/template';

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

/** What the import's routes use of the server: the church door's needs, the limits and the work queue. */
interface StudentImportDeps extends Omit<ChurchDoorRequest, 'log' | 'token' | 'churchCode' | 'config' | 'services'> {
  config: ChurchDoorRequest['config'] & Pick<Config, 'IMPORT_PREVIEWS_PER_CHURCH' | 'IMPORT_WINDOW_MINUTES'>;
  services: ChurchDoorRequest['services'] & { attempts: AttemptStore; workQueue: WorkQueue };
}

/**
 * The import's routes that are not procedures: the preview, whose body is a file (multipart, parsed
 * only in this scope), and the template download. The preview passes the church door with the same
 * checks as students.create (manageStudents, then the class access rule) and counts against the
 * church's previews (IMPORT_PREVIEWS_PER_CHURCH, then 429) before a byte of the file is read; the
 * class is checked again before the file is parsed (when the form sent it after the file). The file
 * is parsed in the server's work queue (one church's share at a time), outside any transaction, and
 * nothing is written.
 */
export function registerStudentImportRoutes(app: FastifyInstance, deps: StudentImportDeps) {
  const doorOf = (req: FastifyRequest): ChurchDoorRequest => ({ ...deps, log: req.log, ...credentialsOf(req) });
  void app.register(async (scope) => {
    await scope.register(fastifyMultipart, { throwFileSizeLimit: true });

    scope.post(IMPORT_PREVIEW_PATH, async (req, reply) => {
      const door = doorOf(req);
      const { config, services } = deps;
      let checkedClass: string | undefined;
      const checkClass = async (classId: string) => {
        if (checkedClass === classId) return;
        await enterChurchAs(door, 'manageStudents', ({ tx, user }) => findAccessibleClass(tx, user, classId));
        checkedClass = classId;
      };
      // Who may import, and how many previews the church has left, are checked before the file is
      // read; the class too when the form sends it first (as the client does).
      const { file, fields, churchId } = await (async () => {
        const id = await enterChurchAs(door, 'manageStudents', async ({ church }) => church.id);
        await admitUnderLimit(services.attempts, `import:church:${id}`, {
          what: 'spreadsheet previews', windowMs: config.IMPORT_WINDOW_MINUTES * 60_000, max: config.IMPORT_PREVIEWS_PER_CHURCH,
        });
        const form = await receiveForm(req, async (sent) => {
          if (sent.class_id !== undefined) await checkClass(classIdOf(sent));
          mappingOf(sent.mapping);
        });
        return { ...form, churchId: id };
      })().catch((error: unknown) => {
        void reply.header('connection', 'close'); // the file is not read: the connection closes after the answer
        throw error;
      });
      const classId = classIdOf(fields);
      const mapping = mappingOf(fields.mapping);
      if (!file || file.data.length === 0) throw badRequest(IMPORT_MESSAGES.noFile, { reason: 'import_no_file' });
      await checkClass(classId);
      const table = await services.workQueue.run(churchId, () => readSpreadsheet(file.data, file.name), IMPORT_REFUSALS);
      const preview = await enterChurchAs(door, 'manageStudents', (tenant) => previewImport(tenant, classId, table, mapping));
      return reply.send(successBody(preview));
    });
  });

  app.get<{ Querystring: { format?: string } }>(IMPORT_TEMPLATE_PATH, async (req, reply) => {
    const format = req.query.format === 'csv' ? 'csv' : 'xlsx';
    const body = await templateFile(format);
    return reply
      .type(format === 'csv' ? 'text/csv; charset=utf-8' : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
      .header('content-disposition', `attachment; filename="students-template.${format}"`)
      .send(body);
  });
}

const churchSession = { bearer: [], churchCode: [] };

/** The OpenAPI description of the two routes above. */
export function studentImportRoutesDoc(): OpenApiPaths {
  return {
    [IMPORT_PREVIEW_PATH]: {
      post: {
        operationId: 'students.importPreview',
        summary: 'Preview a spreadsheet of students before importing it (whoever may add students to the class)',
        description: `A multipart/form-data body: class_id, an optional mapping and the file (CSV in UTF-8 or UTF-16 with a BOM, or XLSX; `
          + `at most ${IMPORT_MAX_BYTES / 1024 / 1024} MB, ${IMPORT_MAX_ROWS} rows and ${IMPORT_MAX_COLUMNS} columns; no macros; send class_id `
          + 'before the file: the class is checked before the file is read). Each row is marked new, duplicate '
          + '(same name and date of birth in the class or earlier in the file) or invalid with the reason. Dates: YYYY-MM-DD, '
          + 'DD/MM/YYYY, DD-MM-YYYY or an Excel date cell. Nothing is written: send the new rows to POST /api/students/import.',
        tags: ['students'],
        security: [churchSession],
        parameters: [],
        requestBody: {
          required: true,
          content: {
            'multipart/form-data': {
              schema: {
                type: 'object',
                properties: {
                  class_id: { type: 'string', format: 'uuid' },
                  mapping: {
                    type: 'string',
                    description: 'JSON: for each field (name, date_of_birth, parent_phone, parent_email, roll_number) the index of its '
                      + 'column or null; left out, it is guessed from the header row',
                  },
                  file: { type: 'string', format: 'binary', contentMediaType: 'application/octet-stream' },
                },
                required: ['class_id', 'file'],
              },
            },
          },
        },
        responses: {
          200: successAnswerDoc('columns, mapping, rows (line, values, status, reason), counts and can_add (null: no plan limit)',
            { type: 'object', properties: { rows: { type: 'array', items: { type: 'object' } } } }),
          413: errorAnswerDoc('The file is too large, has too many rows or columns, or unpacks to too much (a workbook)'),
          429: errorAnswerDoc('The church has previewed too many files in the window, or another of its files is being read (Retry-After)'),
          503: errorAnswerDoc('The server is busy reading other files: try again'),
          415: errorAnswerDoc('Not a CSV or XLSX file, not UTF-8/UTF-16 text, or a workbook with macros'),
          '4XX': errorAnswerDoc('Error envelope'),
        },
      },
    },
    [IMPORT_TEMPLATE_PATH]: {
      get: {
        operationId: 'students.importTemplate',
        summary: 'The import template: the header row and one example row',
        description: 'Names no church: no session needed.',
        tags: ['students'],
        security: [{}],
        parameters: [{ name: 'format', in: 'query', required: false, schema: { type: 'string', enum: ['xlsx', 'csv'] }, description: 'xlsx (default) or csv' }],
        responses: {
          200: {
            description: 'The template file',
            content: {
              'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': { schema: { type: 'string', format: 'binary' } },
              'text/csv': { schema: { type: 'string' } },
            },
          },
        },
      },
    },
  };
}
