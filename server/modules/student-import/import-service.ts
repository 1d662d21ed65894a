import type { z } from 'zod';
import { CLASS_MESSAGES } from '../../../common/class-messages.js';
import { STUDENT_MESSAGES } from '../../../common/schemas/students.js';
import {
  GUARDIAN_IMPORT_FIELDS, guessMapping, IMPORT_FIELDS, IMPORT_HEADER_SEARCH_LINES, IMPORT_MAX_ROLL_NUMBER, IMPORT_MESSAGES, importStudentSchema,
  isHeaderRow, normalizeDate, relationOf, rememberedHeaderKey, REQUIRED_IMPORT_FIELDS, yesNo,
  type ImportField, type ImportMapping, type ImportRow, type ImportStatus, type studentImportInput,
} from '../../../common/student-import.js';
import { DEFAULT_GUARDIAN_NAME, GUARDIAN_MESSAGES, guardianListInput, type GuardianInput } from '../../../common/schemas/guardians.js';
import { toE164 } from '../../../common/phone.js';
import { setImportedGuardians } from '../guardians/index.js';
import type { TenantScope } from '../../core/scopes.js';
import { badRequest, conflict, notFound } from '../../core/errors.js';
import { auditChurchChange } from '../audit/index.js';
import { churchToday } from '../../../common/dates.js';
import { findAccessibleClass, lockClass } from '../classes/index.js';
import { planRoom } from '../subscription/index.js';
import { insertStudents, saveImportMapping, selectClassStudentKeys, selectImportMapping } from '../students/index.js';
import type { SheetTable } from './import-file.js';

/** A row's values as the preview shows them (as written, trimmed) and the import takes them back. */
type ImportValues = Record<Exclude<ImportField, 'name' | 'date_of_birth' | 'parent_phone'>, string | null>
  & { name: string; date_of_birth: string; parent_phone: string };
/** What a new row writes: the student's values as the form's schema gives them (the phone in E.164),
 * and the child's guardians when the file has guardian columns. */
interface CleanRow { name: string; date_of_birth: string; parent_phone: string; parent_email: string | null; roll: number | null; guardians: GuardianInput[] | null }
export interface JudgedRow { line: number; values: ImportValues; status: ImportStatus; reason?: string; errors: string[]; clean?: CleanRow }

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
const orNull = (value: string | null | undefined) => text(value) || null;

/** The messages of a failed parse, each once; an impossible or unreadable date is named as written
 * ('31/02/2019 is not a date.'). */
function issuesOf(error: z.ZodError, writtenDate: string): string[] {
  return error.issues.map((issue) => (issue.path[0] === 'date_of_birth' && issue.message === STUDENT_MESSAGES.dateOfBirthInvalid
    ? IMPORT_MESSAGES.notADate(writtenDate) : issue.message));
}

/**
 * The guardian columns of a row as the guardians list takes them (checked by its own schema), or
 * null when the row has none. The guardian is the primary one (with the parent phone and email) when
 * their phone is the parent phone or not given; another phone makes them the second guardian, after
 * the parent. WhatsApp is yes/no (on the guardian's phone) or the number that has it.
 */
function guardiansOf(values: ImportValues, parentPhone: string | undefined, parentEmail: string | null, errors: string[]): GuardianInput[] | null {
  if (GUARDIAN_IMPORT_FIELDS.every((f) => values[f] === null)) return null;
  const before = errors.length;
  const relation = values.guardian_relation === null ? undefined : relationOf(values.guardian_relation);
  if (values.guardian_relation !== null && !relation) errors.push(GUARDIAN_MESSAGES.relationInvalid);
  const phone = values.guardian_phone === null ? parentPhone : toE164(values.guardian_phone);
  if (values.guardian_phone !== null && !phone) errors.push(GUARDIAN_MESSAGES.phoneInvalid);
  const consent = values.guardian_consent === null ? null : yesNo(values.guardian_consent);
  if (consent === undefined) errors.push(IMPORT_MESSAGES.yesNoInvalid(values.guardian_consent!));
  let whatsappOn: string | null = null;
  if (values.guardian_whatsapp !== null) {
    const answer = yesNo(values.guardian_whatsapp);
    whatsappOn = answer === true ? phone ?? null : answer === false ? null : toE164(values.guardian_whatsapp) ?? null;
    if (answer === undefined && whatsappOn === null) errors.push(IMPORT_MESSAGES.whatsappInvalid);
  }
  if (errors.length > before || !phone || !parentPhone) return null;
  const second = whatsappOn !== null && whatsappOn !== phone ? whatsappOn : null;
  const guardian = {
    name: values.guardian_name ?? DEFAULT_GUARDIAN_NAME, relation: relation ?? (phone === parentPhone ? 'parent' : 'guardian'),
    phone, phone2: second, whatsapp: whatsappOn === null ? 'none' : second ? 'phone2' : 'phone', contact_consent: consent === true,
  };
  const list = phone === parentPhone
    ? [{ ...guardian, email: parentEmail }]
    : [{ name: DEFAULT_GUARDIAN_NAME, relation: 'parent', phone: parentPhone, email: parentEmail }, guardian];
  const parsed = guardianListInput.safeParse(list);
  if (!parsed.success) {
    errors.push(...parsed.error.issues.map((i) => i.message));
    return null;
  }
  return parsed.data;
}

