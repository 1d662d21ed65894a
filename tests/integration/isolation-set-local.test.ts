import { afterAll, beforeAll } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/app.js';
import { churchTablesOf, describeTenantSession, describeTwoChurchesWithData } from '../helpers/isolation.js';

// The isolation checks of isolation.test.ts with the doors set up by SET LOCAL statements
// (TENANT_SESSION_SETUP=set_local, the form Citus propagates to its worker nodes; docs/SCALING.md).

let app: TestApp;
let churchTables: string[];

beforeAll(async () => {
  app = await startTestApp({ TENANT_SESSION_SETUP: 'set_local' });
  churchTables = await churchTablesOf(app.db);
});
afterAll(async () => { await app?.close(); });

describeTenantSession(() => app, 'set_local');
describeTwoChurchesWithData(() => app, () => churchTables);
