import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { GUARDIAN_MESSAGES } from '../../common/schemas/guardians.js';
import { STUDENT_MESSAGES } from '../../common/schemas/students.js';
import { IMPORT_MESSAGES } from '../../common/student-import.js';
import { startTestApp, type TestApp } from '../helpers/app.js';
import type { Json } from '../helpers/fixtures.js';
import { churchWithSessions, type ChurchSession } from '../helpers/church-session.js';
import { addClass } from '../helpers/classes-api.js';

// Parish spreadsheets as they come: a title row above the header, loose headers, guardian columns,
// phones written three ways; every error of every row in one preview; the church's last columns.

let app: TestApp;
beforeAll(async () => { app = await startTestApp(); });
afterAll(async () => { await app?.close(); });

interface File { name: string; data: Buffer }

async function preview(s: ChurchSession, classId: string, file: File, fields: { mapping?: unknown; header_row?: string } = {}) {
  const form = new FormData();
  form.append('class_id', classId);
  if (fields.mapping !== undefined) form.append('mapping', JSON.stringify(fields.mapping));
  if (fields.header_row !== undefined) form.append('header_row', fields.header_row);
  form.append('file', new Blob([new Uint8Array(file.data)]), file.name);
  const res = await fetch(`${app.url}/api/students/import/preview`, { method: 'POST', headers: s.headers, body: form });
  return { status: res.status, body: await res.json() };
}

const csv = (rows: string[][]): File => ({
  name: 'parish.csv', data: Buffer.from(`\uFEFF${rows.map((r) => r.map((v) => (/[",]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v)).join(',')).join('\r\n')}\r\n`, 'utf8'),
});
async function xlsx(rows: string[][]): Promise<File> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Class 3');
  for (const row of rows) sheet.addRow(row);
  return { name: 'parish.xlsx', data: Buffer.from(await book.xlsx.writeBuffer()) };
}

const E164 = '+919847012345';
/** A parish list: a title row (and an empty row) above a header of loose names, guardian columns and
 * the same phone written three ways. */
const PARISH = [
  ['St. Mary\'s Sunday School, Class 3 (2026)'],
  [],
  ['Sl', 'Name of the Child', 'DOB', 'Parent\'s Mobile', 'Roll No', 'Father\'s Name', 'Relation', 'Father\'s Mobile', 'WhatsApp', 'Agreed to be contacted'],
  ['1', 'Anu Joseph', '15/03/2016', '98470 12345', '', 'Joseph K', 'Father', '', 'Yes', 'Yes'],
  ['2', 'Rahul Nair', '01-07-2015', '+91 98470-12345', '4', 'Mary Nair', 'Mother', '09847012346', 'No', 'no'],
  ['3', 'Meera Das', '2015-07-02', '09847012345', '', '', '', '', '', ''],
];

let c: Awaited<ReturnType<typeof churchWithSessions>>;
beforeAll(async () => { c = await churchWithSessions(app); });

