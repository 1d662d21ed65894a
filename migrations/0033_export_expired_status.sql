-- Column names unqualified in CHECKs: Citus runs the statement on each shard, where the table has another name.
ALTER TABLE "family_exports" DROP CONSTRAINT "family_exports_status_check";--> statement-breakpoint
ALTER TABLE "family_exports" ADD CONSTRAINT "family_exports_status_check" CHECK ("status" in ('pending', 'ready', 'failed', 'downloaded', 'expired'));