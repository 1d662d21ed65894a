import english from '../../../../common/i18n/catalogues/gallery/en.json';
import { registerArea } from '../../lib/i18n';

// The gallery's texts (area `gallery`), known before any of its modules renders: each module of the
// gallery that translates imports this one.
registerArea('gallery', english);
