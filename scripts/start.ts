import { ensureClientBuilt } from './client-build.js';

// `npm start`: build the client if needed, then run the server (migrations, demo data, listen).
await ensureClientBuilt();
await import('../server/main.js');
