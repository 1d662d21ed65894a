-- Exams and results (issue 44): a church's examinations of an academic year, their papers in each
-- class, the church's result scheme, the marks, the teachers' remarks, the corrections made after
-- publishing and the ledger of mark-list saves. Church tables like the others: church_id leads their
-- keys, the one isolation policy, FORCE RLS, the tenant role's grants (a correction is written once:
-- no UPDATE or DELETE for it); distributed by church on Citus.
CREATE TABLE "exam_mark_amendments" (
	"church_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"exam_id" uuid NOT NULL,
	"paper_id" uuid NOT NULL,
	"student_id" uuid NOT NULL,
	"old_marks" numeric(5, 1),
	"old_absent" boolean NOT NULL,
	"new_marks" numeric(5, 1),
	"new_absent" boolean NOT NULL,
	"reason" text NOT NULL,
	"amended_by" uuid NOT NULL,
	"amended_by_name" text NOT NULL,
	"amended_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exam_mark_amendments_church_id_id_pk" PRIMARY KEY("church_id","id"),
	CONSTRAINT "exam_mark_amendments_reason_check" CHECK (char_length("exam_mark_amendments"."reason") between 1 and 500)
);
--> statement-breakpoint
ALTER TABLE "exam_mark_amendments" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "exam_mark_writes" (
	"church_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"exam_id" uuid NOT NULL,
	"class_id" uuid NOT NULL,
	"written_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exam_mark_writes_church_id_id_pk" PRIMARY KEY("church_id","id")
);
--> statement-breakpoint
ALTER TABLE "exam_mark_writes" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "exam_marks" (
	"church_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"exam_id" uuid NOT NULL,
	"paper_id" uuid NOT NULL,
	"student_id" uuid NOT NULL,
	"marks" numeric(5, 1),
	"absent" boolean DEFAULT false NOT NULL,
	"write_id" uuid,
	"entered_by" uuid NOT NULL,
	"entered_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exam_marks_church_id_id_pk" PRIMARY KEY("church_id","id"),
	CONSTRAINT "exam_marks_value_check" CHECK (("exam_marks"."absent" and "exam_marks"."marks" is null) or (not "exam_marks"."absent" and "exam_marks"."marks" >= 0))
);
--> statement-breakpoint
ALTER TABLE "exam_marks" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "exam_papers" (
	"church_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"exam_id" uuid NOT NULL,
	"class_id" uuid NOT NULL,
	"name" text NOT NULL,
	"max_marks" integer NOT NULL,
	"half_marks_allowed" boolean DEFAULT false NOT NULL,
	"position" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exam_papers_church_id_id_pk" PRIMARY KEY("church_id","id"),
	CONSTRAINT "exam_papers_max_marks_check" CHECK ("exam_papers"."max_marks" between 1 and 1000),
	CONSTRAINT "exam_papers_name_check" CHECK (char_length("exam_papers"."name") between 1 and 60)
);
--> statement-breakpoint
ALTER TABLE "exam_papers" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "exam_remarks" (
	"church_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"exam_id" uuid NOT NULL,
	"student_id" uuid NOT NULL,
	"remark" text NOT NULL,
	"written_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exam_remarks_church_id_id_pk" PRIMARY KEY("church_id","id"),
	CONSTRAINT "exam_remarks_remark_check" CHECK (char_length("exam_remarks"."remark") between 1 and 500)
);
--> statement-breakpoint
ALTER TABLE "exam_remarks" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "exam_schemes" (
	"church_id" uuid NOT NULL,
	"pass_percent" numeric(4, 1) NOT NULL,
	"distinction_percent" numeric(4, 1) NOT NULL,
	"first_class_percent" numeric(4, 1) NOT NULL,
	"second_class_percent" numeric(4, 1) NOT NULL,
	"grade_bands" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"test_weight" integer NOT NULL,
	"half_yearly_weight" integer NOT NULL,
	"annual_weight" integer NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exam_schemes_church_id_pk" PRIMARY KEY("church_id"),
	CONSTRAINT "exam_schemes_divisions_check" CHECK (0 < "exam_schemes"."pass_percent" and "exam_schemes"."pass_percent" <= "exam_schemes"."second_class_percent"
    and "exam_schemes"."second_class_percent" <= "exam_schemes"."first_class_percent" and "exam_schemes"."first_class_percent" <= "exam_schemes"."distinction_percent" and "exam_schemes"."distinction_percent" <= 100),
	CONSTRAINT "exam_schemes_weights_check" CHECK ("exam_schemes"."test_weight" between 0 and 100 and "exam_schemes"."half_yearly_weight" between 0 and 100 and "exam_schemes"."annual_weight" between 0 and 100)
);
--> statement-breakpoint
ALTER TABLE "exam_schemes" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "exams" (
	"church_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"academic_year" text NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"starts_on" date,
	"ends_on" date,
	"weight" integer,
	"published_at" timestamp with time zone,
	"published_by" uuid,
	"created_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exams_church_id_id_pk" PRIMARY KEY("church_id","id"),
	CONSTRAINT "exams_academic_year_check" CHECK ("exams"."academic_year" ~ '^[0-9]{4}-[0-9]{4}$'),
	CONSTRAINT "exams_kind_check" CHECK ("exams"."kind" in ('test', 'half_yearly', 'annual')),
	CONSTRAINT "exams_dates_check" CHECK ("exams"."starts_on" is null or "exams"."ends_on" is null or "exams"."starts_on" <= "exams"."ends_on"),
	CONSTRAINT "exams_weight_check" CHECK ("exams"."weight" between 0 and 100),
	CONSTRAINT "exams_published_check" CHECK (("exams"."published_at" is null) = ("exams"."published_by" is null))
);
--> statement-breakpoint
ALTER TABLE "exams" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "exam_schemes" ADD CONSTRAINT "exam_schemes_church_fk" FOREIGN KEY ("church_id") REFERENCES "public"."churches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exams" ADD CONSTRAINT "exams_church_fk" FOREIGN KEY ("church_id") REFERENCES "public"."churches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "exam_mark_amendments_church_exam_idx" ON "exam_mark_amendments" USING btree ("church_id","exam_id");--> statement-breakpoint
CREATE INDEX "exam_mark_amendments_church_student_idx" ON "exam_mark_amendments" USING btree ("church_id","student_id");--> statement-breakpoint
CREATE UNIQUE INDEX "exam_marks_church_paper_student_key" ON "exam_marks" USING btree ("church_id","paper_id","student_id");--> statement-breakpoint
CREATE INDEX "exam_marks_church_exam_student_idx" ON "exam_marks" USING btree ("church_id","exam_id","student_id");--> statement-breakpoint
CREATE INDEX "exam_marks_church_student_idx" ON "exam_marks" USING btree ("church_id","student_id");--> statement-breakpoint
CREATE UNIQUE INDEX "exam_papers_church_exam_class_name_key" ON "exam_papers" USING btree ("church_id","exam_id","class_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "exam_papers_church_id_exam_key" ON "exam_papers" USING btree ("church_id","id","exam_id");--> statement-breakpoint
CREATE INDEX "exam_papers_church_class_idx" ON "exam_papers" USING btree ("church_id","class_id");--> statement-breakpoint
CREATE UNIQUE INDEX "exam_remarks_church_exam_student_key" ON "exam_remarks" USING btree ("church_id","exam_id","student_id");--> statement-breakpoint
CREATE INDEX "exam_remarks_church_student_idx" ON "exam_remarks" USING btree ("church_id","student_id");--> statement-breakpoint
CREATE UNIQUE INDEX "exams_church_year_name_key" ON "exams" USING btree ("church_id","academic_year","name");--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "exam_mark_amendments" AS PERMISSIVE FOR ALL TO "app_tenant" USING ("church_id" = nullif(current_setting('app.church_id', true), '')::uuid) WITH CHECK ("church_id" = nullif(current_setting('app.church_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "exam_mark_writes" AS PERMISSIVE FOR ALL TO "app_tenant" USING ("church_id" = nullif(current_setting('app.church_id', true), '')::uuid) WITH CHECK ("church_id" = nullif(current_setting('app.church_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "exam_marks" AS PERMISSIVE FOR ALL TO "app_tenant" USING ("church_id" = nullif(current_setting('app.church_id', true), '')::uuid) WITH CHECK ("church_id" = nullif(current_setting('app.church_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "exam_papers" AS PERMISSIVE FOR ALL TO "app_tenant" USING ("church_id" = nullif(current_setting('app.church_id', true), '')::uuid) WITH CHECK ("church_id" = nullif(current_setting('app.church_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "exam_remarks" AS PERMISSIVE FOR ALL TO "app_tenant" USING ("church_id" = nullif(current_setting('app.church_id', true), '')::uuid) WITH CHECK ("church_id" = nullif(current_setting('app.church_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "exam_schemes" AS PERMISSIVE FOR ALL TO "app_tenant" USING ("church_id" = nullif(current_setting('app.church_id', true), '')::uuid) WITH CHECK ("church_id" = nullif(current_setting('app.church_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "exams" AS PERMISSIVE FOR ALL TO "app_tenant" USING ("church_id" = nullif(current_setting('app.church_id', true), '')::uuid) WITH CHECK ("church_id" = nullif(current_setting('app.church_id', true), '')::uuid);
--> statement-breakpoint
ALTER TABLE "exams" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "exam_papers" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "exam_schemes" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "exam_marks" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "exam_remarks" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "exam_mark_amendments" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "exam_mark_writes" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON "exams" TO app_tenant;--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON "exams" TO app_platform;--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON "exam_papers" TO app_tenant;--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON "exam_papers" TO app_platform;--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON "exam_schemes" TO app_tenant;--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON "exam_schemes" TO app_platform;--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON "exam_marks" TO app_tenant;--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON "exam_marks" TO app_platform;--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON "exam_remarks" TO app_tenant;--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON "exam_remarks" TO app_platform;--> statement-breakpoint
GRANT SELECT, INSERT ON "exam_mark_amendments" TO app_tenant;--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON "exam_mark_amendments" TO app_platform;--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON "exam_mark_writes" TO app_tenant;--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON "exam_mark_writes" TO app_platform;--> statement-breakpoint
-- On a Citus cluster the new church tables are distributed by church like the others (migration 0030);
-- a Citus local table may not refer to a distributed one, so there the keys to classes, students and
-- each other are made after.
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'citus') THEN
    SET LOCAL citus.multi_shard_modify_mode TO 'sequential';
    PERFORM create_distributed_table('exams', 'church_id', colocate_with => 'users');
    PERFORM create_distributed_table('exam_papers', 'church_id', colocate_with => 'users');
    PERFORM create_distributed_table('exam_schemes', 'church_id', colocate_with => 'users');
    PERFORM create_distributed_table('exam_marks', 'church_id', colocate_with => 'users');
    PERFORM create_distributed_table('exam_remarks', 'church_id', colocate_with => 'users');
    PERFORM create_distributed_table('exam_mark_amendments', 'church_id', colocate_with => 'users');
    PERFORM create_distributed_table('exam_mark_writes', 'church_id', colocate_with => 'users');
  END IF;
  ALTER TABLE "exam_mark_amendments" ADD CONSTRAINT "exam_mark_amendments_paper_fk" FOREIGN KEY ("church_id","paper_id","exam_id") REFERENCES "exam_papers"("church_id","id","exam_id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "exam_mark_amendments" ADD CONSTRAINT "exam_mark_amendments_student_fk" FOREIGN KEY ("church_id","student_id") REFERENCES "students"("church_id","id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "exam_mark_writes" ADD CONSTRAINT "exam_mark_writes_exam_fk" FOREIGN KEY ("church_id","exam_id") REFERENCES "exams"("church_id","id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "exam_marks" ADD CONSTRAINT "exam_marks_paper_fk" FOREIGN KEY ("church_id","paper_id","exam_id") REFERENCES "exam_papers"("church_id","id","exam_id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "exam_marks" ADD CONSTRAINT "exam_marks_student_fk" FOREIGN KEY ("church_id","student_id") REFERENCES "students"("church_id","id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "exam_papers" ADD CONSTRAINT "exam_papers_exam_fk" FOREIGN KEY ("church_id","exam_id") REFERENCES "exams"("church_id","id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "exam_papers" ADD CONSTRAINT "exam_papers_class_fk" FOREIGN KEY ("church_id","class_id") REFERENCES "classes"("church_id","id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "exam_remarks" ADD CONSTRAINT "exam_remarks_exam_fk" FOREIGN KEY ("church_id","exam_id") REFERENCES "exams"("church_id","id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "exam_remarks" ADD CONSTRAINT "exam_remarks_student_fk" FOREIGN KEY ("church_id","student_id") REFERENCES "students"("church_id","id") ON DELETE cascade ON UPDATE no action;
END
$$;
