import english from '../../../../common/i18n/catalogues/attendance/en.json';
import { registerArea } from '../../lib/i18n';

// Mark Attendance's texts (area `attendance`), known before any of the screen's modules renders:
// each module of the screen that translates imports this one.
registerArea('attendance', english);
