import { registerArea } from '../../lib/i18n';
import english from '../../../../common/i18n/catalogues/dashboard/en.json';

/** The dashboard's texts (Overview and the frame around it). */
registerArea('dashboard', english);
