// The health module's surface: liveness and readiness routes, and the readiness probe the shutdown drains.
export { createReadiness, type ReadinessProbe } from './readiness.js';
export { healthRoutes } from './routes.js';
