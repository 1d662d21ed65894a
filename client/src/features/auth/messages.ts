import { registerArea } from '../../lib/i18n';
import english from '../../../../common/i18n/catalogues/auth/en.json';

/** The sign-in, reset-password and Google callback screens' texts, in English with the first chunk. */
registerArea('auth', english);
