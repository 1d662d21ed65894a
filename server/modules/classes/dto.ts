import type { ClassListRow } from './queries.js';

/** A class as the client shows it, with its teacher and student count. */
export function toClassDto(row: ClassListRow) {
  return {
    id: row.id,
    class_name: row.className,
    section: row.section,
    teacher_id: row.teacherId,
    teacher_name: row.teacherName,
    teacher_email: row.teacherEmail,
    academic_year: row.academicYear,
    student_count: row.studentCount,
  };
}
export type ClassDto = ReturnType<typeof toClassDto>;
