import { loadConfig } from '../server/config.js';
import { openDatabase } from '../server/db/index.js';

// npm run db:migrate : apply the migrations as the owner (DATABASE_URL) and, when the server is to
// use the provisioned runtime logins (no DATABASE_TENANT_URL), create or repair them. Production
// runs this once per release and starts the servers with the runtime URLs only.
const config = loadConfig();
if (!config.DATABASE_URL) {
  console.error('Set DATABASE_URL to the owner of the schema (the embedded database migrates at npm start).');
  process.exit(2);
}
const db = await openDatabase(config);
try {
  await db.migrate();
  console.log('Migrations applied.');
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  process.exitCode = 1;
} finally {
  await db.close();
}
