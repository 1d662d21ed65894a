-- The ledger of offline attendance batches (POST /api/attendance/sync): one row per batch id a device
-- made, so a batch sent again (a retry, a duplicate) is applied at most once and answered with the
-- stored first answer. The row is claimed (inserted with answer NULL) before the marks are written and
-- given its answer in the same transaction, so a committed row always holds its answer.
-- A church table like the others: church_id leads every key, the one isolation policy, FORCE.
-- The batch goes with its user: deleting the user deletes their ledger rows (ON DELETE CASCADE, run
-- by the database as the table's owner), so the ledger never blocks deleting a user; the marks and
-- the audit entry of the batch stay.
CREATE TABLE "attendance_sync_batches" (
	"church_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"answer" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "attendance_sync_batches_church_id_id_pk" PRIMARY KEY("church_id","id")
);
--> statement-breakpoint
ALTER TABLE "attendance_sync_batches" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "attendance_sync_batches" ADD CONSTRAINT "attendance_sync_batches_church_fk" FOREIGN KEY ("church_id") REFERENCES "public"."churches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_sync_batches" ADD CONSTRAINT "attendance_sync_batches_user_fk" FOREIGN KEY ("church_id","user_id") REFERENCES "public"."users"("church_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "attendance_sync_batches_church_user_idx" ON "attendance_sync_batches" USING btree ("church_id","user_id");--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "attendance_sync_batches" AS PERMISSIVE FOR ALL TO "app_tenant" USING ("church_id" = nullif(current_setting('app.church_id', true), '')::uuid) WITH CHECK ("church_id" = nullif(current_setting('app.church_id', true), '')::uuid);--> statement-breakpoint
ALTER TABLE "attendance_sync_batches" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
-- Church users claim a batch, read it and store its answer; nothing else: a stored batch is never
-- rewritten to another user or removed by the tenant role.
GRANT SELECT, INSERT ON "attendance_sync_batches" TO app_tenant;--> statement-breakpoint
GRANT UPDATE ("answer") ON "attendance_sync_batches" TO app_tenant;--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON "attendance_sync_batches" TO app_platform;
