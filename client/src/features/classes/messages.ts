import english from '../../../../common/i18n/catalogues/classes/en.json';
import { registerArea } from '../../lib/i18n';

// Class Management's texts (area `classes`), known before any of the screen's modules renders: each module of the screen that
// translates imports this one.
registerArea('classes', english);
