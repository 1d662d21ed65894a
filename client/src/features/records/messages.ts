import english from '../../../../common/i18n/catalogues/records/en.json';
import { registerArea } from '../../lib/i18n';

// The texts of Session Records (area `records`), known before any of the screen's modules renders:
// each module of the screen that translates imports this one.
registerArea('records', english);
