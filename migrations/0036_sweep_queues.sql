-- The queues of the hourly sweep of expired family exports (server/modules/family-export/sweep.ts) and
-- the nightly prune of the offline-sync ledger (server/modules/attendance/sync-prune.ts): at most one
-- waiting each (policy short), tried again twice a few minutes apart, given ten minutes to finish.
SELECT pgboss.create_queue('family-export-sweep', '{"policy":"short","retryLimit":2,"retryDelay":300,"expireInSeconds":600}');--> statement-breakpoint
SELECT pgboss.create_queue('attendance-sync-prune', '{"policy":"short","retryLimit":2,"retryDelay":300,"expireInSeconds":600}');--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA pgboss TO app_platform;
