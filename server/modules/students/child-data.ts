import { and, eq } from 'drizzle-orm';
import { classes, enrolments, students } from '../../../drizzle/schema/index.js';
import { exportJson, type ChildData } from '../../core/child-data.js';
import type { Tx } from '../../db/index.js';
import { deleteStudentRow } from './queries.js';

/** The child as their export describes them, with their current class (undefined once the child is gone). */
async function selectProfile(tx: Tx, churchId: string, studentId: string) {
  const [row] = await tx.select({
    name: students.name, dateOfBirth: students.dateOfBirth, className: classes.className, section: classes.section,
    academicYear: students.academicYear, active: students.active,
  }).from(students)
    .innerJoin(classes, and(eq(classes.churchId, students.churchId), eq(classes.id, students.classId)))
    .where(and(eq(students.churchId, churchId), eq(students.id, studentId)));
  return row;
}

/** The child's own row, first in the list: an erasure deletes it last, and the rows that hang on it go with it. */
export const studentsChildData: ChildData = {
  owner: 'students',
  tables: [
    { table: students, erasure: 'deleted, with the rows of the child that hang on it by their foreign keys', purge: true },
    { table: enrolments, erasure: 'deleted with the student row (attendance first keeps their classes under the marks\' new id)' },
  ],
  async erase(tx, { churchId, studentId }) {
    await deleteStudentRow(tx, churchId, studentId);
    return {};
  },
  async export(tx, { churchId, studentId }) {
    const profile = await selectProfile(tx, churchId, studentId);
    if (!profile) return [];
    return [exportJson('profile.json', {
      name: profile.name, date_of_birth: profile.dateOfBirth, class: `${profile.className} ${profile.section}`.trim(),
      class_name: profile.className, section: profile.section, academic_year: profile.academicYear, active: profile.active,
    }), {
      summary: {
        heading: 'privacy.family.profile',
        fields: [
          ['privacy.family.name', profile.name],
          ['privacy.family.dateOfBirth', { day: profile.dateOfBirth }],
          ['privacy.family.class', `${profile.className} ${profile.section}`.trim()],
          ['privacy.family.academicYear', profile.academicYear],
          ['privacy.family.status', { message: profile.active ? 'privacy.family.active' : 'privacy.family.inactive' }],
        ],
      },
    }];
  },
};
