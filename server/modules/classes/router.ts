import { classCreateInput, classIdInput, classListInput, classUpdateInput } from '../../../common/schemas/classes.js';
import { capabilityProcedure, router } from '../../trpc/init.js';
import { rest } from '../../rest/meta.js';
import { availableTeachers, createClass, deleteClass, listClasses, myClasses, updateClass } from './service.js';

const staff = capabilityProcedure('viewClasses');
const managers = capabilityProcedure('manageClasses');

export const classesRouter = router({
  /** All classes for principals and super admins; a teacher gets only own classes. */
  list: staff
    .meta(rest('GET', '/api/classes', 'Classes (all for super_admin and principal, own for a teacher); optional query academic_year'))
    .input(classListInput).query(({ ctx, input }) => listClasses(ctx, input ?? {})),
  myClasses: staff
    .meta(rest('GET', '/api/classes/my-classes', 'The classes whose teacher is the signed-in user'))
    .query(({ ctx }) => myClasses(ctx)),
  availableTeachers: managers
    .meta(rest('GET', '/api/classes/teachers/available', 'Active teachers who can be assigned to a class (super_admin, principal)'))
    .query(({ ctx }) => availableTeachers(ctx)),
  create: managers
    .meta(rest('POST', '/api/classes', 'Add a class: class_name (LKG, UKG, 1st ... 10th), section, teacher_id, academic_year (super_admin, principal); '
      + '409 for a duplicate or over the plan limit', { successStatus: 201 }))
    .input(classCreateInput).mutation(({ ctx, input }) => createClass(ctx, input)),
  update: managers
    .meta(rest('PUT', '/api/classes/{id}', 'Edit a class; fields left out keep their values (super_admin, principal)'))
    .input(classUpdateInput).mutation(({ ctx, input }) => updateClass(ctx, input)),
  delete: capabilityProcedure('deleteClasses')
    .meta(rest('DELETE', '/api/classes/{id}', 'Delete a class without students (super_admin); 409 while it has students'))
    .input(classIdInput).mutation(({ ctx, input }) => deleteClass(ctx, input)),
});
