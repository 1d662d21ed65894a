import path from 'node:path';
import { loadConfig } from './config.js';
import { openDatabase } from './db/index.js';
import { buildApp } from './app.js';
import { prepareDatabase } from './prepare-database.js';

/** `npm start`: migrate, seed the demo and the operator, serve app and API, shut down gracefully. */
async function main() {
  const config = loadConfig();
  const db = await openDatabase(config);
  await prepareDatabase(db, config);
  const app = await buildApp({ config, db });

  await app.listen({ host: config.HOST, port: config.PORT });
  console.log(`  Sunday School is running on ${config.PUBLIC_URL} (database: ${db.kind})`);
  // Without SMTP, reset links and welcome mails are files: say where, so they can be found.
  console.log(app.services.mailer.mode === 'smtp'
    ? '  Mail: sent through SMTP\n'
    : `  Mail: no SMTP configured; each message is written to ${path.resolve(config.MAIL_OUTBOX_DIR)}\n`);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing requests in flight');
    const timer = setTimeout(() => { app.log.error('forced exit after 10 s'); process.exit(1); }, 10_000);
    timer.unref();
    try {
      await app.close(); // stops accepting, waits for in-flight requests
      await db.close();
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
