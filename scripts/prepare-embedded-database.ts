import { loadConfig } from '../server/config.js';
import { openDatabase } from '../server/db/index.js';
import { prepareDatabase } from '../server/prepare-database.js';
import { secretKeys } from '../server/secret-keys.js';

// Run by `npm start` in a child process on the first start of the embedded database: creating a
// PGlite data directory, migrating and seeding it grow the WASM heap to ~850 MB, which the serving
// process would then keep for its whole life. What the server says of the demo at start (its
// banner) is left to the server, which prepares the database again when it starts right after: said
// here too, it would be printed twice.
const config = loadConfig();
const db = await openDatabase(config);
try {
  await prepareDatabase(db, config, secretKeys(config));
} finally {
  await db.close();
}
