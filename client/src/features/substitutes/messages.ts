import english from '../../../../common/i18n/catalogues/substitutes/en.json';
import { registerArea } from '../../lib/i18n';

// The texts of the substitutes and rota screen (area `substitutes`), known before any of its modules
// renders: each module that translates imports this one.
registerArea('substitutes', english);
