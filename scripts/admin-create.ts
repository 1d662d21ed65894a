import { parseArgs } from 'node:util';
import { loadConfig } from '../server/config.js';
import { migratesAtStart, openDatabase } from '../server/db/index.js';
import { createOperator } from '../server/modules/operators/index.js';

// npm run admin:create -- --email E --password P : create a platform operator (or reset its password).
const { values } = parseArgs({ options: { email: { type: 'string' }, password: { type: 'string' }, name: { type: 'string' } } });
if (!values.email || !values.password || !/^[^@\s]+@[^@\s]+$/.test(values.email)) {
  console.error('Usage: npm run admin:create -- --email E --password P [--name N]');
  process.exit(2);
}
const config = loadConfig();
const db = await openDatabase(config);
try {
  if (migratesAtStart(config)) await db.migrate();
  await createOperator(db, values.email, values.password, values.name);
  console.log(`Platform operator ${values.email} is ready.`);
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  process.exitCode = 1;
} finally {
  await db.close();
}
