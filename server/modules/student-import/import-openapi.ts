import { IMPORT_MAX_BYTES, IMPORT_MAX_COLUMNS, IMPORT_MAX_ROWS } from '../../../common/student-import.js';
import { errorAnswerDoc, successAnswerDoc } from '../../rest/openapi.js';
import type { PlainOperationDoc } from '../../rest/plain-route.js';

export const IMPORT_PREVIEW_PATH = '/api/students/import/preview';
export const IMPORT_TEMPLATE_PATH = '/api/students/import/template';

/** The preview's entry of the OpenAPI document (import-routes.ts declares the route). */
export function previewOperationDoc(): PlainOperationDoc {
  return {
    operationId: 'students.importPreview',
    summary: 'Preview a spreadsheet of students before importing it (whoever may add students to the class)',
    description: `A multipart/form-data body: class_id, an optional mapping and the file (CSV in UTF-8 or UTF-16 with a BOM, or XLSX; `
      + `at most ${IMPORT_MAX_BYTES / 1024 / 1024} MB, ${IMPORT_MAX_ROWS} rows and ${IMPORT_MAX_COLUMNS} columns; no macros; send class_id `
      + 'before the file: the class is checked before the file is read). Each row is marked new, duplicate '
      + '(same name and date of birth in the class or earlier in the file) or invalid with the reason. Dates: YYYY-MM-DD, '
      + 'DD/MM/YYYY, DD-MM-YYYY or an Excel date cell. Phones are stored in E.164 (+91 when no country code). Nothing is written: send the new rows to POST /api/students/import.',
    tag: 'students',
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
                description: 'JSON: for each field (name, date_of_birth, parent_phone, parent_email, roll_number, guardian_name, '
                  + 'guardian_relation, guardian_phone, guardian_whatsapp, guardian_consent) the index of its column or null; left out, '
                  + 'it is the church\'s last import\'s columns where the headers match, else guessed from the header row',
              },
              header_row: {
                type: 'string',
                description: 'The line of the header row (one of the first rows with values); left out, it is the first row where two '
                  + 'or more cells name fields (a title row above it is skipped), else the first row with a value',
              },
              file: { type: 'string', format: 'binary', contentMediaType: 'application/octet-stream' },
            },
            required: ['class_id', 'file'],
          },
        },
      },
    },
    responses: {
      200: successAnswerDoc('header_line, top_lines (the first rows, for choosing the header row), columns, mapping, remembered (the '
        + 'church\'s last import\'s columns were used), rows (line, values as written, status, reason, errors: every reason of the row), '
        + 'counts and can_add (null: no plan limit)',
        { type: 'object', properties: { rows: { type: 'array', items: { type: 'object' } } } }),
      413: errorAnswerDoc('The file is too large, has too many rows or columns, or unpacks to too much (a workbook)'),
      429: errorAnswerDoc('The church has previewed too many files in the window, or another of its files is being read (Retry-After)'),
      503: errorAnswerDoc('The server is busy reading other files: try again'),
      415: errorAnswerDoc('Not a CSV or XLSX file, not UTF-8/UTF-16 text, or a workbook with macros'),
    },
  };
}

/** The template's entry of the OpenAPI document (import-routes.ts declares the route). */
export function templateOperationDoc(): PlainOperationDoc {
  return {
    operationId: 'students.importTemplate',
    summary: 'The import template: the header row and one example row',
    description: 'Names no church: no session needed.',
    tag: 'students',
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
  };
}
