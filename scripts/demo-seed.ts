import { parseArgs } from 'node:util';
import { loadConfig } from '../server/config.js';
import { migratesAtStart, openDatabase } from '../server/db/index.js';
import { seedDemoChurch } from '../server/modules/demo/index.js';

// npm run demo:seed -- --code CODE : another demo church of the same shape as DEMO01.
const { values } = parseArgs({ options: { code: { type: 'string' } } });
const code = (values.code ?? '').toUpperCase();
if (!/^[A-Z0-9]{6}$/.test(code)) {
  console.error('Usage: npm run demo:seed -- --code CODE   (CODE: 6 letters or digits)');
  process.exit(2);
}
const config = loadConfig();
const db = await openDatabase(config);
try {
  if (migratesAtStart(config)) await db.migrate();
  const demo = await seedDemoChurch(db, { code, password: config.DEMO_PASSWORD });
  console.log(`${demo.created ? 'Created' : 'Already present:'} demo church ${code}`);
  for (const u of demo.users) console.log(`  ${u.role.padEnd(12)} ${u.email}  password: ${config.DEMO_PASSWORD}`);
} finally {
  await db.close();
}
