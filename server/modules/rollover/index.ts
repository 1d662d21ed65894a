// The rollover module's surface for other code; its procedures are served from server/root.ts.
// What this module keeps of a child, for a child's erasure (server/child-data.ts).
export { rolloverChildData } from './child-data.js';
