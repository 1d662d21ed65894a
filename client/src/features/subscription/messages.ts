import english from '../../../../common/i18n/catalogues/subscription/en.json';
import { registerArea } from '../../lib/i18n';

// The subscription page's and the upgrade dialog's texts (area `subscription`), known before any of
// their modules renders: each module that translates imports this one.
registerArea('subscription', english);
