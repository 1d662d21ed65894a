import english from '../../../../common/i18n/catalogues/studentview/en.json';
import { registerArea } from '../../lib/i18n';

// Student View's texts (area `studentview`), known before any of the screen's modules renders: each module of the screen that
// translates imports this one.
registerArea('studentview', english);
