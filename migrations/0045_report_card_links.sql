-- A guardian's link to a child's report card (issue 44): a church table like the others (church_id
-- leads its keys, the one isolation policy, FORCE RLS, the tenant role's grants), found across
-- churches by its token's hash through the link door; distributed by church on Citus.
CREATE TABLE "report_card_links" (
	"church_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"student_id" uuid NOT NULL,
	"guardian_id" uuid NOT NULL,
	"academic_year" text NOT NULL,
	"language" text NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"first_opened_at" timestamp with time zone,
	"open_count" integer DEFAULT 0 NOT NULL,
	"revoked_at" timestamp with time zone,
	"created_by" uuid NOT NULL,
	"created_by_name" text NOT NULL,
	"created_by_role" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "report_card_links_church_id_id_pk" PRIMARY KEY("church_id","id"),
	CONSTRAINT "report_card_links_language_check" CHECK ("report_card_links"."language" in ('en', 'ml', 'ta', 'hi'))
);
--> statement-breakpoint
ALTER TABLE "report_card_links" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE UNIQUE INDEX "report_card_links_church_token_key" ON "report_card_links" USING btree ("church_id","token_hash");--> statement-breakpoint
CREATE INDEX "report_card_links_token_hash_idx" ON "report_card_links" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "report_card_links_church_student_idx" ON "report_card_links" USING btree ("church_id","student_id","guardian_id");--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "report_card_links" AS PERMISSIVE FOR ALL TO "app_tenant" USING ("church_id" = nullif(current_setting('app.church_id', true), '')::uuid) WITH CHECK ("church_id" = nullif(current_setting('app.church_id', true), '')::uuid);--> statement-breakpoint
ALTER TABLE "report_card_links" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON "report_card_links" TO app_tenant;--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON "report_card_links" TO app_platform;--> statement-breakpoint
-- On a Citus cluster the table is distributed by church like the others (migration 0030); a Citus
-- local table may not refer to a distributed one, so the key to students is made after.
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'citus') THEN
    SET LOCAL citus.multi_shard_modify_mode TO 'sequential';
    PERFORM create_distributed_table('report_card_links', 'church_id', colocate_with => 'users');
  END IF;
  ALTER TABLE "report_card_links" ADD CONSTRAINT "report_card_links_student_fk" FOREIGN KEY ("church_id","student_id") REFERENCES "students"("church_id","id") ON DELETE cascade ON UPDATE no action;
END
$$;
--> statement-breakpoint
-- The access log records each opening of a report card link as a read of the child's data.
ALTER TABLE "child_data_reads" DROP CONSTRAINT "child_data_reads_kind_check";--> statement-breakpoint
ALTER TABLE "child_data_reads" ADD CONSTRAINT "child_data_reads_kind_check" CHECK ("kind" in ('medical_note', 'export', 'consent_records', 'safety_card', 'guardians', 'pickups',
    'consent_form', 'follow_up', 'report_card'));
