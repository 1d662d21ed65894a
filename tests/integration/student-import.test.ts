import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import yazl from 'yazl';
import { auditLog, students, users } from '../../drizzle/schema/index.js';
import { IMPORT_MAX_ROWS, IMPORT_MESSAGES } from '../../common/student-import.js';
import { STUDENT_MESSAGES } from '../../common/schemas/students.js';
import { addDays, todayIn } from '../../common/dates.js';
import { startTestApp, type TestApp } from '../helpers/app.js';
import { createChurch, type Json } from '../helpers/fixtures.js';
import { churchWithSessions, signIn, type ChurchSession } from '../helpers/church-session.js';
import { addClass } from '../helpers/classes-api.js';

let app: TestApp;
beforeAll(async () => { app = await startTestApp(); });
afterAll(async () => { await app?.close(); });

const today = todayIn('Asia/Kolkata');
const ANU = 'അനു ജോസഫ്'; // Malayalam, as typed (NFC)

interface File { name: string; data: Buffer }

async function preview(s: ChurchSession | undefined, classId: string, file: File | undefined, mapping?: unknown) {
  const form = new FormData();
  form.append('class_id', classId);
  if (mapping !== undefined) form.append('mapping', JSON.stringify(mapping));
  if (file) form.append('file', new Blob([new Uint8Array(file.data)]), file.name);
  const res = await fetch(`${app.url}/api/students/import/preview`, { method: 'POST', headers: s?.headers ?? {}, body: form });
  return { status: res.status, body: await res.json() };
}

const csv = (text: string, name = 'students.csv'): File => ({ name, data: Buffer.from(`\uFEFF${text}`, 'utf8') });
const utf16le = (text: string): File => ({ name: 'students.csv', data: Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]) });

async function xlsx(rows: unknown[][], dateCells: string[] = []): Promise<File> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Students');
  for (const row of rows) sheet.addRow(row);
  for (const ref of dateCells) sheet.getCell(ref).numFmt = 'dd/mm/yyyy';
  return { name: 'students.xlsx', data: Buffer.from(await book.xlsx.writeBuffer()) };
}

function zip(entries: Record<string, string>, name = 'students.xlsx'): Promise<File> {
  const file = new yazl.ZipFile();
  for (const [path, text] of Object.entries(entries)) file.addBuffer(Buffer.from(text), path);
  file.end();
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    file.outputStream.on('data', (c: Buffer) => chunks.push(c)).on('end', () => resolve({ name, data: Buffer.concat(chunks) })).on('error', reject);
  });
}

const CONTENT_TYPES = '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">'
  + '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/></Types>';

const studentsOf = (churchId: string, classId: string) =>
  app.db.withTenant(churchId, (tx) => tx.select().from(students).where(eq(students.classId, classId)).orderBy(students.rollNumber));

let c: Awaited<ReturnType<typeof churchWithSessions>>;
let own: Json; let others: Json;
let teacher2: ChurchSession;
beforeAll(async () => {
  c = await churchWithSessions(app);
  own = await addClass(c.s.super_admin, { class_name: '3rd', section: 'A', teacher_id: c.users.teacher.id });
  const [{ passwordHash }] = await app.db.withTenant(c.church.id, (tx) =>
    tx.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, c.users.teacher.id)));
  const [other] = await app.db.withTenant(c.church.id, (tx) => tx.insert(users).values({
    churchId: c.church.id, role: 'teacher', name: 'Other Teacher', email: `t2@${c.code.toLowerCase()}.test`, passwordHash,
  }).returning());
  teacher2 = await signIn(app.url, c.code, other.email);
  others = await addClass(c.s.super_admin, { class_name: '4th', teacher_id: other.id });
});

