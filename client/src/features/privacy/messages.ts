import english from '../../../../common/i18n/catalogues/privacy/en.json';
import { registerArea } from '../../lib/i18n';

// The texts of erasure, retention and the access log (area `privacy`), known before any of their
// modules renders: each module that translates imports this one.
registerArea('privacy', english);
