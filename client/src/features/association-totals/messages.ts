import english from '../../../../common/i18n/catalogues/associationtotals/en.json';
import { registerArea } from '../../lib/i18n';

// The texts of the association's totals and trend (area `associationtotals`), known before any of
// its modules renders: each module that translates imports this one.
registerArea('associationtotals', english);
