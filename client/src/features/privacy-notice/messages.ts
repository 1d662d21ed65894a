import english from '../../../../common/i18n/catalogues/privacy/en.json';
import { registerArea } from '../../lib/i18n';

// The privacy notice's editor and public page's texts (area `privacy`), known before any of its modules renders: each
// module that translates imports this one.
registerArea('privacy', english);