describe('POST /api/students/import/preview', () => {
  it('reads a UTF-8 CSV with a BOM, guesses the columns and keeps Malayalam names exactly; writes nothing', async () => {
    const before = await studentsOf(c.church.id, own.id);
    const res = await preview(c.s.principal, own.id, csv(
      `Student Name,DOB,Mobile,E-mail\r\n${ANU},15/03/2016,+91 98470 12345,anu@example.org\r\nRahul Nair,2015-07-01,9847012346,\r\n`,
    ));
    expect(res.status, res.body.message).toBe(200);
    expect(res.body.data.columns).toEqual(['Student Name', 'DOB', 'Mobile', 'E-mail']);
    expect(res.body.data.mapping).toEqual({ name: 0, date_of_birth: 1, parent_phone: 2, parent_email: 3, roll_number: null, guardian_name: null, guardian_relation: null, guardian_phone: null, guardian_whatsapp: null, guardian_consent: null });
    expect(res.body.data.rows[0]).toEqual({
      line: 2, status: 'new', errors: [],
      values: { name: ANU, date_of_birth: '15/03/2016', parent_phone: '+91 98470 12345', parent_email: 'anu@example.org', roll_number: null, guardian_name: null, guardian_relation: null, guardian_phone: null, guardian_whatsapp: null, guardian_consent: null },
    });
    expect(res.body.data.rows[0].values.name.normalize('NFC')).toBe(res.body.data.rows[0].values.name);
    expect(res.body.data.counts).toEqual({ new: 2, duplicate: 0, invalid: 0 });
    expect(res.body.data.can_add).toBeNull(); // premium: no student limit
    expect(await studentsOf(c.church.id, own.id)).toEqual(before);
  });

  it('reads UTF-16LE text (tab-separated, as Excel saves "Unicode text") and guesses Malayalam and Hindi headers', async () => {
    const res = await preview(c.s.principal, own.id, utf16le(`പേര്\tजन्म तिथि\tPhone\n${ANU}\t01-02-2017\t9847012345\n`));
    expect(res.status, res.body.message).toBe(200);
    expect(res.body.data.mapping).toMatchObject({ name: 0, date_of_birth: 1, parent_phone: 2 });
    expect(res.body.data.rows[0].values).toMatchObject({ name: ANU, date_of_birth: '01-02-2017' }); // as written
  });

  it('reads an XLSX made by exceljs, with an Excel date cell and a number cell for the phone', async () => {
    const file = await xlsx([
      ['Name', 'Date of Birth', 'Parent Phone', 'Roll No'],
      [ANU, new Date(Date.UTC(2016, 2, 15)), 9847012345, 7],
    ], ['B2']);
    const res = await preview(c.s.principal, own.id, file);
    expect(res.status, res.body.message).toBe(200);
    expect(res.body.data.rows).toEqual([{
      line: 2, status: 'new', errors: [],
      values: { name: ANU, date_of_birth: '2016-03-15', parent_phone: '9847012345', parent_email: null, roll_number: '7', guardian_name: null, guardian_relation: null, guardian_phone: null, guardian_whatsapp: null, guardian_consent: null },
    }]);
  });

  it('marks every invalid row with the form\'s reason, and takes a mapping given by the client', async () => {
    const future = addDays(today, 2);
    const res = await preview(c.s.principal, own.id, csv([
      'Phone,Child,Born,Mail,Roll',
      '9847012345,,2016-01-01,,',
      '9847012345,Bad Date,31/02/2016,,',
      '9847012345,Future,' + future + ',,',
      '12,Bad Phone,2016-01-01,,',
      ',No Phone,2016-01-01,,',
      '9847012345,Bad Mail,2016-01-01,not-mail,',
      '9847012345,Bad Roll,2016-01-01,,x',
      '9847012345,Old,1899-12-31,,',
    ].join('\n')), { name: 1, date_of_birth: 2, parent_phone: 0, parent_email: 3, roll_number: 4 });
    expect(res.status, res.body.message).toBe(200);
    expect(res.body.data.rows.map((r: Json) => [r.line, r.status, r.reason])).toEqual([
      [2, 'invalid', STUDENT_MESSAGES.nameRequired],
      [3, 'invalid', IMPORT_MESSAGES.notADate('31/02/2016')],
      [4, 'invalid', STUDENT_MESSAGES.dateOfBirthFuture],
      [5, 'invalid', STUDENT_MESSAGES.parentPhoneInvalid],
      [6, 'invalid', STUDENT_MESSAGES.parentPhoneRequired],
      [7, 'invalid', STUDENT_MESSAGES.parentEmailInvalid],
      [8, 'invalid', IMPORT_MESSAGES.rollNumberInvalid],
      [9, 'invalid', STUDENT_MESSAGES.dateOfBirthTooEarly],
    ]);
    expect(res.body.data.counts).toEqual({ new: 0, duplicate: 0, invalid: 8 });
    const unmapped = await preview(c.s.principal, own.id, csv('A,B\nx,y\n'));
    expect(unmapped.body.data.rows[0]).toMatchObject({ status: 'invalid', reason: IMPORT_MESSAGES.mappingMissing('name, date_of_birth, parent_phone') });
    const bad = await preview(c.s.principal, own.id, csv('A,B\nx,y\n'), { name: 5 });
    expect([bad.status, bad.body.reason]).toEqual([400, 'import_mapping']);
  });

  it('marks duplicates: the same child already in the class, twice in the file, and a roll number taken', async () => {
    const cls = await addClass(c.s.super_admin, { class_name: '5th' });
    const added = await c.s.principal.post('/api/students', {
      name: 'Mary Thomas', parent_phone: '9847012345', date_of_birth: '2015-05-05', class_id: cls.id,
    });
    expect(added.status).toBe(201);
    const res = await preview(c.s.principal, cls.id, csv([
      'Name,DOB,Phone,Roll number',
      'mary  THOMAS,05/05/2015,9847000000,', // in the class already (any case, spaces)
      'John,2015-01-01,9847000000,',
      'John,01-01-2015,9847000001,', // the line above again
      'Jane,2015-01-02,9847000002,1', // roll number 1 is Mary's
      'Joe,2015-01-03,9847000003,4',
      'Jim,2015-01-04,9847000004,4',
    ].join('\n')));
    expect(res.body.data.rows.map((r: Json) => [r.status, r.reason ?? null])).toEqual([
      ['duplicate', IMPORT_MESSAGES.duplicateInClass],
      ['new', null],
      ['duplicate', IMPORT_MESSAGES.duplicateInFile(3)],
      ['invalid', IMPORT_MESSAGES.rollNumberTaken(1)],
      ['new', null],
      ['invalid', IMPORT_MESSAGES.rollNumberTwice(6)],
    ]);
  });

  it('refuses oversized files, too many rows, malformed files, old Excel and macro workbooks, with a message and never a 500', async () => {
    const big = await preview(c.s.principal, own.id, csv('Name\n' + 'x'.repeat(2 * 1024 * 1024 + 10)));
    expect([big.status, big.body.message]).toEqual([413, IMPORT_MESSAGES.tooLarge]);
    const rows = Array.from({ length: IMPORT_MAX_ROWS + 1 }, (_, i) => `Child ${i},2016-01-01,9847012345`).join('\n');
    const many = await preview(c.s.principal, own.id, csv(`Name,DOB,Phone\n${rows}\n`));
    expect([many.status, many.body.message]).toEqual([413, IMPORT_MESSAGES.tooManyRows]);
    const binary = await preview(c.s.principal, own.id, { name: 'x.csv', data: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 1, 2, 3, 0xff, 0xfe, 0]) });
    expect([binary.status, binary.body.reason]).toEqual([415, 'import_encoding']);
    const controls = await preview(c.s.principal, own.id, { name: 'x.csv', data: Buffer.from('Name\u0001\nA\u0000B\n') });
    expect([controls.status, controls.body.message]).toEqual([415, IMPORT_MESSAGES.malformed]);
    const notBook = await preview(c.s.principal, own.id, await zip({ 'readme.txt': 'hello' }));
    expect([notBook.status, notBook.body.message]).toEqual([400, IMPORT_MESSAGES.notWorkbook]);
    const cut = await xlsx([['Name'], ['A']]);
    const truncated = await preview(c.s.principal, own.id, { name: 'x.xlsx', data: cut.data.subarray(0, cut.data.length - 40) });
    expect([truncated.status, truncated.body.message]).toEqual([400, IMPORT_MESSAGES.notWorkbook]);
    const xls = await preview(c.s.principal, own.id, { name: 'old.xls', data: Buffer.concat([Buffer.from('d0cf11e0a1b11ae1', 'hex'), Buffer.alloc(512)]) });
    expect([xls.status, xls.body.message]).toEqual([415, IMPORT_MESSAGES.oldExcel]);
    const vba = await preview(c.s.principal, own.id, await zip({
      '[Content_Types].xml': CONTENT_TYPES, 'xl/workbook.xml': '<workbook/>', 'xl/vbaProject.bin': 'macro',
    }));
    expect([vba.status, vba.body.message]).toEqual([415, IMPORT_MESSAGES.macros]);
    const macroType = await preview(c.s.principal, own.id, await zip({
      '[Content_Types].xml': CONTENT_TYPES.replace('sheet.main+xml', 'sheet.macroEnabled.main+xml'), 'xl/workbook.xml': '<workbook/>',
    }));
    expect([macroType.status, macroType.body.message]).toEqual([415, IMPORT_MESSAGES.macros]);
    const xlsm = await preview(c.s.principal, own.id, { ...(await xlsx([['Name'], ['A']])), name: 'book.xlsm' });
    expect([xlsm.status, xlsm.body.message]).toEqual([415, IMPORT_MESSAGES.macros]);
    const none = await preview(c.s.principal, own.id, undefined);
    expect([none.status, none.body.message]).toEqual([400, IMPORT_MESSAGES.noFile]);
    const empty = await preview(c.s.principal, own.id, csv('Name,DOB\n'));
    expect([empty.status, empty.body.message]).toEqual([400, IMPORT_MESSAGES.empty]);
  });

  it('is for those who may add students to the class: no session 401, guest 403, a teacher of another class and another church\'s class 404', async () => {
    const file = csv(`Name,DOB,Phone\n${ANU},2016-01-01,9847012345\n`);
    expect((await preview(undefined, own.id, file)).status).toBe(401);
    expect((await preview(c.s.guest, own.id, file)).status).toBe(403);
    expect((await preview(c.s.teacher, own.id, file)).status).toBe(200);
    expect((await preview(c.s.teacher, others.id, file)).status).toBe(404);
    expect((await teacher2.post('/api/students/import', { class_id: own.id, rows: [{ name: 'X', date_of_birth: '2016-01-01', parent_phone: '9847012345' }] })).status).toBe(404);
    const other = await churchWithSessions(app, { roles: ['super_admin'] });
    const theirs = await addClass(other.s.super_admin, { class_name: '1st' });
    expect((await preview(c.s.principal, theirs.id, file)).status).toBe(404);
    expect((await c.s.principal.post('/api/students/import', { class_id: theirs.id, rows: [{ name: 'X', date_of_birth: '2016-01-01', parent_phone: '9847012345' }] })).status).toBe(404);
    expect(await studentsOf(other.church.id, theirs.id)).toEqual([]);
  });

  it('previews 1,000 rows quickly (time printed)', async () => {
    const rows = Array.from({ length: 1000 }, (_, i) => `Child ${i} ${ANU},${String((i % 28) + 1).padStart(2, '0')}/06/2016,98470${String(i).padStart(5, '0')},p${i}@example.org`);
    const file = csv(`Name,Date of birth,Phone,Email\n${rows.join('\n')}\n`);
    const started = performance.now();
    const res = await preview(c.s.principal, own.id, file);
    const ms = performance.now() - started;
    expect(res.status, res.body.message).toBe(200);
    expect(res.body.data.counts.new).toBe(1000);
    console.log(`[student-import] preview of 1,000 CSV rows on ${app.db.kind}: ${ms.toFixed(0)} ms`);
    const started2 = performance.now();
    const imported = await c.s.principal.post('/api/students/import', { class_id: others.id, rows: res.body.data.rows.map((r: Json) => ({ line: r.line, ...r.values })) });
    expect(imported.status, imported.body.message).toBe(201);
    console.log(`[student-import] import of 1,000 rows on ${app.db.kind}: ${(performance.now() - started2).toFixed(0)} ms`);
  });
});

