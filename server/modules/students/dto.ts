import { ageInYears } from '../../../common/school.js';
import type { StudentListRow } from './queries.js';

/** A student as the client shows it, with the age in whole years on the church's today, and whether
 * no enrolment consent is in force for them (staff's "consent missing" badge). */
export function toStudentDto(row: StudentListRow, today: string, consentMissing: boolean) {
  return {
    id: row.id,
    name: row.name,
    parent_phone: row.parentPhone,
    parent_email: row.parentEmail,
    date_of_birth: row.dateOfBirth,
    age: ageInYears(row.dateOfBirth, today),
    class_id: row.classId,
    class_name: row.className,
    class_section: row.classSection,
    roll_number: row.rollNumber,
    academic_year: row.academicYear,
    /** False once the child moved away: off the roll call and the follow-up list, still listed here. */
    active: row.active,
    /** No enrolment consent in force (never given, or withdrawn): the child may still be marked present. */
    consent_missing: consentMissing,
  };
}
export type StudentDto = ReturnType<typeof toStudentDto>;

/** A student of the roll call (the Mark Attendance screen's list): with the red badge's flag, an
 * allergy or medical note is recorded (never the note itself). */
export const toRosterStudentDto = (row: StudentListRow, today: string, consentMissing: boolean) =>
  ({ ...toStudentDto(row, today, consentMissing), hasMedicalNote: row.hasMedicalNote });
export type RosterStudentDto = ReturnType<typeof toRosterStudentDto>;
