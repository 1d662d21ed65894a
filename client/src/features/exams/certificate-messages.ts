import english from '../../../../common/i18n/catalogues/certificates/en.json';
import { registerArea } from '../../lib/i18n';

// The certificates' texts (area `certificates`): the exams screen's card and the public check page.
registerArea('certificates', english);
