import english from '../../../../common/i18n/catalogues/configuration/en.json';
import { registerArea } from '../../lib/i18n';

// The texts of the Configuration screen (area `configuration`: the academic year and the church's
// language), known before any of its modules renders: each module that translates imports this one.
registerArea('configuration', english);
