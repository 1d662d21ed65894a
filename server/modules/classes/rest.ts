import { restRoute } from '../../rest/route-table.js';

const route = restRoute('classes');

export const classesRestRoutes = [
  route({ method: 'GET', path: '/api/classes', procedure: 'classes.list',
    summary: 'Classes (all for super_admin and principal, own for a teacher); optional query academic_year' }),
  route({ method: 'GET', path: '/api/classes/my-classes', procedure: 'classes.myClasses',
    summary: 'The classes whose teacher is the signed-in user' }),
  route({ method: 'GET', path: '/api/classes/teachers/available', procedure: 'classes.availableTeachers',
    summary: 'Active teachers who can be assigned to a class (super_admin, principal)' }),
  route({ method: 'POST', path: '/api/classes', procedure: 'classes.create', successStatus: 201,
    summary: 'Add a class: class_name (LKG, UKG, 1st ... 10th), section, teacher_id, academic_year (super_admin, principal); '
      + '409 for a duplicate or over the plan limit' }),
  route({ method: 'PUT', path: '/api/classes/{id}', procedure: 'classes.update',
    summary: 'Edit a class; fields left out keep their values (super_admin, principal)' }),
  route({ method: 'DELETE', path: '/api/classes/{id}', procedure: 'classes.delete',
    summary: 'Delete a class without students (super_admin); 409 while it has students' }),
];
