import english from '../../../../common/i18n/catalogues/association/en.json';
import { registerArea } from '../../lib/i18n';

// The texts of the church's side of its association (area `association`: the settings card and the
// dashboard's circulars), known before any of its modules renders: each module that translates imports this one.
registerArea('association', english);
