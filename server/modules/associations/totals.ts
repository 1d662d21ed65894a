import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { toCsv } from '../../../common/csv.js';
import type { associationTotalsInput, associationTrendInput } from '../../../common/schemas/associations.js';
import type { AssociationScope } from '../../core/scopes.js';
import { rowsOf } from '../../db/index.js';
import type { RestFile } from '../../rest/meta.js';

// What an association sees of its member churches: figures, never a child. The member list, the
// counting and the small-numbers rule are the database's (association_church_totals and
// association_church_trend, migration 0048, owned by the platform): this module only asks for the
// transaction's association, shapes the answer, and narrows a section convener's to their section.

type Level = 'church' | 'section' | 'association';

interface FigureRow {
  level: Level;
  section_id: string | null;
  section_name: string | null;
  church_id: string | null;
  church_name: string | null;
  churches: number;
  classes: number;
  teachers: number;
  /** A church's days with a roll call in the month; null on a section's or the association's row. */
  sundays_recorded: number | null;
  /** Null when withheld: about 1 to 4 children (fewer_than_five). */
  enrolled: number | null;
  consent_percentage: number | null;
  /** Null when withheld (attendance_fewer_than_five) or when nothing was marked. */
  attendance_percentage: number | null;
  fewer_than_five: boolean;
  attendance_fewer_than_five: boolean;
  /** Of a section's or the association's churches, those whose figures were withheld and are not in its sums. */
  churches_left_out: number;
}

interface TrendRow {
  level: Level;
  section_id: string | null;
  section_name: string | null;
  church_id: string | null;
  church_name: string | null;
  month: string;
  sundays_recorded: number | null;
  attendance_percentage: number | null;
  fewer_than_five: boolean;
  churches_left_out: number;
}

/** A section convener sees their own section's churches and that section's sums only. */
function visibleTo(scope: AssociationScope) {
  const section = scope.officer.role === 'section_convener' ? scope.officer.sectionId : undefined;
  return (row: { level: Level; section_id: string | null }) =>
    section === undefined || (row.level !== 'association' && row.section_id === section);
}

const byLevel = <T extends { level: Level }>(rows: T[]) => ({
  association: rows.find((r) => r.level === 'association') ?? null,
  sections: rows.filter((r) => r.level === 'section'),
  churches: rows.filter((r) => r.level === 'church'),
});

const withoutLevel = <T extends { level: Level }>({ level: _level, ...rest }: T) => rest;

async function figuresOf(scope: AssociationScope, input: z.output<typeof associationTotalsInput>) {
  const rows = rowsOf<FigureRow>(await scope.tx.execute(sql`
    select * from association_church_totals(${input.academic_year}, ${`${input.month}-01`}::date) t
    order by t.section_name collate "und-x-icu" nulls last, t.church_name collate "und-x-icu", t.church_id`));
  return rows.filter(visibleTo(scope));
}

/** GET /api/associations/totals: per member church, per section and for the association, the month's figures. */
export async function associationTotals(scope: AssociationScope, input: z.output<typeof associationTotalsInput>) {
  const { association, sections, churches } = byLevel(await figuresOf(scope, input));
  return {
    academic_year: input.academic_year,
    month: input.month,
    association: association && withoutLevel(association),
    sections: sections.map(withoutLevel),
    churches: churches.map(withoutLevel),
  };
}

/** GET /api/associations/trend: each month of the academic year with marks, per church, section and the association. */
export async function associationTrend(scope: AssociationScope, input: z.output<typeof associationTrendInput>) {
  const rows = rowsOf<TrendRow>(await scope.tx.execute(sql`
    select t.level, t.section_id, t.section_name, t.church_id, t.church_name, to_char(t.month, 'YYYY-MM') as month,
      t.sundays_recorded, t.attendance_percentage, t.fewer_than_five, t.churches_left_out
    from association_church_trend(${input.academic_year}) t
    order by t.month, t.section_name collate "und-x-icu" nulls last, t.church_name collate "und-x-icu", t.church_id`));
  const visible = rows.filter(visibleTo(scope));
  return {
    academic_year: input.academic_year,
    association: visible.filter((r) => r.level === 'association').map(withoutLevel),
    sections: visible.filter((r) => r.level === 'section').map(withoutLevel),
    churches: visible.filter((r) => r.level === 'church').map(withoutLevel),
  };
}

const CSV_HEADINGS = [
  'Level', 'Section', 'Church', 'Churches', 'Classes', 'Active teachers', 'Sundays recorded', 'Enrolled children',
  'Consent coverage %', 'Attendance %', 'Churches left out (fewer than 5)',
] as const;
const FEWER_THAN_FIVE = 'fewer than 5';

/** GET /api/associations/totals.csv: the same figures as a spreadsheet, a withheld figure written "fewer than 5". */
export async function associationTotalsCsv(scope: AssociationScope, input: z.output<typeof associationTotalsInput>): Promise<RestFile> {
  const rows = await figuresOf(scope, input);
  const ordered = [...rows.filter((r) => r.level === 'association'), ...rows.filter((r) => r.level === 'section'), ...rows.filter((r) => r.level === 'church')];
  const csv = toCsv(CSV_HEADINGS, ordered.map((r) => [
    r.level, r.section_name ?? '', r.church_name ?? '', r.churches, r.classes, r.teachers, r.sundays_recorded,
    r.fewer_than_five ? FEWER_THAN_FIVE : r.enrolled,
    r.fewer_than_five ? FEWER_THAN_FIVE : r.consent_percentage?.toFixed(1),
    r.attendance_fewer_than_five ? FEWER_THAN_FIVE : r.attendance_percentage?.toFixed(1),
    r.level === 'church' ? '' : r.churches_left_out,
  ]));
  return { filename: `association-${scope.association.code}-${input.month}.csv`, body: `\uFEFF${csv}` };
}
