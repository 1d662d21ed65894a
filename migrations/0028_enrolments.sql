-- Enrolments: a student's class in each academic year, so a class of a past year keeps its children
-- after the academic-year rollover moved them up; and the rollovers themselves.
CREATE TABLE "academic_year_rollovers" (
	"church_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"from_year" text NOT NULL,
	"to_year" text NOT NULL,
	"left_student_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"summary" jsonb NOT NULL,
	"created_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"undone_by" uuid,
	"undone_at" timestamp with time zone,
	CONSTRAINT "academic_year_rollovers_church_id_id_pk" PRIMARY KEY("church_id","id"),
	CONSTRAINT "academic_year_rollovers_years_check" CHECK ("academic_year_rollovers"."from_year" ~ '^[0-9]{4}-[0-9]{4}$' and "academic_year_rollovers"."to_year" ~ '^[0-9]{4}-[0-9]{4}$' and "academic_year_rollovers"."to_year" > "academic_year_rollovers"."from_year")
);
--> statement-breakpoint
ALTER TABLE "academic_year_rollovers" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "enrolments" (
	"church_id" uuid NOT NULL,
	"student_id" uuid NOT NULL,
	"academic_year" text NOT NULL,
	"class_id" uuid NOT NULL,
	"roll_number" integer NOT NULL,
	"rollover_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "enrolments_church_id_student_id_academic_year_pk" PRIMARY KEY("church_id","student_id","academic_year")
);
--> statement-breakpoint
ALTER TABLE "enrolments" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "classes" ADD COLUMN "rollover_id" uuid;--> statement-breakpoint
ALTER TABLE "academic_year_rollovers" ADD CONSTRAINT "academic_year_rollovers_church_fk" FOREIGN KEY ("church_id") REFERENCES "public"."churches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enrolments" ADD CONSTRAINT "enrolments_church_fk" FOREIGN KEY ("church_id") REFERENCES "public"."churches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enrolments" ADD CONSTRAINT "enrolments_student_fk" FOREIGN KEY ("church_id","student_id") REFERENCES "public"."students"("church_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "classes_church_id_year_key" ON "classes" USING btree ("church_id","id","academic_year");--> statement-breakpoint
ALTER TABLE "enrolments" ADD CONSTRAINT "enrolments_class_fk" FOREIGN KEY ("church_id","class_id","academic_year") REFERENCES "public"."classes"("church_id","id","academic_year") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "enrolments" ADD CONSTRAINT "enrolments_rollover_fk" FOREIGN KEY ("church_id","rollover_id") REFERENCES "public"."academic_year_rollovers"("church_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "academic_year_rollovers_standing_key" ON "academic_year_rollovers" USING btree ("church_id","from_year") WHERE "academic_year_rollovers"."undone_at" is null;--> statement-breakpoint
CREATE INDEX "enrolments_church_class_roll_idx" ON "enrolments" USING btree ("church_id","class_id","roll_number");--> statement-breakpoint
ALTER TABLE "classes" ADD CONSTRAINT "classes_rollover_fk" FOREIGN KEY ("church_id","rollover_id") REFERENCES "public"."academic_year_rollovers"("church_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "academic_year_rollovers" AS PERMISSIVE FOR ALL TO "app_tenant" USING ("church_id" = nullif(current_setting('app.church_id', true), '')::uuid) WITH CHECK ("church_id" = nullif(current_setting('app.church_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "enrolments" AS PERMISSIVE FOR ALL TO "app_tenant" USING ("church_id" = nullif(current_setting('app.church_id', true), '')::uuid) WITH CHECK ("church_id" = nullif(current_setting('app.church_id', true), '')::uuid);
--> statement-breakpoint
-- Every writer of students (the student form, the import, the rollover, a class changing year) keeps
-- the student's enrolment of its year in step: one enrolment per student and year, whose class and
-- roll number are the student's when the student row is the current one. A student moved to another
-- year keeps the enrolment of the year they left (their history). It runs as the caller, so row-level
-- security applies to what it writes.
CREATE FUNCTION "students_sync_enrolment"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "enrolments" ("church_id", "student_id", "academic_year", "class_id", "roll_number")
  VALUES (NEW."church_id", NEW."id", NEW."academic_year", NEW."class_id", NEW."roll_number")
  ON CONFLICT ("church_id", "student_id", "academic_year") DO UPDATE
    SET "class_id" = EXCLUDED."class_id", "roll_number" = EXCLUDED."roll_number"
    WHERE ("enrolments"."class_id", "enrolments"."roll_number") IS DISTINCT FROM (EXCLUDED."class_id", EXCLUDED."roll_number");
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "students_sync_enrolment" AFTER INSERT OR UPDATE OF "class_id", "academic_year", "roll_number" ON "students"
  FOR EACH ROW EXECUTE FUNCTION "students_sync_enrolment"();--> statement-breakpoint
INSERT INTO "enrolments" ("church_id", "student_id", "academic_year", "class_id", "roll_number", "created_at")
  SELECT "church_id", "id", "academic_year", "class_id", "roll_number", "created_at" FROM "students";--> statement-breakpoint
ALTER TABLE "enrolments" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "academic_year_rollovers" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON "enrolments" TO app_tenant;--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE ON "academic_year_rollovers" TO app_tenant;--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON "enrolments", "academic_year_rollovers" TO app_platform;
