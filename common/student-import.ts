import { z } from 'zod';
import { isGuid } from './school.js';
import { plainString } from './schemas/text.js';
import { STUDENT_MESSAGES, studentCreateInput } from './schemas/students.js';
import { RELATIONS } from './schemas/guardians.js';

/** Limits of one spreadsheet: the file is held in memory whole, so both are bounded. */
export const IMPORT_MAX_BYTES = 2 * 1024 * 1024;
export const IMPORT_MAX_ROWS = 2000;
/** The most columns a line may have (after its trailing empty cells): a list of students has a few. */
export const IMPORT_MAX_COLUMNS = 200;
/**
 * What the parts of an XLSX the import reads may unpack to, counted as they are inflated (never as
 * the archive says): all together, the first worksheet, and the shared-strings table (in bytes and
 * strings). A workbook of 2,000 rows is far below each, a ZIP bomb far above.
 */
export const IMPORT_MAX_UNPACKED_BYTES = 24 * 1024 * 1024;
export const IMPORT_MAX_SHEET_BYTES = 16 * 1024 * 1024;
export const IMPORT_MAX_SHARED_STRINGS_BYTES = 8 * 1024 * 1024;
export const IMPORT_MAX_SHARED_STRINGS = (IMPORT_MAX_ROWS + 50) * IMPORT_MAX_COLUMNS;
/** Roll numbers are small positive integers (the form never asks for one; the class gives the next). */
export const IMPORT_MAX_ROLL_NUMBER = 100_000;

/** The fields a column may fill, in the form's order: the student's, then one guardian's (name,
 * relation, phone, WhatsApp and "agreed to be contacted", as the guardians list has them). */
export const IMPORT_FIELDS = [
  'name', 'date_of_birth', 'parent_phone', 'parent_email', 'roll_number',
  'guardian_name', 'guardian_relation', 'guardian_phone', 'guardian_whatsapp', 'guardian_consent',
] as const;
export type ImportField = (typeof IMPORT_FIELDS)[number];
export const REQUIRED_IMPORT_FIELDS: readonly ImportField[] = ['name', 'date_of_birth', 'parent_phone'];
export const GUARDIAN_IMPORT_FIELDS: readonly ImportField[] = ['guardian_name', 'guardian_relation', 'guardian_phone', 'guardian_whatsapp', 'guardian_consent'];
/** How far down the file the header row is looked for (title rows above it are skipped). */
export const IMPORT_HEADER_SEARCH_LINES = 20;

/** A mapping: for each field, the index of the column that fills it, or null (not in the file). */
export type ImportMapping = Record<ImportField, number | null>;

export const IMPORT_MESSAGES = {
  noFile: 'Choose a CSV or XLSX file to import.',
  tooLarge: `The file is larger than ${IMPORT_MAX_BYTES / 1024 / 1024} MB. Split it into smaller files.`,
  tooManyRows: `The file has more than ${IMPORT_MAX_ROWS} rows. Split it into smaller files.`,
  malformed: 'The file is not a CSV or XLSX spreadsheet that can be read.',
  notWorkbook: 'The file is a ZIP archive but not an Excel workbook (XLSX).',
  oldExcel: 'Old Excel files (.xls) cannot be read. Save the sheet as .xlsx or .csv and try again.',
  macros: 'Workbooks with macros (.xlsm) are not accepted. Save the sheet as .xlsx or .csv without macros.',
  encoding: 'The CSV file must be UTF-8 or UTF-16 text. Save it as "CSV UTF-8" and try again.',
  unpackedTooLarge: 'The workbook is too large once unpacked. Keep only the sheet of students and try again.',
  sheetTooLarge: `The sheet of students is larger than ${IMPORT_MAX_SHEET_BYTES / 1024 / 1024} MB once unpacked. Keep only the students' rows and columns and try again.`,
  sharedStringsTooLarge: 'The workbook holds too much text. Keep only the sheet of students, or save it as CSV, and try again.',
  tooManyColumns: `The file has more than ${IMPORT_MAX_COLUMNS} columns. Keep only the students' columns and try again.`,
  busy: 'The server is busy reading other files. Please try again in a minute.',
  churchBusy: 'Another file of your church is being read. Please wait for it and try again.',
  empty: 'The file has no rows of students under its header row.',
  mappingInvalid: 'The column mapping is not valid.',
  mappingMissing: (fields: string) => `Choose the column for: ${fields}.`,
  headerRowInvalid: 'The header row must be one of the first rows of the file that have values.',
  notADate: (written: string) => `${written} is not a date.`,
  yesNoInvalid: (written: string) => `"${written}" is not yes or no.`,
  whatsappInvalid: 'WhatsApp must be yes, no or a phone number.',
  duplicateInClass: 'A student with this name and date of birth is already in the class.',
  duplicateInFile: (line: number) => `The same name and date of birth are on line ${line}.`,
  rollNumberInvalid: `Roll number must be a whole number from 1 to ${IMPORT_MAX_ROLL_NUMBER}.`,
  rollNumberTaken: (roll: number) => `Roll number ${roll} is already taken in this class.`,
  rollNumberTwice: (line: number) => `The same roll number is on line ${line}.`,
  noRows: 'There are no rows to import.',
  rowsRefused: (count: number, reasons: string) => `${count === 1 ? '1 row cannot' : `${count} rows cannot`} be imported, nothing was added. ${reasons}`,
  planLimit: (left: number, asked: number) => (left <= 0
    ? 'Your plan allows no more students. Upgrade your plan to add more.'
    : `Your plan allows ${left} more ${left === 1 ? 'student' : 'students'}; the import has ${asked}. Remove some rows or upgrade your plan.`),
  imported: (count: number) => `${count === 1 ? '1 student' : `${count} students`} imported.`,
} as const;

