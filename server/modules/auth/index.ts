// The auth module's surface for the rest of the server (its router is wired in server/root.ts): the
// church session a door authenticates, and why a sign-in was refused (for the metrics). Sign-in,
// Google sign-in, password reset and sessions live here; the secrets and limits they use are the
// credentials module's, the Google handshake the google-identity module's.
export { authenticateChurchSession } from './session.js';
export { SIGN_IN_REFUSALS, type SignInRefusal } from './login.js';
