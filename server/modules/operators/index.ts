// The operators module's surface: creating the platform operator (at start and from a command), and
// the operator's session as the operator rung finds it.
export { createOperator, ensurePlatformAdmin } from './create-operator.js';
export { sealPlaintextSeeds } from './seed-box.js';
export { authenticateOperatorSession } from './session.js';
export { assertCsrfToken, operatorCredential, type OperatorCredential } from './session-cookie.js';