describe('importing a parish spreadsheet', () => {
  for (const format of ['csv', 'xlsx'] as const) {
    it(`${format.toUpperCase()}: finds the header under a title row, matches loose headers, imports guardian columns and stores every phone in E.164`, async () => {
      const cls = await addClass(c.s.super_admin, { class_name: '3rd', section: format });
      const file = format === 'csv' ? csv(PARISH) : await xlsx(PARISH);
      const shown = await preview(c.s.principal, cls.id, file);
      expect(shown.status, shown.body.message).toBe(200);
      expect(shown.body.data.header_line).toBe(3);
      expect(shown.body.data.top_lines.map((l: Json) => l.line)).toEqual([1, 3, 4, 5, 6]);
      expect(shown.body.data.mapping).toEqual({
        name: 1, date_of_birth: 2, parent_phone: 3, parent_email: null, roll_number: 4,
        guardian_name: 5, guardian_relation: 6, guardian_phone: 7, guardian_whatsapp: 8, guardian_consent: 9,
      });
      expect(shown.body.data.rows.map((r: Json) => [r.line, r.status, r.errors])).toEqual([[4, 'new', []], [5, 'new', []], [6, 'new', []]]);
      // Shown as written, stored as read.
      expect(shown.body.data.rows.map((r: Json) => [r.values.date_of_birth, r.values.parent_phone])).toEqual([
        ['15/03/2016', '98470 12345'], ['01-07-2015', '+91 98470-12345'], ['2015-07-02', '09847012345'],
      ]);

      const done = await c.s.teacher.post('/api/students/import', {
        class_id: cls.id, rows: shown.body.data.rows.map((r: Json) => ({ line: r.line, ...r.values })),
      });
      expect(done.status).toBe(404); // the teacher does not teach this class
      const res = await c.s.principal.post('/api/students/import', {
        class_id: cls.id, rows: shown.body.data.rows.map((r: Json) => ({ line: r.line, ...r.values })),
      });
      expect(res.status, res.body.message).toBe(201);
      const list = (await c.s.principal.get(`/api/students/class/${cls.id}`)).body.data as Json[];
      expect(list.map((s) => [s.roll_number, s.name, s.date_of_birth, s.parent_phone])).toEqual([
        [4, 'Rahul Nair', '2015-07-01', E164], [5, 'Anu Joseph', '2016-03-15', E164], [6, 'Meera Das', '2015-07-02', E164],
      ]);
      const byName = new Map(list.map((s) => [s.name as string, s.id as string]));
      const guardians = async (name: string) => ((await c.s.principal.get(`/api/students/${byName.get(name)}/guardians`)).body.data as Json[])
        .map((g) => [g.name, g.relation, g.phone, g.phone2, g.whatsapp, g.contact_consent]);
      expect(await guardians('Anu Joseph')).toEqual([['Joseph K', 'father', E164, null, 'phone', true]]);
      expect(await guardians('Rahul Nair')).toEqual([['Parent', 'parent', E164, null, 'none', false], ['Mary Nair', 'mother', '+919847012346', null, 'none', false]]);
      expect(await guardians('Meera Das')).toEqual([['Parent', 'parent', E164, null, 'none', false]]);
      // "Agreed to be contacted: Yes" is the family's answer for messages, recorded in person by the importer.
      const consents = (await c.s.principal.get(`/api/students/${byName.get('Anu Joseph')}/consents`)).body.data;
      expect(consents.purposes.messages).toMatchObject({ state: 'given', answer: { method: 'in_person', recorded_by: { id: c.users.principal.id } } });
      expect((await c.s.principal.get(`/api/students/${byName.get('Rahul Nair')}/consents`)).body.data.purposes.messages.state).toBe('none');
    });
  }

  it('lets the user say which row is the header, and refuses a row that is not one of the first', async () => {
    const cls = await addClass(c.s.super_admin, { class_name: '3rd', section: 'H' });
    const file = csv([['Name', 'Class list'], ['Kid', 'Day', 'Reach at'], ['Anu', '2016-01-01', '9847012345']]);
    const guessed = await preview(c.s.principal, cls.id, file);
    expect(guessed.body.data.header_line).toBe(1);
    const chosen = await preview(c.s.principal, cls.id, file, { header_row: '2', mapping: { name: 0, date_of_birth: 1, parent_phone: 2 } });
    expect(chosen.status, chosen.body.message).toBe(200);
    expect([chosen.body.data.header_line, chosen.body.data.columns, chosen.body.data.counts.new]).toEqual([2, ['Kid', 'Day', 'Reach at'], 1]);
    for (const header_row of ['9', 'two']) {
      const bad = await preview(c.s.principal, cls.id, file, { header_row });
      expect([bad.status, bad.body.reason, bad.body.message]).toEqual([400, 'import_header_row', IMPORT_MESSAGES.headerRowInvalid]);
    }
  });

  it('shows every error of every row in one preview, a duplicate roll number among them, and names an impossible date as written', async () => {
    const cls = await addClass(c.s.super_admin, { class_name: '3rd', section: 'E' });
    const shown = await preview(c.s.principal, cls.id, csv([
      ['Name', 'DOB', 'Phone', 'Roll No', 'Relation', 'Agreed to be contacted'],
      ['Anu', '31/02/2019', '12', '5', 'Neighbour', 'maybe'],
      ['Binu', '2016-01-01', '9847012345', '5', '', ''],
      ['', '2016-01-01', '', 'x', '', ''],
    ]));
    expect(shown.status, shown.body.message).toBe(200);
    expect(shown.body.data.rows.map((r: Json) => [r.line, r.status, r.errors])).toEqual([
      [2, 'invalid', [STUDENT_MESSAGES.parentPhoneInvalid, '31/02/2019 is not a date.', GUARDIAN_MESSAGES.relationInvalid, IMPORT_MESSAGES.yesNoInvalid('maybe')]],
      [3, 'invalid', [IMPORT_MESSAGES.rollNumberTwice(2)]],
      [4, 'invalid', [STUDENT_MESSAGES.nameRequired, STUDENT_MESSAGES.parentPhoneRequired, IMPORT_MESSAGES.rollNumberInvalid]],
    ]);
    expect(IMPORT_MESSAGES.notADate('31/02/2019')).toBe('31/02/2019 is not a date.');
    expect(shown.body.data.rows[0].values.date_of_birth).toBe('31/02/2019');
    // The import says the same, naming every reason of the refused line.
    const refused = await c.s.principal.post('/api/students/import', { class_id: cls.id, rows: [{ line: 7, name: 'Anu', date_of_birth: '31/02/2019', parent_phone: '9847012345' }] });
    expect([refused.status, refused.body.message]).toEqual([400, IMPORT_MESSAGES.rowsRefused(1, 'Line 7: 31/02/2019 is not a date.')]);
  });

  it('stores the parent phone of the student form and API in E.164 too, and refuses what cannot be a phone', async () => {
    const cls = await addClass(c.s.super_admin, { class_name: '3rd', section: 'F' });
    const made = await c.s.principal.post('/api/students', { name: 'Form Child', parent_phone: '098470 12345', date_of_birth: '2016-01-01', class_id: cls.id });
    expect(made.status, made.body.message).toBe(201);
    expect(made.body.data.parent_phone).toBe(E164);
    const edited = await c.s.principal.put(`/api/students/${made.body.data.id}`, { parent_phone: '+91 98470-12346' });
    expect(edited.body.data.parent_phone).toBe('+919847012346');
    const bad = await c.s.principal.post('/api/students', { name: 'X', parent_phone: '123', date_of_birth: '2016-01-01', class_id: cls.id });
    expect([bad.status, bad.body.message]).toEqual([400, STUDENT_MESSAGES.parentPhoneInvalid]);
  });

  it('remembers the church\'s last columns through the server, and another church never sees them', async () => {
    const cls = await addClass(c.s.super_admin, { class_name: '3rd', section: 'M' });
    const file = csv([['Kid', 'Day', 'Reach at', 'Notes'], ['Anu Mathew', '2016-01-01', '9847012345', 'x']]);
    const first = await preview(c.s.principal, cls.id, file);
    expect(first.body.data).toMatchObject({ remembered: false, mapping: { name: null, date_of_birth: null, parent_phone: null } });
    const mapping = { name: 0, date_of_birth: 1, parent_phone: 2 };
    const chosen = await preview(c.s.principal, cls.id, file, { mapping });
    const columns = { name: 'Kid', date_of_birth: 'Day', parent_phone: 'Reach at', parent_email: null, roll_number: null };
    const done = await c.s.principal.post('/api/students/import', {
      class_id: cls.id, columns, rows: chosen.body.data.rows.map((r: Json) => ({ line: r.line, ...r.values })),
    });
    expect(done.status, done.body.message).toBe(201);

    // The same shape again, with the columns in another order: the church's columns, found by header.
    const again = await preview(c.s.teacher, (await addClass(c.s.super_admin, { class_name: '3rd', section: 'N', teacher_id: c.users.teacher.id })).id,
      csv([['Reach at', 'Kid', 'Day'], ['9847012346', 'Binu', '2016-02-02']]));
    expect(again.status, again.body.message).toBe(200);
    expect(again.body.data).toMatchObject({ remembered: true, mapping: { name: 1, date_of_birth: 2, parent_phone: 0 }, counts: { new: 1 } });

    const other = await churchWithSessions(app, { roles: ['super_admin'] });
    const theirs = await addClass(other.s.super_admin, { class_name: '1st' });
    const theirPreview = await preview(other.s.super_admin, theirs.id, file);
    expect(theirPreview.body.data).toMatchObject({ remembered: false, mapping: { name: null, date_of_birth: null, parent_phone: null } });
  });

  it('refuses a remembered mapping that is not a mapping, with a 400', async () => {
    const cls = await addClass(c.s.super_admin, { class_name: '3rd', section: 'R' });
    const res = await c.s.principal.post('/api/students/import', {
      class_id: cls.id, columns: { shoe_size: 'Shoe' }, rows: [{ name: 'A', date_of_birth: '2016-01-01', parent_phone: '9847012345' }],
    });
    expect(res.status).toBe(400);
  });
});
