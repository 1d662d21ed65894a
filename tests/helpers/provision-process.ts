import { createHash } from 'node:crypto';
import postgres from 'postgres';
import { sql } from 'drizzle-orm';
import { createPostgresDatabase } from '../../server/db/postgres.js';
import { rowsOf } from '../../server/db/index.js';
import { runtimeLoginUrls } from '../../server/db/logins.js';

// A server process's start on PostgreSQL, as far as the database goes: migrate and provision the
// runtime logins from the owner URL (argv[2]), then go through both doors. Prints what it arrived
// at as one JSON line: the doors' logins and a digest of the logins' URLs (never the passwords).
const ownerUrl = process.argv[2];
const db = createPostgresDatabase(ownerUrl, 1);
const owner = postgres(ownerUrl, { max: 1, onnotice: () => {} });
try {
  await db.migrate();
  const whoAmI = sql`select session_user::text as login`;
  const loginOf = (result: unknown) => rowsOf<{ login: string }>(result)[0].login;
  const tenant = loginOf(await db.withTenant('00000000-0000-4000-8000-000000000000', (tx) => tx.execute(whoAmI)));
  const platform = loginOf(await db.withPlatform((tx) => tx.execute(whoAmI)));
  const urls = await runtimeLoginUrls(owner, ownerUrl);
  const digest = createHash('sha256').update(`${urls.tenant} ${urls.platform}`).digest('hex');
  console.log(JSON.stringify({ tenant, platform, digest }));
} finally {
  await Promise.all([db.close(), owner.end()]);
}