describe('POST /api/students/import', () => {
  it('imports the new rows in one transaction with the next roll numbers, audited with the count only', async () => {
    const cls = await addClass(c.s.super_admin, { class_name: '6th' });
    await c.s.principal.post('/api/students', { name: 'First', parent_phone: '9847012345', date_of_birth: '2015-05-05', class_id: cls.id });
    const shown = await preview(c.s.principal, cls.id, csv(`Name,DOB,Phone,Email,Roll\n${ANU},15/03/2016,9847012345,anu@example.org,\nRahul,2015-07-01,9847012346,,10\nMeera,2015-07-02,9847012347,,\n`));
    const rows = shown.body.data.rows.map((r: Json) => ({ line: r.line, ...r.values }));
    const res = await c.s.principal.post('/api/students/import', { class_id: cls.id, rows });
    expect(res.status, res.body.message).toBe(201);
    expect(res.body.data).toEqual({ imported: 3, message: IMPORT_MESSAGES.imported(3) });
    const list = await c.s.principal.get(`/api/students/class/${cls.id}`);
    expect(list.body.data.map((s: Json) => [s.roll_number, s.name, s.date_of_birth, s.parent_phone, s.parent_email])).toEqual([
      [1, 'First', '2015-05-05', '+919847012345', null],
      [10, 'Rahul', '2015-07-01', '+919847012346', null],
      [11, ANU, '2016-03-15', '+919847012345', 'anu@example.org'],
      [12, 'Meera', '2015-07-02', '+919847012347', null],
    ]);
    const entries = await app.db.withPlatform((tx) => tx.select().from(auditLog).where(eq(auditLog.targetChurchId, c.church.id)));
    const entry = entries.find((e) => e.action === 'students.import' && e.resourceId === cls.id);
    expect(entry?.details).toMatchObject({ count: 3 });
    expect(JSON.stringify(entry)).not.toContain('Rahul');
    // The same rows again: every one is now a duplicate, nothing is added.
    const again = await c.s.principal.post('/api/students/import', { class_id: cls.id, rows });
    expect([again.status, again.body.reason]).toEqual([400, 'import_rows_refused']);
    expect(again.body.message).toContain(`Line 2: ${IMPORT_MESSAGES.duplicateInClass}`);
    expect(await studentsOf(c.church.id, cls.id)).toHaveLength(4);
  });

  it('adds all or nothing: one bad row refuses the whole import, naming its line', async () => {
    const cls = await addClass(c.s.super_admin, { class_name: '7th' });
    const res = await c.s.teacher.post('/api/students/import', { class_id: own.id, rows: [] });
    expect([res.status, res.body.message]).toEqual([400, IMPORT_MESSAGES.noRows]);
    const mixed = await c.s.principal.post('/api/students/import', { class_id: cls.id, rows: [
      { line: 2, name: 'Good', date_of_birth: '2016-01-01', parent_phone: '9847012345' },
      { line: 3, name: 'Bad', date_of_birth: '2016-02-30', parent_phone: '9847012345' },
    ] });
    expect(mixed.status).toBe(400);
    expect(mixed.body.message).toBe(IMPORT_MESSAGES.rowsRefused(1, `Line 3: ${IMPORT_MESSAGES.notADate('2016-02-30')}`));
    expect(await studentsOf(c.church.id, cls.id)).toEqual([]);
  });

  it('checks the plan limit before importing, saying how many can still be added', async () => {
    const free = await createChurch(app.db, { tier: 'free', roles: ['super_admin'] });
    const admin = await signIn(app.url, free.code, free.users.super_admin.email);
    const cls = await addClass(admin, { class_name: '1st' });
    await admin.post('/api/students', { name: 'One', parent_phone: '9847012345', date_of_birth: '2015-05-05', class_id: cls.id });
    const shown = await preview(admin, cls.id, csv(`Name,DOB,Phone\n${['A', 'B', 'C', 'D', 'E'].map((n) => `${n},2016-01-01,9847012345`).join('\n')}\n`));
    expect(shown.body.data.can_add).toBe(4);
    const rows = shown.body.data.rows.map((r: Json) => r.values);
    const refused = await admin.post('/api/students/import', { class_id: cls.id, rows });
    expect([refused.status, refused.body.reason, refused.body.message]).toEqual([409, 'plan_limit', IMPORT_MESSAGES.planLimit(4, 5)]);
    expect(await studentsOf(free.church.id, cls.id)).toHaveLength(1);
    const fits = await admin.post('/api/students/import', { class_id: cls.id, rows: rows.slice(0, 4) });
    expect(fits.status, fits.body.message).toBe(201);
  });
});

describe('GET /api/students/import/template', () => {
  it('serves the XLSX template (header row and one example row) and a CSV variant, both read back by the preview', async () => {
    for (const format of ['xlsx', 'csv']) {
      const res = await fetch(`${app.url}/api/students/import/template?format=${format}`);
      expect(res.status).toBe(200);
      const data = Buffer.from(await res.arrayBuffer());
      const shown = await preview(c.s.principal, own.id, { name: `template.${format}`, data });
      expect(shown.status, shown.body.message).toBe(200);
      expect(shown.body.data.mapping).toEqual({
        name: 0, date_of_birth: 1, parent_phone: 2, parent_email: 3, roll_number: 4,
        guardian_name: 5, guardian_relation: 6, guardian_phone: 7, guardian_whatsapp: 8, guardian_consent: 9,
      });
      expect(shown.body.data.counts).toEqual({ new: 1, duplicate: 0, invalid: 0 });
    }
  });
});
