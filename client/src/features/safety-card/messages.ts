import english from '../../../../common/i18n/catalogues/safety/en.json';
import { registerArea } from '../../lib/i18n';

// The safety card's texts (area `safety`), known before any of its modules renders: each module
// that translates imports this one.
registerArea('safety', english);
