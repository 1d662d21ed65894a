import type { Config } from './config.js';
import { migratesAtStart, type Database } from './db/index.js';
import { ensurePlatformAdmin } from './modules/operators/index.js';
import { seedDemoChurch } from './modules/demo/index.js';

/** Migrations, the operator and the demo church; as `npm start` does before serving. */
export async function prepareDatabase(db: Database, config: Config): Promise<void> {
  if (migratesAtStart(config)) await db.migrate();
  if (config.PLATFORM_ADMIN_EMAIL && config.PLATFORM_ADMIN_PASSWORD) {
    const created = await ensurePlatformAdmin(db, config.PLATFORM_ADMIN_EMAIL, config.PLATFORM_ADMIN_PASSWORD);
    if (created) console.log(`  Platform operator ${config.PLATFORM_ADMIN_EMAIL} created: its first sign-in at /admin-login enrols its authenticator app.`);
  }
  if (config.DEMO_SEED) {
    const demo = await seedDemoChurch(db, { code: 'DEMO01', password: config.DEMO_PASSWORD });
    const lines = demo.users.map((u) => `    ${u.role.padEnd(12)} ${u.email}`).join('\n');
    console.log(`\n  Demo church ${demo.code}${demo.created ? ' created' : ''}; sign in with church code ${demo.code} and password ${config.DEMO_PASSWORD}:\n${lines}\n`);
  }
}
