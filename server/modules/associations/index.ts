// The associations module's surface: the association directory and officers' sessions (for the
// association door and sign-in), the officers' side of Google sign-in and password reset (auth
// dispatches an association's code or an officer's token here), and the publishing of a circular
// with its PDF for the route of server/modules/association-files/. Its routers are root.ts's (router.ts).
export { createAssociationDirectory, type AssociationDirectory } from './directory.js';
export { authenticateOfficerSession } from './session.js';
export { findOfficer, startOfficerSession } from './login.js';
export { findOfficerByGoogle, signInOfficerWithGoogle } from './google-login.js';
export { issueOfficerResetTokens, resetOfficerPassword } from './password-reset.js';
export { receiveCircularForm } from './circular-pdf.js';
export { publishCircular } from './circulars.js';
