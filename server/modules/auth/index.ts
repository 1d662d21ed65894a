// The auth module's surface for the rest of the server (its router is wired in server/root.ts).
export { hashPassword, verifyPassword } from './password.js';
export { authenticateChurchSession } from './session.js';
export { hashToken, newOpaqueToken } from './tokens.js';
export { LoginThrottle, admitFailureFromSource, admitFromSource, admitUnderLimit, giveBackToSource, tooManyAttempts, type ThrottleLimits } from './throttle.js';
export { MemoryAttemptStore, type AttemptStore } from './attempt-store.js';
export { RedisAttemptStore } from './redis-attempt-store.js';
export { createGoogleProvider } from './google-provider.js';
export { takeGoogleFlow, type GoogleFlowServices } from './google-flow.js';
export { googleOnly } from './sign-in-options.js';
export { SIGN_IN_REFUSALS, type SignInRefusal } from './login.js';
