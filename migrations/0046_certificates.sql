-- Exam certificates (issue 44): a church table like the others (church_id leads its keys, the one
-- isolation policy, FORCE RLS, the tenant role's grants), found across churches by its verification
-- code through the link door; distributed by church on Citus.
CREATE TABLE "certificates" (
	"church_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"student_id" uuid NOT NULL,
	"academic_year" text NOT NULL,
	"class_id" uuid NOT NULL,
	"class_name" text NOT NULL,
	"class_section" text DEFAULT '' NOT NULL,
	"kind" text NOT NULL,
	"rank" integer,
	"holder_name" text NOT NULL,
	"code" text NOT NULL,
	"issued_by" uuid NOT NULL,
	"issued_by_name" text NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "certificates_church_id_id_pk" PRIMARY KEY("church_id","id"),
	CONSTRAINT "certificates_kind_check" CHECK ("certificates"."kind" in ('merit', 'completion')),
	CONSTRAINT "certificates_rank_check" CHECK (("certificates"."kind" = 'merit' and "certificates"."rank" between 1 and 3) or ("certificates"."kind" = 'completion' and "certificates"."rank" is null)),
	CONSTRAINT "certificates_code_check" CHECK ("certificates"."code" ~ '^[0-9A-HJKMNP-TV-Z]{10}$')
);
--> statement-breakpoint
ALTER TABLE "certificates" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE UNIQUE INDEX "certificates_church_code_key" ON "certificates" USING btree ("church_id","code");--> statement-breakpoint
CREATE INDEX "certificates_code_idx" ON "certificates" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "certificates_live_key" ON "certificates" USING btree ("church_id","class_id","student_id","kind") WHERE revoked_at is null;--> statement-breakpoint
CREATE INDEX "certificates_church_student_idx" ON "certificates" USING btree ("church_id","student_id");--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "certificates" AS PERMISSIVE FOR ALL TO "app_tenant" USING ("church_id" = nullif(current_setting('app.church_id', true), '')::uuid) WITH CHECK ("church_id" = nullif(current_setting('app.church_id', true), '')::uuid);--> statement-breakpoint
ALTER TABLE "certificates" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON "certificates" TO app_tenant;--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON "certificates" TO app_platform;--> statement-breakpoint
-- On a Citus cluster the table is distributed by church like the others (migration 0030); a Citus
-- local table may not refer to a distributed one, so the keys to students and classes are made after.
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'citus') THEN
    SET LOCAL citus.multi_shard_modify_mode TO 'sequential';
    PERFORM create_distributed_table('certificates', 'church_id', colocate_with => 'users');
  END IF;
  ALTER TABLE "certificates" ADD CONSTRAINT "certificates_student_fk" FOREIGN KEY ("church_id","student_id") REFERENCES "students"("church_id","id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "certificates" ADD CONSTRAINT "certificates_class_fk" FOREIGN KEY ("church_id","class_id") REFERENCES "classes"("church_id","id") ON DELETE cascade ON UPDATE no action;
END
$$;
