import {
  classStudentsInput, studentClassesInput, studentCreateInput, studentIdInput, studentListInput, studentUpdateInput,
} from '../../../common/schemas/students.js';
import { roleProcedure, router } from '../../trpc/init.js';
import {
  classesForStudents, createStudent, deleteStudent, listStudents, studentsOfClass, updateStudent,
} from './service.js';

const staff = roleProcedure('super_admin', 'principal', 'teacher');

export const studentsRouter = router({
  list: staff.input(studentListInput).query(({ ctx, input }) => listStudents(ctx, input ?? {})),
  availableClasses: staff.input(studentClassesInput).query(({ ctx, input }) => classesForStudents(ctx, input ?? {})),
  byClass: staff.input(classStudentsInput).query(({ ctx, input }) => studentsOfClass(ctx, input.classId)),
  create: staff.input(studentCreateInput).mutation(({ ctx, input }) => createStudent(ctx, input)),
  update: staff.input(studentUpdateInput).mutation(({ ctx, input }) => updateStudent(ctx, input)),
  /** Not for teachers: deleting a student also deletes their attendance history. */
  delete: roleProcedure('super_admin', 'principal').input(studentIdInput).mutation(({ ctx, input }) => deleteStudent(ctx, input)),
});