/** Headers as the guess compares them: composed, lower case, without spaces and punctuation. */
const headerKey = (header: string) => header.normalize('NFC').toLowerCase().replace(/[\s._\-/:()#*'’]+/g, '');

/** Header words each field is guessed from, in English and in the church languages (name and date of
 * birth, the two every list has); compared by `headerKey`. */
const SYNONYMS: Record<ImportField, string[]> = {
  name: ['name', 'student name', 'students name', "student's name", 'child name', "child's name", 'full name', 'student', 'child',
    'name of student', 'name of child', 'name of the child', 'name of the student', 'പേര്', 'കുട്ടിയുടെ പേര്', 'പേര്‌', 'பெயர்',
    'மாணவர் பெயர்', 'नाम', 'छात्र का नाम', 'बच्चे का नाम'],
  date_of_birth: ['date of birth', 'dob', 'd.o.b', 'birth date', 'birthdate', 'birthday', 'born', 'born on', 'ജനന തീയതി', 'ജനനത്തീയതി',
    'ജനന തിയതി', 'பிறந்த தேதி', 'பிறந்த நாள்', 'जन्म तिथि', 'जन्मतिथि', 'जन्म दिनांक', 'जन्म की तारीख'],
  parent_phone: ['parent phone', 'phone', 'phone number', 'mobile', 'mobile number', 'mobile no', 'phone no', 'contact', 'contact number',
    'contact no', 'parent mobile', 'parent contact', 'ഫോൺ', 'ഫോണ്‍', 'മൊബൈൽ', 'தொலைபேசி', 'கைபேசி', 'फ़ोन', 'फोन', 'मोबाइल'],
  parent_email: ['parent email', 'email', 'e-mail', 'email address', 'mail', 'guardian email', 'parent e-mail', 'ഇമെയിൽ', 'மின்னஞ்சல்', 'ईमेल'],
  roll_number: ['roll number', 'roll no', 'roll', 'roll num', 'rollno', 'റോൾ നമ്പർ', 'வரிசை எண்', 'ரோல் எண்', 'रोल नंबर'],
  guardian_name: ['guardian', 'guardian name', 'parent name', 'name of parent', 'name of guardian', 'രക്ഷിതാവ്', 'രക്ഷിതാവിന്റെ പേര്',
    'பெற்றோர் பெயர்', 'अभिभावक', 'अभिभावक का नाम'],
  guardian_relation: ['relation', 'relationship', 'relation to child', 'ബന്ധം', 'உறவு', 'संबंध', 'रिश्ता'],
  guardian_phone: ['guardian phone', 'guardian mobile', 'guardian contact', 'second phone', 'other phone', 'alternate phone', 'phone 2', 'mobile 2'],
  guardian_whatsapp: ['whatsapp', 'whatsapp number', 'whatsapp no', 'വാട്സ്ആപ്പ്', 'வாட்ஸ்அப்', 'व्हाट्सएप'],
  guardian_consent: ['agreed to be contacted', 'agreed', 'consent', 'contact consent', 'may contact', 'can contact', 'ok to contact'],
};
const FIELD_BY_HEADER = new Map(Object.entries(SYNONYMS).flatMap(([field, words]) => words.map((w) => [headerKey(w), field as ImportField])));

/** The words of a header, loosely: lower case, possessives and punctuation dropped, filler words
 * ('of', 'the', 'no', 'number') left out: "Name of the Child" and "Child's name" both give child, name. */
const FILLER = new Set(['of', 'the', 'no', 'number', 'num', 'nr', 'a', 'an', 'to', 'be', 'in', 'and', 'or', 's']);
const looseWords = (header: string) => header.normalize('NFC').toLowerCase().replace(/['’`]s\b/g, '')
  .split(/[^\p{L}\p{M}\p{N}]+/u).filter((w) => w && !FILLER.has(w));

const ADULT = ['parent', 'father', 'mother', 'guardian', 'grandparent', 'grandfather', 'grandmother', 'uncle', 'aunt', 'brother', 'sister'];
const PHONE_WORDS = ['phone', 'mobile', 'contact', 'cell', 'tel', 'telephone', 'ph'];

/**
 * The fields a header may fill, the likelier first: its exact synonym, else by its words (loosely):
 * "Parent's Mobile" and "Father's Mobile" are the parent phone (a second phone column the
 * guardian's), "Roll No" the roll number, "Father's Name" the guardian's name.
 */
function fieldsForHeader(header: string): ImportField[] {
  const exact = FIELD_BY_HEADER.get(headerKey(header));
  if (exact) return exact === 'parent_phone' ? ['parent_phone', 'guardian_phone'] : [exact];
  const words = looseWords(header);
  const has = (...list: string[]) => words.some((w) => list.includes(w));
  if (!words.length) return [];
  if (has('whatsapp')) return ['guardian_whatsapp'];
  if (has('agreed', 'agree', 'consent', 'contacted')) return ['guardian_consent'];
  if (has('relation', 'relationship')) return ['guardian_relation'];
  if (has('email', 'mail')) return ['parent_email'];
  if (has('roll')) return ['roll_number'];
  if (has('dob', 'birth', 'born', 'birthday', 'birthdate')) return ['date_of_birth'];
  if (has(...PHONE_WORDS)) return has('guardian') ? ['guardian_phone', 'parent_phone'] : ['parent_phone', 'guardian_phone'];
  if (has('name')) return has(...ADULT) ? ['guardian_name'] : has('child', 'student', 'kid', 'pupil', 'full', 'baptism') || words.length === 1 ? ['name'] : [];
  return [];
}

/** Guesses which column fills which field from the header row: each column the first field it may
 * fill that no earlier column took (each column used once). */
export function guessMapping(headers: readonly string[]): ImportMapping {
  const mapping = Object.fromEntries(IMPORT_FIELDS.map((f) => [f, null])) as ImportMapping;
  headers.forEach((header, index) => {
    const field = fieldsForHeader(header).find((f) => mapping[f] === null);
    if (field) mapping[field] = index;
  });
  return mapping;
}

/** Whether a row looks like the header row: two or more of its cells name fields. */
export const isHeaderRow = (cells: readonly string[]) => cells.filter((c) => fieldsForHeader(c).length > 0).length >= 2;

/** The key under which a church's last mapping remembers a column: its header, loosely. */
export const rememberedHeaderKey = headerKey;

/** A mapping as the preview accepts it (JSON in a form field): each field a column index or null. */
export const importMappingSchema = z.object(Object.fromEntries(IMPORT_FIELDS.map((f) => [f, z.number().int().min(0).max(IMPORT_MAX_COLUMNS - 1).nullable().optional()])) as
  Record<ImportField, z.ZodOptional<z.ZodNullable<z.ZodNumber>>>, { error: IMPORT_MESSAGES.mappingInvalid }).strict();

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * A date of birth as a spreadsheet gives it, to YYYY-MM-DD. The rule: YYYY-MM-DD (also with / or .),
 * or day first, DD/MM/YYYY, DD-MM-YYYY or DD.MM.YYYY (the Indian order; a month-first file must be
 * saved with ISO dates); an Excel date cell is read as its calendar date. Anything else is kept as
 * written, and the student schema then says it is not a valid date.
 */
export function normalizeDate(value: string): string {
  const text = value.trim();
  const iso = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})$/.exec(text);
  if (iso) return `${iso[1]}-${pad(Number(iso[2]))}-${pad(Number(iso[3]))}`;
  const dayFirst = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})$/.exec(text);
  if (dayFirst) return `${dayFirst[3]}-${pad(Number(dayFirst[2]))}-${pad(Number(dayFirst[1]))}`;
  return text;
}

