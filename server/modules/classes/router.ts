import { classCreateInput, classIdInput, classListInput, classNamesInput, classUpdateInput } from '../../../common/schemas/classes.js';
import { capabilityProcedure, router } from '../../trpc/init.js';
import { rest } from '../../rest/meta.js';
import {
  availableTeachers, classNames, createClass, deleteClass, listClasses, myClasses, updateClass, updateClassNames,
} from './service.js';

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
  names: staff
    .meta(rest('GET', '/api/classes/names', 'The church\'s class list in school order (class_names; LKG, UKG, 1st ... 12th unless set): '
      + 'classes are named from it, ordered by it (names no longer listed after it) and the rollover moves a class to the next name, the last leaving'))
    .query(({ ctx }) => classNames(ctx)),
  updateNames: capabilityProcedure('configureClassNames')
    .meta(rest('PUT', '/api/classes/names', 'Set the class list: class_names, 1-30 names of at most 30 characters, each once whatever the case, '
      + 'in school order (super_admin, principal); audited. A name still used by a class of the current or a later academic year '
      + 'cannot leave the list (409); past years\' classes keep their names'))
    .input(classNamesInput).mutation(({ ctx, input }) => updateClassNames(ctx, input)),
  create: managers
    .meta(rest('POST', '/api/classes', 'Add a class: class_name (a name of the church\'s class list, GET /api/classes/names; 400 otherwise), section, teacher_id, academic_year (super_admin, principal); '
      + '409 for a duplicate or over the plan limit', { successStatus: 201 }))
    .input(classCreateInput).mutation(({ ctx, input }) => createClass(ctx, input)),
  update: managers
    .meta(rest('PUT', '/api/classes/{id}', 'Edit a class; fields left out keep their values (super_admin, principal)'))
    .input(classUpdateInput).mutation(({ ctx, input }) => updateClass(ctx, input)),
  delete: capabilityProcedure('deleteClasses')
    .meta(rest('DELETE', '/api/classes/{id}', 'Delete a class without students (super_admin); 409 while it has students'))
    .input(classIdInput).mutation(({ ctx, input }) => deleteClass(ctx, input)),
});
