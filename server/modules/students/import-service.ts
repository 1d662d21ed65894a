import type { z } from 'zod';
import { CLASS_MESSAGES } from '../../../common/class-messages.js';
import { STUDENT_MESSAGES } from '../../../common/schemas/students.js';
import {
  guessMapping, IMPORT_FIELDS, IMPORT_MAX_ROLL_NUMBER, IMPORT_MESSAGES, importStudentSchema, normalizeDate, REQUIRED_IMPORT_FIELDS,
  type ImportField, type ImportMapping, type ImportRow, type ImportStatus, type studentImportInput,
} from '../../../common/student-import.js';
import type { TenantScope } from '../../core/scopes.js';
import { badRequest, conflict, notFound } from '../../core/errors.js';
import { auditChurchChange } from '../audit/index.js';
import { churchToday } from '../../../common/dates.js';
import { findAccessibleClass, lockClass } from '../classes/index.js';
import { planRoom } from '../subscription/index.js';
import { insertStudents, selectClassStudentKeys } from './queries.js';
import type { SheetTable } from './import-file.js';

/** A row's values as the preview shows them and the import takes them back. */
interface ImportValues {
  name: string; date_of_birth: string; parent_phone: string; parent_email: string | null; roll_number: string | null;
}
export interface JudgedRow { line: number; values: ImportValues; status: ImportStatus; reason?: string }

interface ClassFacts { names: Set<string>; rolls: Set<number>; maxRoll: number }

/** Two students are the same child when their names (composed, any case, spaces collapsed) and
 * dates of birth are equal. */
const sameChildKey = (name: string, dateOfBirth: string) => `${name.normalize('NFC').toLocaleLowerCase('und').replace(/\s+/g, ' ').trim()}|${dateOfBirth}`;

async function classFacts(scope: TenantScope, classId: string): Promise<ClassFacts> {
  const rows = await selectClassStudentKeys(scope.tx, scope.church.id, classId);
  return {
    names: new Set(rows.map((r) => sameChildKey(r.name, r.dateOfBirth))),
    rolls: new Set(rows.map((r) => r.rollNumber)),
    maxRoll: rows.reduce((max, r) => Math.max(max, r.rollNumber), 0),
  };
}

const text = (value: string | null | undefined) => (value ?? '').trim();

/**
 * Marks each row new, duplicate or invalid, with the reason. Valid exactly when the student form would
 * accept it (its schema, and the date of birth not after the church's today); a roll number, when
 * given, must be free in the class and in the file. Duplicate: the same child already in the class, or
 * on an earlier line of the file.
 */
function judgeRows(rows: Array<{ line: number; row: ImportRow }>, facts: ClassFacts, today: string, missing?: string): JudgedRow[] {
  const seenChild = new Map<string, number>();
  const seenRoll = new Map<number, number>();
  return rows.map(({ line, row }) => {
    const raw: ImportValues = {
      name: text(row.name).normalize('NFC'),
      date_of_birth: normalizeDate(text(row.date_of_birth)),
      parent_phone: text(row.parent_phone),
      parent_email: text(row.parent_email) || null,
      roll_number: text(row.roll_number) || null,
    };
    const invalid = (reason: string): JudgedRow => ({ line, values: raw, status: 'invalid', reason });
    if (missing) return invalid(missing);
    const parsed = importStudentSchema.safeParse(raw);
    if (!parsed.success) return invalid(parsed.error.issues[0]?.message ?? IMPORT_MESSAGES.malformed);
    const values: ImportValues = { ...raw, ...parsed.data, parent_email: parsed.data.parent_email ?? null };
    if (values.date_of_birth > today) return invalid(STUDENT_MESSAGES.dateOfBirthFuture);
    let roll: number | undefined;
    if (values.roll_number !== null) {
      roll = /^\d{1,6}$/.test(values.roll_number) ? Number(values.roll_number) : NaN;
      if (!(roll >= 1 && roll <= IMPORT_MAX_ROLL_NUMBER)) return invalid(IMPORT_MESSAGES.rollNumberInvalid);
      values.roll_number = String(roll);
    }
    const key = sameChildKey(values.name, values.date_of_birth);
    if (facts.names.has(key)) return { line, values, status: 'duplicate', reason: IMPORT_MESSAGES.duplicateInClass };
    const earlier = seenChild.get(key);
    if (earlier !== undefined) return { line, values, status: 'duplicate', reason: IMPORT_MESSAGES.duplicateInFile(earlier) };
    seenChild.set(key, line);
    if (roll !== undefined) {
      if (facts.rolls.has(roll)) return invalid(IMPORT_MESSAGES.rollNumberTaken(roll));
      const other = seenRoll.get(roll);
      if (other !== undefined) return invalid(IMPORT_MESSAGES.rollNumberTwice(other));
      seenRoll.set(roll, line);
    }
    return { line, values, status: 'new' };
  });
}

