// The demo module's surface: the demo church of `npm start` and `npm run demo:seed`.
export { demoEmail, seedDemoChurch } from './seed.js';
