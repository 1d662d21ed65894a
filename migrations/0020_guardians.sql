-- Guardians, authorised pickups, the medical note and emergency contact of each student, and the log of
-- medical-note reads. Church tables like the others: church_id leads every key, the one isolation
-- policy, FORCE.
-- The parent phone and email move from students into the guardians model, without loss: every
-- student gets one guardian at position 1 (the primary guardian, whose phone and email the documented
-- student API reads and writes from now on), named 'Parent' with the relation 'parent' (the old model
-- had no name), the phone and email exactly as they were written (a phone that is not E.164 is kept as
-- it is). The columns are dropped only after the copy, in the same transaction, so the two never
-- coexist as two copies. The copy reads students with FORCE lifted for its one statement: the owner
-- running migrations has no policy of its own and would otherwise read no rows.
CREATE TABLE "medical_note_views" (
	"church_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"student_id" uuid NOT NULL,
	"viewer_id" uuid NOT NULL,
	"viewer_name" text NOT NULL,
	"viewer_role" text NOT NULL,
	"viewed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "medical_note_views_church_id_id_pk" PRIMARY KEY("church_id","id")
);
--> statement-breakpoint
ALTER TABLE "medical_note_views" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "student_care" (
	"church_id" uuid NOT NULL,
	"student_id" uuid NOT NULL,
	"medical_note" text,
	"emergency_name" text,
	"emergency_phone" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "student_care_church_id_student_id_pk" PRIMARY KEY("church_id","student_id"),
	CONSTRAINT "student_care_medical_note_check" CHECK (char_length("student_care"."medical_note") between 1 and 500),
	CONSTRAINT "student_care_emergency_check" CHECK (("student_care"."emergency_name" is null) = ("student_care"."emergency_phone" is null))
);
--> statement-breakpoint
ALTER TABLE "student_care" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "student_guardians" (
	"church_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"student_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"name" text NOT NULL,
	"relation" text NOT NULL,
	"phone" text NOT NULL,
	"phone2" text,
	"whatsapp" text DEFAULT 'none' NOT NULL,
	"email" text,
	"language" text,
	"contact_consent" boolean DEFAULT false NOT NULL,
	"consent_recorded_at" timestamp with time zone,
	"consent_recorded_by" uuid,
	"search_text" text GENERATED ALWAYS AS (lower("phone" || chr(10) || coalesce("email", '')) || chr(10) || regexp_replace("phone", '[^0-9]', '', 'g')) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "student_guardians_church_id_id_pk" PRIMARY KEY("church_id","id"),
	CONSTRAINT "student_guardians_position_check" CHECK ("student_guardians"."position" between 1 and 4),
	CONSTRAINT "student_guardians_whatsapp_check" CHECK ("student_guardians"."whatsapp" in ('phone', 'phone2', 'none') and ("student_guardians"."whatsapp" <> 'phone2' or "student_guardians"."phone2" is not null)),
	CONSTRAINT "student_guardians_language_check" CHECK ("student_guardians"."language" in ('en', 'ml', 'ta', 'hi'))
);
--> statement-breakpoint
ALTER TABLE "student_guardians" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "student_pickups" (
	"church_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"student_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"name" text NOT NULL,
	"relation" text NOT NULL,
	"phone" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "student_pickups_church_id_id_pk" PRIMARY KEY("church_id","id"),
	CONSTRAINT "student_pickups_position_check" CHECK ("student_pickups"."position" between 1 and 6)
);
--> statement-breakpoint
ALTER TABLE "student_pickups" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "medical_note_views" ADD CONSTRAINT "medical_note_views_student_fk" FOREIGN KEY ("church_id","student_id") REFERENCES "public"."students"("church_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_care" ADD CONSTRAINT "student_care_student_fk" FOREIGN KEY ("church_id","student_id") REFERENCES "public"."students"("church_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_guardians" ADD CONSTRAINT "student_guardians_student_fk" FOREIGN KEY ("church_id","student_id") REFERENCES "public"."students"("church_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_pickups" ADD CONSTRAINT "student_pickups_student_fk" FOREIGN KEY ("church_id","student_id") REFERENCES "public"."students"("church_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "medical_note_views_church_student_idx" ON "medical_note_views" USING btree ("church_id","student_id","viewed_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "student_guardians_church_student_position_key" ON "student_guardians" USING btree ("church_id","student_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "student_pickups_church_student_position_key" ON "student_pickups" USING btree ("church_id","student_id","position");--> statement-breakpoint
ALTER TABLE "students" NO FORCE ROW LEVEL SECURITY;--> statement-breakpoint
INSERT INTO "student_guardians" ("church_id", "student_id", "position", "name", "relation", "phone", "email", "created_at", "updated_at")
SELECT "church_id", "id", 1, 'Parent', 'parent', "parent_phone", "parent_email", "created_at", "updated_at" FROM "students";--> statement-breakpoint
ALTER TABLE "students" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "students" DROP COLUMN "search_text";--> statement-breakpoint
ALTER TABLE "students" DROP COLUMN "parent_phone";--> statement-breakpoint
ALTER TABLE "students" DROP COLUMN "parent_email";--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "medical_note_views" AS PERMISSIVE FOR ALL TO "app_tenant" USING ("church_id" = nullif(current_setting('app.church_id', true), '')::uuid) WITH CHECK ("church_id" = nullif(current_setting('app.church_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "student_care" AS PERMISSIVE FOR ALL TO "app_tenant" USING ("church_id" = nullif(current_setting('app.church_id', true), '')::uuid) WITH CHECK ("church_id" = nullif(current_setting('app.church_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "student_guardians" AS PERMISSIVE FOR ALL TO "app_tenant" USING ("church_id" = nullif(current_setting('app.church_id', true), '')::uuid) WITH CHECK ("church_id" = nullif(current_setting('app.church_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "student_pickups" AS PERMISSIVE FOR ALL TO "app_tenant" USING ("church_id" = nullif(current_setting('app.church_id', true), '')::uuid) WITH CHECK ("church_id" = nullif(current_setting('app.church_id', true), '')::uuid);--> statement-breakpoint
ALTER TABLE "student_guardians" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "student_pickups" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "student_care" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "medical_note_views" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON "student_guardians", "student_pickups", "student_care" TO app_tenant;--> statement-breakpoint
-- The read log is append-only for church users: a read is recorded, never rewritten or removed (its
-- rows go with their student, by the cascade the database runs as the owner).
GRANT SELECT, INSERT ON "medical_note_views" TO app_tenant;--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON "student_guardians", "student_pickups", "student_care", "medical_note_views" TO app_platform;