/**
 * Marks each row new, duplicate or invalid, with every reason at once (a duplicate roll number is
 * named even when the row, or an earlier one, has other errors). Valid exactly when the student
 * form would accept it (its schema, and the date of birth not after the church's today), its
 * guardian columns read and a roll number, when given, is free in the class and in the file.
 * Duplicate: the same child already in the class, or on an earlier line of the file.
 */
function judgeRows(rows: Array<{ line: number; row: ImportRow }>, facts: ClassFacts, today: string, missing?: string): JudgedRow[] {
  const seenChild = new Map<string, number>();
  const seenRoll = new Map<number, number>();
  return rows.map(({ line, row }) => {
    const values = Object.fromEntries(IMPORT_FIELDS.map((f) => [f, orNull(row[f])?.normalize('NFC') ?? null])) as ImportValues;
    values.name ??= ''; values.date_of_birth ??= ''; values.parent_phone ??= '';
    if (missing) return { line, values, status: 'invalid', reason: missing, errors: [missing] };
    const errors: string[] = [];
    const parsed = importStudentSchema.safeParse({
      name: values.name, date_of_birth: normalizeDate(values.date_of_birth), parent_phone: values.parent_phone, parent_email: values.parent_email,
    });
    if (!parsed.success) errors.push(...issuesOf(parsed.error, values.date_of_birth));
    const student = parsed.success ? parsed.data : undefined;
    if (student && student.date_of_birth > today) errors.push(STUDENT_MESSAGES.dateOfBirthFuture);
    const guardians = guardiansOf(values, student?.parent_phone, student?.parent_email ?? null, errors);
    let duplicate: string | undefined;
    if (student) {
      const key = sameChildKey(student.name, student.date_of_birth);
      const earlier = seenChild.get(key);
      if (facts.names.has(key)) duplicate = IMPORT_MESSAGES.duplicateInClass;
      else if (earlier !== undefined) duplicate = IMPORT_MESSAGES.duplicateInFile(earlier);
      else seenChild.set(key, line);
    }
    let roll: number | null = null;
    if (values.roll_number !== null) {
      const asked = /^\d{1,6}$/.test(values.roll_number) ? Number(values.roll_number) : NaN;
      if (!(asked >= 1 && asked <= IMPORT_MAX_ROLL_NUMBER)) errors.push(IMPORT_MESSAGES.rollNumberInvalid);
      else if (!duplicate) {
        // A child already in the class or the file keeps its number there: not a second claim on it.
        roll = asked;
        const other = seenRoll.get(roll);
        if (facts.rolls.has(roll)) errors.push(IMPORT_MESSAGES.rollNumberTaken(roll));
        else if (other !== undefined) errors.push(IMPORT_MESSAGES.rollNumberTwice(other));
        else seenRoll.set(roll, line);
      }
    }
    const unique = [...new Set(errors)];
    if (unique.length) return { line, values, status: 'invalid', reason: unique[0], errors: duplicate ? [...unique, duplicate] : unique };
    if (duplicate) return { line, values, status: 'duplicate', reason: duplicate, errors: [] };
    return {
      line, values, status: 'new', errors: [],
      clean: { name: student!.name, date_of_birth: student!.date_of_birth, parent_phone: student!.parent_phone, parent_email: student!.parent_email ?? null, roll, guardians },
    };
  });
}

const countsOf = (rows: JudgedRow[]) => ({
  new: rows.filter((r) => r.status === 'new').length,
  duplicate: rows.filter((r) => r.status === 'duplicate').length,
  invalid: rows.filter((r) => r.status === 'invalid').length,
});

/**
 * The header row: the one the user named (`askedLine`, one of the first rows with values), else the
 * first of those where two or more cells name fields (a parish list often has a title row above
 * it), else the first row with a value. The rows under it are the students.
 */
function withHeader(table: SheetTable, askedLine: number | undefined) {
  const top = table.lines.slice(0, IMPORT_HEADER_SEARCH_LINES);
  let at = askedLine === undefined ? top.findIndex((l) => isHeaderRow(l.cells)) : top.findIndex((l) => l.line === askedLine);
  if (askedLine !== undefined && at < 0) throw badRequest(IMPORT_MESSAGES.headerRowInvalid, { reason: 'import_header_row' });
  if (at < 0) at = 0;
  const rows = table.lines.slice(at + 1);
  if (!rows.length) throw badRequest(IMPORT_MESSAGES.empty, { reason: 'import_empty' });
  return {
    headerLine: table.lines[at].line, headers: table.lines[at].cells, rows,
    // What the header-row picker offers: the first rows, each as its first cells.
    top: top.map((l) => ({ line: l.line, text: l.cells.filter(Boolean).slice(0, 4).join(' · ').slice(0, 80) })),
  };
}

