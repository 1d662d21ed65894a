import english from '../../../../common/i18n/catalogues/consent/en.json';
import privacyEnglish from '../../../../common/i18n/catalogues/privacy/en.json';
import { registerArea } from '../../lib/i18n';

// The consent screens' texts (area `consent`) and the privacy notice's headings and purposes (area
// `privacy`), known before any of their modules renders: each module that translates imports this one.
registerArea('consent', english);
registerArea('privacy', privacyEnglish);
