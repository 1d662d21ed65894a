import { parseArgs } from 'node:util';
import { loadConfig } from '../server/config.js';
import { migratesAtStart, openDatabase } from '../server/db/index.js';
import { createOperator } from '../server/modules/operators/index.js';
import { secretKeys } from '../server/secret-keys.js';

// npm run admin:create -- --email E --password P : create a platform operator (or reset its password),
// enrolled in the second factor: prints its TOTP secret, otpauth URI and one-time recovery codes.
const { values } = parseArgs({ options: { email: { type: 'string' }, password: { type: 'string' }, name: { type: 'string' } } });
if (!values.email || !values.password || !/^[^@\s]+@[^@\s]+$/.test(values.email)) {
  console.error('Usage: npm run admin:create -- --email E --password P [--name N]');
  process.exit(2);
}
const config = loadConfig();
const db = await openDatabase(config);
try {
  if (migratesAtStart(config)) await db.migrate();
  const enrolment = await createOperator(db, secretKeys(config).get('totpSeed'), values.email, values.password, values.name);
  console.log([
    `Platform operator ${values.email} is ready. Its earlier second factor, recovery codes and sessions (if any) are gone.`,
    'Add it to an authenticator app (shown once, keep it secret):',
    `  TOTP secret: ${enrolment.secret}`,
    `  otpauth URI: ${enrolment.otpauthUri}`,
    'One-time recovery codes (each signs in once without the app):',
    ...enrolment.recoveryCodes.map((code) => `  ${code}`),
  ].join('\n'));
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  process.exitCode = 1;
} finally {
  await db.close();
}
