import { z } from 'zod';
import { academicYearOf } from '../../common/academic-year.js';
import { todayIn } from '../../common/dates.js';

/**
 * Inputs for the two-tenant replay (tests/integration/tenant-replay.test.ts): for each procedure, a
 * sample made from its input schema in which every id names a real row of the victim church. A
 * field that is an id but has no victim row to name fails the replay, so a procedure added later
 * with a new kind of id cannot slip past it unprobed.
 */

/** Ids of the victim church's rows, one of each kind a procedure can name. */
export interface VictimIds {
  church: string;
  class: string;
  student: string;
  teacher: string;
  record: string;
  media: string;
  /** The payment provider's order id of one of its orders. */
  providerOrder: string;
  /** The id of an offline attendance batch it sent (ids a device makes; each church has its own). */
  batch: string;
  /** One of its family data exports. */
  export: string;
  /** A guardian of its student. */
  guardian: string;
  /** An academic-year rollover it made. */
  rollover: string;
  /** A teacher's absence from its class, with a substitute. */
  absence: string;
  /** An exam of its class's year, with marks, a remark and a correction. */
  exam: string;
  /** The exam's paper of its class. */
  paper: string;
  /** The write id of a mark-list save it made (ids a device makes; each church has its own). */
  examWrite: string;
  /** Its membership of its association (an invitation it accepted). */
  membership: string;
  /** The association's section it is in, and a circular sent to that section, which it read. */
  section: string;
  circular: string;
  /** An officer of its association (the replay's officers are of other associations). */
  officer: string;
  /** The association it is a member of (the console's associations name it). */
  association: string;
}

type Kind = keyof VictimIds;

/** Id fields named after what they point at. */
const KIND_OF_FIELD: Record<string, Kind> = {
  classId: 'class', class_id: 'class', studentId: 'student', student_id: 'student', student_ids: 'student', teacher_id: 'teacher',
  next_teacher_id: 'teacher',
  church_id: 'church', order_id: 'providerOrder', razorpay_order_id: 'providerOrder', batchId: 'batch',
  guardian_id: 'guardian', class_ids: 'class', substitute_id: 'teacher', absence_id: 'absence',
  exam_id: 'exam', paper_id: 'paper', write_id: 'examWrite', section_id: 'section', association_id: 'association',
};

/** A bare `id` points at the row kind of the procedure's domain (longest prefix first). */
const KIND_OF_DOMAIN: Array<[string, Kind]> = [
  ['admin.churches.', 'church'], ['admin.payments.', 'church'], ['admin.associations.', 'association'], ['admin.users.', 'teacher'], ['admin.media.', 'media'],
  ['subscription.', 'church'], ['payments.', 'church'], ['classes.', 'class'], ['students.', 'student'],
  ['records.', 'record'], ['users.', 'teacher'], ['gallery.', 'media'], ['guardians.', 'student'], ['privacy.', 'student'],
  ['familyExport.link', 'export'], ['familyExport.', 'student'], ['consent.', 'student'],
  ['rollover.', 'rollover'],
  ['association.renameSection', 'section'], ['association.deleteSection', 'section'], ['association.circularReaders', 'circular'],
  ['association.circularPdf', 'circular'], ['churchAssociation.circularPdf', 'circular'],
  ['association.updateOfficer', 'officer'], ['association.', 'membership'], ['churchAssociation.markCircularRead', 'circular'], ['churchAssociation.', 'membership'],
];

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  format?: string;
  pattern?: string;
  minimum?: number;
  minLength?: number;
  maxLength?: number;
}

const today = todayIn('Asia/Kolkata');
const [year, month] = today.split('-');

/** Plain strings by field name, where the name says what the value is. */
const STRING_BY_FIELD: Record<string, string> = {
  email: 'replay@example.org', admin_email: 'replay-admin@example.org', parent_email: 'parent@example.org',
  password: 'Replay-password-1', newPassword: 'Replay-password-1', admin_password: 'Replay-password-1',
  date: today, starts_on: today, ends_on: today, date_of_birth: '2015-01-15', month, academic_year: academicYearOf(today, 6),
  phone: '+91 90000 00000', parent_phone: '+91 90000 00000', church_code: 'NOSUCH', subscription_end_date: today,
  class_name: '3rd', section: 'R', razorpay_payment_id: 'pay_replay1', razorpay_signature: 'replay-signature',
  bank_reference: '123456789012',
  // A consent link's token in its form (43 base64url characters), of no link: the real token is the
  // link's only key, so whoever holds it may open it; the replay probes the other callers' doors.
  token: 'R'.repeat(43),
  // When a device says a mark was tapped: a minute ago.
  tappedAt: new Date(Date.now() - 60_000).toISOString(),
};
/** Tried in order against a field's pattern when its name says nothing. */
const STRING_CANDIDATES = ['Replay sample', today, month, `${year}-${month}`, academicYearOf(today, 6), 'replay@example.org', '+91 90000 00000', 'replay-token-1', '560001'];

const isIdField = (field: string, schema: JsonSchema) =>
  schema.format === 'uuid' || field === 'id' || field in KIND_OF_FIELD || /[a-z](Id|_id)$/.test(field);

function victimId(procedure: string, field: string, ids: VictimIds): string {
  const kind = KIND_OF_FIELD[field] ?? (field === 'id' ? KIND_OF_DOMAIN.find(([prefix]) => procedure.startsWith(prefix))?.[1] : undefined);
  if (!kind) throw new Error(`${procedure}: no victim row for the id field "${field}"; teach tests/helpers/replay-inputs.ts what it names`);
  return ids[kind];
}

function sampleString(field: string, schema: JsonSchema): string {
  const fits = (value: string) =>
    (!schema.pattern || new RegExp(schema.pattern, 'u').test(value))
    && value.length >= (schema.minLength ?? 0) && value.length <= (schema.maxLength ?? Infinity);
  const named = STRING_BY_FIELD[field];
  if (named !== undefined && fits(named)) return named;
  if (schema.format === 'email') return 'replay@example.org';
  return STRING_CANDIDATES.find(fits) ?? 'x'.repeat(Math.max(1, schema.minLength ?? 1));
}

function sample(procedure: string, field: string, schema: JsonSchema, ids: VictimIds): unknown {
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  const options = schema.anyOf ?? schema.oneOf;
  if (options) return sample(procedure, field, options.find((option) => option.type !== 'null') ?? options[0], ids);
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  if (types.includes('object') || schema.properties) {
    return Object.fromEntries(Object.entries(schema.properties ?? {}).map(([name, property]) => [name, sample(procedure, name, property, ids)]));
  }
  if (types.includes('array')) return schema.items ? [sample(procedure, field, schema.items, ids)] : [];
  if (types.includes('integer') || types.includes('number')) {
    if (field === 'year') return Number(year);
    if (field === 'price') return 0; // a plan's price: the first tier, the free trial, costs nothing
    if (field === 'month') return Number(month);
    return Math.max(schema.minimum ?? 1, 1);
  }
  if (types.includes('string')) {
    return isIdField(field, schema) && !(field in STRING_BY_FIELD) ? victimId(procedure, field, ids) : sampleString(field, schema);
  }
  if (types.includes('boolean')) return field === 'is_active';
  return null;
}

/** A sample input for the procedure, naming the victim's rows; undefined when it takes none. */
export function replayInput(procedure: string, schema: z.ZodType | undefined, ids: VictimIds): unknown {
  if (!schema) return undefined;
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  return sample(procedure, '', json, ids);
}
