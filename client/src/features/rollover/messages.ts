import english from '../../../../common/i18n/catalogues/configuration/en.json';
import { registerArea } from '../../lib/i18n';

// The rollover's texts are of the Configuration screen's area (`configuration.rollover.*`); the
// rollover is opened from Classes too, so its modules register that area themselves (registering an
// area again is harmless). Each module of the rollover that translates imports this one.
registerArea('configuration', english);
