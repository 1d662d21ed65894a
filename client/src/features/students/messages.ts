import english from '../../../../common/i18n/catalogues/students/en.json';
import { registerArea } from '../../lib/i18n';

// The student screens' texts (area `students`), also those of the student table that Student View
// shows, known before any of their modules renders: each module that translates imports this one.
registerArea('students', english);