const YES = new Set(['yes', 'y', 'true', '1', 'agreed', 'ok', '✓', '✔', 'x', 'അതെ', 'ഉണ്ട്', 'ஆம்', 'हाँ', 'हां']);
const NO = new Set(['no', 'n', 'false', '0', '✗', '✘', 'ഇല്ല', 'அல்ல', 'இல்லை', 'नहीं']);
/** A yes/no cell: true, false, null (empty) or undefined (neither). */
export function yesNo(value: string): boolean | null | undefined {
  const text = value.trim().normalize('NFC').toLowerCase().replace(/[.!]+$/, '');
  if (!text) return null;
  if (YES.has(text)) return true;
  if (NO.has(text)) return false;
  return undefined;
}

/** A relation as a spreadsheet writes it, to the guardians list's (mother, father ...); undefined
 * when it is none of them. */
const RELATION_WORDS: Record<string, (typeof RELATIONS)[number]> = {
  parent: 'parent', mother: 'mother', mom: 'mother', mum: 'mother', amma: 'mother', father: 'father', dad: 'father', appa: 'father',
  guardian: 'guardian', grandparent: 'grandparent', grandmother: 'grandparent', grandfather: 'grandparent', grandma: 'grandparent',
  grandpa: 'grandparent', sibling: 'sibling', brother: 'sibling', sister: 'sibling', relative: 'relative', uncle: 'relative',
  aunt: 'relative', aunty: 'relative', other: 'other', 'അമ്മ': 'mother', 'അച്ഛൻ': 'father', 'അപ്പൻ': 'father', 'அம்மா': 'mother',
  'அப்பா': 'father', 'माँ': 'mother', 'माता': 'mother', 'पिता': 'father',
};
export function relationOf(value: string): (typeof RELATIONS)[number] | undefined {
  return RELATION_WORDS[value.trim().normalize('NFC').toLowerCase()];
}

