import type { Config } from './config.js';
import { migratesAtStart, type Database } from './db/index.js';
import { ensurePlatformAdmin, sealPlaintextSeeds } from './modules/operators/index.js';
import type { SecretKeys } from './secret-keys.js';
import { demoServerBanner, seedDemoChurch } from './modules/demo/index.js';
import { paymentGatewayMode } from './modules/payments/index.js';

/**
 * Migrations, the operator and the demo church; as `npm start` does before serving (once, in the
 * primary process). Answers what the server says of the demo at start (the demo server's framed
 * banner, or the demo church's sign-ins), for the serving process to print: on the first start of
 * the embedded database `npm start` prepares it in a child process and the server prepares it again
 * (finding it done), and only the server's notice is printed, so the banner shows once.
 */
export async function prepareDatabase(db: Database, config: Config, keys: SecretKeys): Promise<string | undefined> {
  if (migratesAtStart(config)) await db.migrate();
  // Operators' TOTP seeds of an earlier version (or of a restored archive's) are sealed before anyone signs in.
  const seeds = await sealPlaintextSeeds(db, () => keys.get('totpSeed'));
  if (seeds.sealed) console.log(`  ${seeds.sealed} operator TOTP seeds stored in plaintext by an earlier version were encrypted.`);
  if (seeds.unreadable) console.warn(`  ${seeds.unreadable} operator TOTP seeds cannot be opened with this TOTP_SEED_KEY (it differs from the one that sealed them): those operators sign in with a recovery code, or get a new second factor with npm run admin:create.`);
  if (config.PLATFORM_ADMIN_EMAIL && config.PLATFORM_ADMIN_PASSWORD) {
    const created = await ensurePlatformAdmin(db, config.PLATFORM_ADMIN_EMAIL, config.PLATFORM_ADMIN_PASSWORD);
    if (created) console.log(`  Platform operator ${config.PLATFORM_ADMIN_EMAIL} created: its first sign-in at /admin-login enrols its authenticator app.`);
  }
  const demo = config.DEMO_SEED ? await seedDemoChurch(db, { code: 'DEMO01', password: config.DEMO_PASSWORD }) : undefined;
  if (config.DEMO) {
    const church = demo && { code: demo.code, password: config.DEMO_PASSWORD, users: demo.users };
    return `\n${demoServerBanner({ church, simulatedPayments: paymentGatewayMode(config) === 'test' })}\n`;
  }
  if (!demo) return undefined;
  const lines = demo.users.map((u) => `    ${u.role.padEnd(12)} ${u.email}`).join('\n');
  return `\n  Demo church ${demo.code}; sign in with church code ${demo.code} and password ${config.DEMO_PASSWORD}:\n${lines}\n`;
}
