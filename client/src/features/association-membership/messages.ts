import english from '../../../../common/i18n/catalogues/membership/en.json';
import { registerArea } from '../../lib/i18n';

// The texts of the church's side of its association (area `membership`: the settings card and the
// dashboard's circulars), known before any of its modules renders: each module that translates imports this one.
registerArea('membership', english);
