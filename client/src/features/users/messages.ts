import english from '../../../../common/i18n/catalogues/users/en.json';
import { registerArea } from '../../lib/i18n';

// The texts of Teacher and User Management (area `users`), known before any of the screens' modules
// renders: each module of the screens that translates imports this one.
registerArea('users', english);
