import english from '../../../../common/i18n/catalogues/reports/en.json';
import { registerArea } from '../../lib/i18n';

// The texts of Attendance Reports (area `reports`), known before any of the screen's modules
// renders: each module of the screen that translates imports this one.
registerArea('reports', english);
