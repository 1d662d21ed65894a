import english from '../../../../common/i18n/catalogues/exammarks/en.json';
import { registerArea } from '../../lib/i18n';

// The mark list's texts (area `exammarks`), known before any of the screen's modules renders.
registerArea('exammarks', english);