const countsOf = (rows: JudgedRow[]) => ({
  new: rows.filter((r) => r.status === 'new').length,
  duplicate: rows.filter((r) => r.status === 'duplicate').length,
  invalid: rows.filter((r) => r.status === 'invalid').length,
});

/** The mapping as asked (each column index within the header row), or guessed from the headers. */
function mappingFor(table: SheetTable, asked: Partial<Record<ImportField, number | null>> | undefined): ImportMapping {
  if (!asked) return guessMapping(table.headers);
  const mapping = Object.fromEntries(IMPORT_FIELDS.map((f) => [f, asked[f] ?? null])) as ImportMapping;
  const columns = Object.values(mapping).filter((c): c is number => c !== null);
  if (columns.some((c) => c >= table.headers.length) || new Set(columns).size !== columns.length) {
    throw badRequest(IMPORT_MESSAGES.mappingInvalid, { reason: 'import_mapping' });
  }
  return mapping;
}

/**
 * POST /api/students/import/preview: the file's rows judged against the class, and how many students
 * the plan still allows (null: no limit). Reads only; nothing is written before the import.
 */
export async function previewImport(
  scope: TenantScope, classId: string, table: SheetTable, askedMapping?: Partial<Record<ImportField, number | null>>,
) {
  const cls = await findAccessibleClass(scope.tx, scope.church.id, scope.user, classId);
  const mapping = mappingFor(table, askedMapping);
  const unmapped = REQUIRED_IMPORT_FIELDS.filter((f) => mapping[f] === null);
  const missing = unmapped.length ? IMPORT_MESSAGES.mappingMissing(unmapped.join(', ')) : undefined;
  const [facts, room] = await Promise.all([classFacts(scope, cls.id), planRoom(scope.tx, scope.church, 'students', { lock: false })]);
  const rows = judgeRows(table.rows.map(({ line, cells }) => ({
    line,
    row: Object.fromEntries(IMPORT_FIELDS.map((f) => [f, mapping[f] === null ? '' : (cells[mapping[f]] ?? '')])),
  })), facts, churchToday(scope.church), missing);
  return { columns: table.headers, mapping, rows, counts: countsOf(rows), can_add: room.left };
}

/**
 * POST /api/students/import: the rows the preview marked new, judged again here (the preview is
 * never trusted): all are inserted in this one transaction, or none (400 naming each refused line).
 * The church row is locked for the plan limit (as every student creation does), then the class row
 * (as every roll-number assignment does), and only then are duplicates and roll numbers checked, so
 * two imports at once cannot add the same child twice or take the same number. Rows without a roll
 * number take the next ones of the class, in the file's order, after any given in the file.
 */
export async function importStudents(scope: TenantScope, input: z.output<typeof studentImportInput>) {
  const { tx, user, church } = scope;
  const cls = await findAccessibleClass(tx, church.id, user, input.class_id);
  if (!input.rows.length) throw badRequest(IMPORT_MESSAGES.noRows, { reason: 'import_no_rows' });
  const room = await planRoom(tx, church, 'students', { lock: true });
  if (room.left !== null && input.rows.length > room.left) {
    throw conflict(IMPORT_MESSAGES.planLimit(room.left, input.rows.length), { reason: 'plan_limit', values: { ...room.values, left: room.left } });
  }
  const locked = await lockClass(tx, church.id, cls.id, 'no key update');
  if (!locked) throw notFound(CLASS_MESSAGES.notFound);
  const facts = await classFacts(scope, cls.id);
  const judged = judgeRows(input.rows.map((row, i) => ({ line: row.line ?? i + 1, row })), facts, churchToday(church));
  const refused = judged.filter((r) => r.status !== 'new');
  if (refused.length) {
    const reasons = refused.slice(0, 5).map((r) => `Line ${r.line}: ${r.reason}`).join(' ');
    throw badRequest(IMPORT_MESSAGES.rowsRefused(refused.length, `${reasons}${refused.length > 5 ? ' …' : ''}`), { reason: 'import_rows_refused' });
  }
  let next = Math.max(facts.maxRoll, ...judged.map((r) => Number(r.values.roll_number ?? 0))) + 1;
  await insertStudents(tx, judged.map(({ values }) => ({
    values: {
      churchId: church.id, classId: cls.id, academicYear: locked.academicYear, name: values.name, dateOfBirth: values.date_of_birth,
      rollNumber: values.roll_number === null ? next++ : Number(values.roll_number),
    },
    contact: { parentPhone: values.parent_phone, parentEmail: values.parent_email },
  })));
  // The count and the class only: never the children's names.
  await auditChurchChange(tx, {
    user, action: 'students.import', resourceType: 'class', resourceId: cls.id, details: { count: judged.length },
    description: `Imported ${judged.length} students into a class`,
  });
  return { imported: judged.length, message: IMPORT_MESSAGES.imported(judged.length) };
}
