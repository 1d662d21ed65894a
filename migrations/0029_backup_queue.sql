-- The nightly backup's queue (server/modules/backup/nightly.ts): at most one waiting (policy short),
-- tried once more an hour later when it fails, and given an hour to copy a large database.
SELECT pgboss.create_queue('backup-nightly', '{"policy":"short","retryLimit":1,"retryDelay":3600,"expireInSeconds":3600}');--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA pgboss TO app_platform;
