import english from '../../../../common/i18n/catalogues/association/en.json';
import { registerArea } from '../../lib/i18n';

// The texts of the association officers' screens (area `association`), known before any of its
// modules renders: each module that translates imports this one.
registerArea('association', english);
