import { restRoute } from '../../rest/route-table.js';

const route = restRoute('students');

export const studentsRestRoutes = [
  route({ method: 'GET', path: '/api/students', procedure: 'students.list',
    summary: 'Students (all for super_admin and principal, of own classes for a teacher); optional query '
      + 'academic_year, class_id, search (name, parent phone or parent email, any case)' }),
  route({ method: 'GET', path: '/api/students/classes/available', procedure: 'students.availableClasses',
    summary: 'Classes the signed-in user may put students in; optional query academic_year' }),
  route({ method: 'GET', path: '/api/students/class/{classId}', procedure: 'students.byClass',
    summary: 'The students of one class, by roll number' }),
  route({ method: 'POST', path: '/api/students', procedure: 'students.create', successStatus: 201,
    summary: 'Add a student: name, parent_phone, parent_email (optional), date_of_birth, class_id; the server '
      + 'assigns the roll number and takes the academic year from the class; 409 over the plan limit' }),
  route({ method: 'PUT', path: '/api/students/{id}', procedure: 'students.update',
    summary: 'Edit a student; fields left out keep their values; another class_id moves the student '
      + '(new roll number in that class)' }),
  route({ method: 'DELETE', path: '/api/students/{id}', procedure: 'students.delete',
    summary: 'Delete a student and their attendance (super_admin, principal)' }),
];
