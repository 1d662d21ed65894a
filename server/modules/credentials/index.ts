// The credentials module's surface: what proves a caller and what limits their tries. Passwords
// (argon2id), opaque tokens (only their SHA-256 is stored), the sign-in throttle and the
// per-address and per-key limits, over one attempt store (memory, or Redis when REDIS_URL is set);
// and how long a password reset link lives and how a dead one is answered (church users' and officers').
// A leaf: it imports no other module, so every module that keeps a secret or counts attempts
// (sign-in, registration, operators, payments, consent links, uploads) may use it.
export { hashPassword, verifyPassword } from './password.js';
export { hashToken, newOpaqueToken } from './tokens.js';
export { LoginThrottle, admitFailureFromSource, admitFromSource, admitUnderLimit, giveBackToSource, tooManyAttempts, type ThrottleLimits } from './throttle.js';
export { DEAD_RESET_TOKEN_KEEP_MS, RESET_TTL_MS, invalidResetLink } from './reset-link.js';
export { MemoryAttemptStore, type AttemptStore } from './attempt-store.js';
export { RedisAttemptStore } from './redis-attempt-store.js';
