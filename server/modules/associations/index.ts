// The associations module's surface: the association directory and officers' sessions (for the
// association door and sign-in), and the publishing of a circular with its PDF for the route of
// server/modules/association-files/. Its routers are root.ts's (router.ts).
export { createAssociationDirectory, type AssociationDirectory } from './directory.js';
export { authenticateOfficerSession } from './session.js';
export { findOfficer, startOfficerSession } from './login.js';
export { receiveCircularForm } from './circular-pdf.js';
export { publishCircular } from './circulars.js';
