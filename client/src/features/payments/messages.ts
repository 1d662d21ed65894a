import english from '../../../../common/i18n/catalogues/payments/en.json';
import { registerArea } from '../../lib/i18n';

// The payment screen's texts (area `payments`) and the messages the server sends about orders and
// payments: each module of the feature that translates imports this one.
registerArea('payments', english);
