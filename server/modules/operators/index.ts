// The operators module's surface: creating the platform operator (at start and from a command).
export { createOperator, ensurePlatformAdmin } from './create-operator.js';
export { authenticateOperatorSession } from './session.js';
