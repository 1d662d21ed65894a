// The demo module's surface: the demo church of `npm start` and `npm run demo:seed`, and the
// banner a demo server prints at start.
export { demoServerBanner } from './banner.js';
export { demoEmail, seedDemoChurch } from './seed.js';
