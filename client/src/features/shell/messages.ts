import { registerArea } from '../../lib/i18n';
import english from '../../../../common/i18n/catalogues/dashboard/en.json';

/**
 * The frame's texts (navigation, greeting) are in the dashboard's area: both come in one chunk.
 * Registering an area again is harmless, so each feature registers what it shows.
 */
registerArea('dashboard', english);
