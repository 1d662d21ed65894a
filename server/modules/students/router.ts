import {
  classStudentsInput, studentClassesInput, studentCreateInput, studentIdInput, studentListInput, studentUpdateInput,
} from '../../../common/schemas/students.js';
import { studentImportInput } from '../../../common/student-import.js';
import { capabilityProcedure, router } from '../../trpc/init.js';
import { rest } from '../../rest/meta.js';
import {
  classesForStudents, createStudent, deleteStudent, listStudents, studentsOfClass, updateStudent,
} from './service.js';
import { importStudents } from './import-service.js';
import { studentHistory } from './history-service.js';

const staff = capabilityProcedure('manageStudents');
/** The safety card's readers: a child's history is read with the card. */
const cardReaders = capabilityProcedure('viewSafetyCards');

export const studentsRouter = router({
  list: staff
    .meta(rest('GET', '/api/students', 'Students (all for super_admin and principal, of own classes for a teacher); optional query '
      + 'academic_year, class_id, search (name, parent phone or parent email, any case), sort (roll_number: year, class and roll number, '
      + 'the default; name: by name in any script, then that order)'))
    .input(studentListInput).query(({ ctx, input }) => listStudents(ctx, input ?? {})),
  availableClasses: staff
    .meta(rest('GET', '/api/students/classes/available', 'Classes the signed-in user may put students in; optional query academic_year'))
    .input(studentClassesInput).query(({ ctx, input }) => classesForStudents(ctx, input ?? {})),
  byClass: staff
    .meta(rest('GET', '/api/students/class/{classId}', 'The students of one class, by roll number; each with hasMedicalNote (an allergy or medical note is recorded: the roll call\'s red badge)'))
    .input(classStudentsInput).query(({ ctx, input }) => studentsOfClass(ctx, input.classId)),
  create: staff
    .meta(rest('POST', '/api/students', 'Add a student: name, parent_phone, parent_email (optional), date_of_birth, class_id; the server '
      + 'assigns the roll number and takes the academic year from the class; 409 over the plan limit', { successStatus: 201 }))
    .input(studentCreateInput).mutation(({ ctx, input }) => createStudent(ctx, input)),
  import: staff
    .meta(rest('POST', '/api/students/import', 'Import students into one class: class_id and rows (the values of the rows '
      + 'POST /api/students/import/preview marked new: name, date_of_birth, parent_phone, parent_email, roll_number). Every row is '
      + 'checked again; all are added in one transaction or none (400 naming the refused lines); 409 (plan_limit) when the plan '
      + 'allows fewer students than the rows', { successStatus: 201 }))
    .input(studentImportInput).mutation(({ ctx, input }) => importStudents(ctx, input)),
  update: staff
    .meta(rest('PUT', '/api/students/{id}', 'Edit a student; fields left out keep their values; another class_id moves the student '
      + '(new roll number in that class)'))
    .input(studentUpdateInput).mutation(({ ctx, input }) => updateStudent(ctx, input)),
  history: cardReaders
    .meta(rest('GET', '/api/students/{id}/history', 'The student\'s academic years, newest first: per enrolment the class (class_id, '
      + 'class_name, section) and roll_number of that year, and the marks filed under that year\'s classes: present, absent, total, '
      + 'percentage (one decimal; null when none). A teacher: only a child of their own class'))
    .input(studentIdInput).query(({ ctx, input }) => studentHistory(ctx, input)),
  /** Not for teachers: deleting a student also deletes their attendance history. */
  delete: capabilityProcedure('deleteStudents')
    .meta(rest('DELETE', '/api/students/{id}', 'Delete a student and their attendance (super_admin, principal)'))
    .input(studentIdInput).mutation(({ ctx, input }) => deleteStudent(ctx, input)),
});
