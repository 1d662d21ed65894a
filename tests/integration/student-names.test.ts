import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STUDENT_MESSAGES } from '../../common/schemas/students.js';
import { startTestApp, type TestApp } from '../helpers/app.js';
import type { ApiAnswer, Json } from '../helpers/fixtures.js';
import { churchWithSessions, type ChurchSession } from '../helpers/church-session.js';
import { addClass } from '../helpers/classes-api.js';

let app: TestApp;
beforeAll(async () => { app = await startTestApp(); });
afterAll(async () => { await app?.close(); });

/**
 * Names in the order the list answers them by name (ICU's root collation, `byName` in server/db):
 * Latin first, small and capital letters and accents together, then Devanagari (Hindi), Tamil and
 * Malayalam, each by its own alphabet. The code-point order of the databases' default collation would
 * put 'Bina' before 'anil' and 'Émile' after 'Zara'.
 */
const BY_NAME = [
  'Ānand Varghese', 'anil Kumar', 'Bina George', 'Émile Roy', 'Zara Thomas',
  'अमित शर्मा', 'कविता सिंह',
  'அருண் குமார்', 'கமலா தேவி',
  'അനു മാത്യു', 'ആൻ മരിയ', 'ബിനു ജോസഫ്',
];
/** The order they are added in (and so their roll numbers): no two neighbours of the sorted list. */
const ADDED = [
  'ബിനു ജോസഫ്', 'Zara Thomas', 'கமலா தேவி', 'अमित शर्मा', 'anil Kumar', 'ആൻ മരിയ',
  'Émile Roy', 'அருண் குமார்', 'Bina George', 'कविता सिंह', 'അനു മാത്യു', 'Ānand Varghese',
];

const names = (res: ApiAnswer) => {
  expect(res.status, res.body.message).toBe(200);
  return (res.body.data as Json[]).map((s) => s.name as string);
};

let admin: ChurchSession;
let classId: string;
beforeAll(async () => {
  ({ s: { super_admin: admin } } = await churchWithSessions(app));
  classId = (await addClass(admin, { class_name: '5th' })).id;
  for (const name of ADDED) {
    const res = await admin.post('/api/students', { name, parent_phone: '+91 98470 12345', date_of_birth: '2015-06-01', class_id: classId });
    expect(res.status, res.body.message).toBe(201);
  }
});

const list = (query: string) => admin.get(`/api/students?class_id=${classId}&${query}`);

describe('students named in any script', () => {
  it('keeps each name as it was written', async () => {
    expect(new Set(names(await list('')))).toEqual(new Set(ADDED));
  });

  it('lists them by name in the order of each script\'s alphabet (sort=name)', async () => {
    expect(names(await list('sort=name'))).toEqual(BY_NAME);
    expect(BY_NAME).toEqual([...ADDED].sort(new Intl.Collator('und').compare)); // the browser's order too
  });

  it('lists them by roll number by default', async () => {
    expect(names(await list(''))).toEqual(ADDED);
    expect(names(await list('sort=roll_number'))).toEqual(ADDED);
  });

  it('refuses another order', async () => {
    const res = await list('sort=age');
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(STUDENT_MESSAGES.sortInvalid);
  });

  it('finds a student by part of a Malayalam, Tamil, Hindi or English name', async () => {
    const search = async (text: string) => names(await list(`search=${encodeURIComponent(text)}`));
    expect(await search('മാത്യു')).toEqual(['അനു മാത്യു']);
    expect(await search('മരി')).toEqual(['ആൻ മരിയ']);
    expect(await search('குமார்')).toEqual(['அருண் குமார்']);
    expect(await search('தேவி')).toEqual(['கமலா தேவி']);
    expect(await search('शर्मा')).toEqual(['अमित शर्मा']);
    expect(await search('कवि')).toEqual(['कविता सिंह']);
    expect(await search('ANIL')).toEqual(['anil Kumar']);
    expect(await search('ब')).toEqual([]); // Devanagari's ba: only Malayalam's ബ is in a name
  });

  it('finds a name whatever the keyboard sent for a letter with a nukta (kept in composed form, NFC)', async () => {
    const zoya = '\u095Bोया'; // ज़ as one code point, as some keyboards send it
    const otherClass = (await addClass(admin, { class_name: '6th' })).id; // apart from the list above
    const res = await admin.post('/api/students', { name: zoya, parent_phone: '+91 98470 12345', date_of_birth: '2015-06-01', class_id: otherClass });
    expect(res.status, res.body.message).toBe(201);
    expect(res.body.data.name).toBe(zoya.normalize('NFC')); // ज + ़ + ोया
    const search = async (text: string) => names(await admin.get(`/api/students?class_id=${otherClass}&search=${encodeURIComponent(text)}`));
    expect(await search('\u091C\u093Cो')).toEqual([zoya.normalize('NFC')]);
    expect(await search('\u095Bो')).toEqual([zoya.normalize('NFC')]);
  });
});
