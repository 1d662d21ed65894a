ALTER TABLE "churches" ADD COLUMN "rollover_month" smallint;--> statement-breakpoint
-- Column names unqualified in CHECKs: Citus runs the statement on each shard, where the table has another name.
ALTER TABLE "churches" ADD CONSTRAINT "churches_rollover_month_check" CHECK ("rollover_month" between 1 and 12);--> statement-breakpoint
-- A church user (super admin, principal) sets the rollover month: the tenant role may update that column.
GRANT UPDATE ("rollover_month") ON "churches" TO app_tenant;
