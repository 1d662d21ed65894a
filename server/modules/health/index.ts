// The health module's surface: liveness and readiness routes, and the readiness probe the shutdown drains.
export { createReadiness, type ReadinessProbe } from './readiness.js';
export { healthRoutesDoc, registerHealthRoutes } from './routes.js';
