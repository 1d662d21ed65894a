import english from '../../../../common/i18n/catalogues/registration/en.json';
import { registerArea } from '../../lib/i18n';

// Register New Church's texts (area `registration`), also those of its success screen that the
// Google callback shows: each module of the feature that translates imports this one.
registerArea('registration', english);
