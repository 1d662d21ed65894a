import { classCreateInput, classIdInput, classListInput, classUpdateInput } from '../../../common/schemas/classes.js';
import { roleProcedure, router } from '../../trpc/init.js';
import { availableTeachers, createClass, deleteClass, listClasses, myClasses, updateClass } from './service.js';

const staff = roleProcedure('super_admin', 'principal', 'teacher');
const managers = roleProcedure('super_admin', 'principal');

export const classesRouter = router({
  /** All classes for principals and super admins; a teacher gets only own classes. */
  list: staff.input(classListInput).query(({ ctx, input }) => listClasses(ctx, input ?? {})),
  myClasses: staff.query(({ ctx }) => myClasses(ctx)),
  availableTeachers: managers.query(({ ctx }) => availableTeachers(ctx)),
  create: managers.input(classCreateInput).mutation(({ ctx, input }) => createClass(ctx, input)),
  update: managers.input(classUpdateInput).mutation(({ ctx, input }) => updateClass(ctx, input)),
  delete: roleProcedure('super_admin').input(classIdInput).mutation(({ ctx, input }) => deleteClass(ctx, input)),
});