/**
 * The mapping as asked (each column index within the header row); else guessed from the headers,
 * with the church's last import over the guess: each field whose remembered header is a column here
 * takes that column, and a field the last import left out stays out when the file has every
 * remembered column (a file of the same shape).
 */
function mappingFor(headers: string[], asked: Partial<Record<ImportField, number | null>> | undefined, remembered: Record<string, string | null> | null) {
  if (asked) {
    const mapping = Object.fromEntries(IMPORT_FIELDS.map((f) => [f, asked[f] ?? null])) as ImportMapping;
    const columns = Object.values(mapping).filter((c): c is number => c !== null);
    if (columns.some((c) => c >= headers.length) || new Set(columns).size !== columns.length) {
      throw badRequest(IMPORT_MESSAGES.mappingInvalid, { reason: 'import_mapping' });
    }
    return { mapping, remembered: false };
  }
  const mapping = guessMapping(headers);
  if (!remembered) return { mapping, remembered: false };
  const keys = headers.map(rememberedHeaderKey);
  const columnOf = (header: string) => keys.indexOf(rememberedHeaderKey(header));
  const fields = IMPORT_FIELDS.filter((f) => typeof remembered[f] === 'string' && columnOf(remembered[f]) >= 0);
  if (!fields.length) return { mapping, remembered: false };
  const sameShape = fields.length === IMPORT_FIELDS.filter((f) => typeof remembered[f] === 'string').length;
  for (const field of IMPORT_FIELDS) {
    const column = fields.includes(field) ? columnOf(remembered[field]!) : undefined;
    if (column !== undefined) {
      for (const other of IMPORT_FIELDS) if (mapping[other] === column) mapping[other] = null;
      mapping[field] = column;
    } else if (sameShape && remembered[field] === null) mapping[field] = null;
  }
  return { mapping, remembered: true };
}

/**
 * POST /api/students/import/preview: the file's rows judged against the class, and how many students
 * the plan still allows (null: no limit). Reads only; nothing is written before the import.
 */
export async function previewImport(
  scope: TenantScope, classId: string, table: SheetTable, askedMapping?: Partial<Record<ImportField, number | null>>, askedHeaderLine?: number,
) {
  const cls = await findAccessibleClass(scope.tx, scope.church.id, scope.user, classId);
  const sheet = withHeader(table, askedHeaderLine);
  const { mapping, remembered } = mappingFor(sheet.headers, askedMapping, askedMapping ? null : await selectImportMapping(scope.tx, scope.church.id));
  const unmapped = REQUIRED_IMPORT_FIELDS.filter((f) => mapping[f] === null);
  const missing = unmapped.length ? IMPORT_MESSAGES.mappingMissing(unmapped.join(', ')) : undefined;
  const [facts, room] = await Promise.all([classFacts(scope, cls.id), planRoom(scope.tx, scope.church, 'students', { lock: false })]);
  const rows = judgeRows(sheet.rows.map(({ line, cells }) => ({
    line,
    row: Object.fromEntries(IMPORT_FIELDS.map((f) => [f, mapping[f] === null ? '' : (cells[mapping[f]] ?? '')])),
  })), facts, churchToday(scope.church), missing);
  return {
    header_line: sheet.headerLine, top_lines: sheet.top, columns: sheet.headers, mapping, remembered,
    rows: rows.map(({ clean: _clean, ...row }) => row), counts: countsOf(rows), can_add: room.left,
  };
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
    const reasons = refused.slice(0, 5).map((r) => `Line ${r.line}: ${r.errors.length ? r.errors.join(' ') : r.reason}`).join(' ');
    throw badRequest(IMPORT_MESSAGES.rowsRefused(refused.length, `${reasons}${refused.length > 5 ? ' …' : ''}`), { reason: 'import_rows_refused' });
  }
  const clean = judged.map((r) => r.clean!);
  let next = Math.max(facts.maxRoll, ...clean.map((r) => r.roll ?? 0)) + 1;
  const ids = await insertStudents(tx, clean.map((row) => ({
    values: {
      churchId: church.id, classId: cls.id, academicYear: locked.academicYear, name: row.name, dateOfBirth: row.date_of_birth,
      rollNumber: row.roll ?? next++,
    },
    contact: { parentPhone: row.parent_phone, parentEmail: row.parent_email },
  })));
  // The guardian columns through the guardians module: their "agreed to be contacted" is recorded as
  // a messages answer, as the guardians list records a tick.
  const consents = await setImportedGuardians(scope, clean.flatMap((row, i) => (row.guardians ? [{ studentId: ids[i], guardians: row.guardians }] : [])));
  if (input.columns) await saveImportMapping(tx, church.id, Object.fromEntries(IMPORT_FIELDS.map((f) => [f, input.columns?.[f] ?? null])));
  // The count and the class only: never the children's names.
  await auditChurchChange(tx, {
    user, action: 'students.import', resourceType: 'class', resourceId: cls.id,
    details: { count: judged.length, with_guardians: clean.filter((r) => r.guardians).length, messages_consent_recorded: consents },
    description: `Imported ${judged.length} students into a class`,
  });
  return { imported: judged.length, message: IMPORT_MESSAGES.imported(judged.length) };
}
