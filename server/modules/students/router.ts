import {
  classStudentsInput, studentActiveInput, studentClassesInput, studentCreateInput, studentIdInput, studentListInput, studentUpdateInput,
} from '../../../common/schemas/students.js';
import { capabilityProcedure, router } from '../../trpc/init.js';
import { rest } from '../../rest/meta.js';
import {
  classesForStudents, createStudent, deleteStudent, listStudents, studentsOfClass, updateStudent,
} from './service.js';
import { setOnRoll } from './roll-service.js';

const staff = capabilityProcedure('manageStudents');

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
  update: staff
    .meta(rest('PUT', '/api/students/{id}', 'Edit a student; fields left out keep their values; another class_id moves the student '
      + '(new roll number in that class)'))
    .input(studentUpdateInput).mutation(({ ctx, input }) => updateStudent(ctx, input)),
  setActive: staff
    .meta(rest('PUT', '/api/students/{id}/active', 'Mark a child as left, keeping their history (active: false; a family that moved '
      + 'away: off the roll call and the follow-up list, still in the lists and reports), or back on the roll (active: true). '
      + 'Answers id, active, changed (false when the child was so already) and a message; a change is audited. A teacher: only a '
      + 'child of their own class; another church\'s child is not found'))
    .input(studentActiveInput).mutation(({ ctx, input }) => setOnRoll(ctx, input)),
  /** Not for teachers: deleting a student also deletes their attendance history. */
  delete: capabilityProcedure('deleteStudents')
    .meta(rest('DELETE', '/api/students/{id}', 'Delete a student and their attendance (super_admin, principal)'))
    .input(studentIdInput).mutation(({ ctx, input }) => deleteStudent(ctx, input)),
});
