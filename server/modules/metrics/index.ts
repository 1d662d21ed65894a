// The metrics module's surface: one registry per app, the observer the rest of the server tells
// (the door calls' timing too, through observeDoors of server/db/), and the /metrics route.
export { createMetrics, NO_METRICS, type MetricsObserver } from './metrics.js';
export { countRequests, metricsRoute } from './route.js';