/** One row as the preview shows it and the import takes it back: the text of each mapped cell. */
const cell = plainString({ error: STUDENT_MESSAGES.nameInvalid }).max(500).optional();
const importRowSchema = z.object({
  line: z.number().int().min(1).max(1_000_000).optional(),
  name: cell, date_of_birth: cell, parent_phone: cell, parent_email: cell.nullable(), roll_number: cell.nullable(),
  guardian_name: cell.nullable(), guardian_relation: cell.nullable(), guardian_phone: cell.nullable(),
  guardian_whatsapp: cell.nullable(), guardian_consent: cell.nullable(),
});
export type ImportRow = z.output<typeof importRowSchema>;

/** The mapping the import remembers for the church: for each field the header of its column (null: not in the file). */
const rememberedMapping = z.partialRecord(z.enum(IMPORT_FIELDS), plainString().max(200).nullable(), { error: IMPORT_MESSAGES.mappingInvalid })
  .optional();

/** POST /api/students/import: the class and the rows of the preview marked new (checked again). */
export const studentImportInput = z.object({
  class_id: plainString({ error: STUDENT_MESSAGES.classRequired }).trim().refine(isGuid, STUDENT_MESSAGES.classInvalid),
  rows: z.array(importRowSchema).max(IMPORT_MAX_ROWS, IMPORT_MESSAGES.tooManyRows),
  /** The columns used, by header: the church's next preview maps a file of the same shape the same way. */
  columns: rememberedMapping,
});

/** A row is valid exactly when the student form would accept it: the form's own schema. */
export const importStudentSchema = studentCreateInput.pick({ name: true, parent_phone: true, parent_email: true, date_of_birth: true });

export type ImportStatus = 'new' | 'duplicate' | 'invalid';

/** The header row and example row of the template file. */
export const IMPORT_TEMPLATE_HEADERS = ['Name', 'Date of birth', 'Parent phone', 'Parent email', 'Roll number',
  'Guardian name', 'Relation', 'Guardian phone', 'WhatsApp', 'Agreed to be contacted'];
export const IMPORT_TEMPLATE_EXAMPLE = ['Anna Joseph', '2016-03-15', '+91 98765 43210', 'parent@example.org', '',
  'Mary Joseph', 'Mother', '', 'Yes', 'Yes'];
