import english from '../../../../common/i18n/catalogues/exams/en.json';
import { registerArea } from '../../lib/i18n';

// The exam screens' texts (area `exams`), known before any of their modules renders: each module that
// translates imports this one.
registerArea('exams', english);
