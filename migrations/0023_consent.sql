-- Children's data by consent: consent records (history, append-only for the church), consent links
-- (a token's hash, one child, one answer), the church's privacy notice, the children shown in a
-- medium, the access log of a child's sensitive data, family exports, the retention setting.
-- attendance loses its foreign key to students: an erased child's marks stay under a random id
-- that names nobody (they still count in the class's totals); deleting a student deletes their
-- marks in the same statement sequence (students module).
CREATE TABLE "child_data_reads" (
	"church_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"student_id" uuid,
	"kind" text NOT NULL,
	"reader_id" uuid NOT NULL,
	"reader_name" text NOT NULL,
	"reader_role" text NOT NULL,
	"read_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "child_data_reads_church_id_id_pk" PRIMARY KEY("church_id","id"),
	CONSTRAINT "child_data_reads_kind_check" CHECK ("child_data_reads"."kind" in ('medical_note', 'export', 'consent_records'))
);
--> statement-breakpoint
ALTER TABLE "child_data_reads" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "church_privacy_notices" (
	"church_id" uuid NOT NULL,
	"controller" text,
	"data_kept" text,
	"purposes" text,
	"retention" text,
	"contact" text,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "church_privacy_notices_church_id_pk" PRIMARY KEY("church_id"),
	CONSTRAINT "church_privacy_notices_length_check" CHECK (char_length("church_privacy_notices"."controller") <= 1000 and char_length("church_privacy_notices"."data_kept") <= 2000
    and char_length("church_privacy_notices"."purposes") <= 2000 and char_length("church_privacy_notices"."retention") <= 1000 and char_length("church_privacy_notices"."contact") <= 1000)
);
--> statement-breakpoint
ALTER TABLE "church_privacy_notices" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "consent_links" (
	"church_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"student_id" uuid NOT NULL,
	"guardian_id" uuid,
	"guardian_name" text NOT NULL,
	"guardian_relation" text NOT NULL,
	"language" text NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_by" uuid,
	"created_by_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "consent_links_church_id_id_pk" PRIMARY KEY("church_id","id"),
	CONSTRAINT "consent_links_language_check" CHECK ("consent_links"."language" in ('en', 'ml', 'ta', 'hi'))
);
--> statement-breakpoint
ALTER TABLE "consent_links" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "family_exports" (
	"church_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"student_id" uuid NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"storage_name" text,
	"bytes" bigint,
	"token_hash" text,
	"expires_at" timestamp with time zone,
	"downloaded_at" timestamp with time zone,
	"requested_by" uuid,
	"requested_by_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "family_exports_church_id_id_pk" PRIMARY KEY("church_id","id"),
	CONSTRAINT "family_exports_status_check" CHECK ("family_exports"."status" in ('pending', 'ready', 'failed', 'downloaded'))
);
--> statement-breakpoint
ALTER TABLE "family_exports" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "media_children" (
	"church_id" uuid NOT NULL,
	"media_id" uuid NOT NULL,
	"student_id" uuid NOT NULL,
	"tagged_by" uuid,
	"tagged_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "media_children_church_id_media_id_student_id_pk" PRIMARY KEY("church_id","media_id","student_id")
);
--> statement-breakpoint
ALTER TABLE "media_children" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "student_consents" (
	"church_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"student_id" uuid NOT NULL,
	"purpose" text NOT NULL,
	"given" boolean NOT NULL,
	"guardian_id" uuid,
	"guardian_name" text NOT NULL,
	"guardian_relation" text NOT NULL,
	"method" text NOT NULL,
	"link_id" uuid,
	"ip_address" text,
	"user_agent" text,
	"recorded_by" uuid,
	"recorded_by_name" text NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "student_consents_church_id_id_pk" PRIMARY KEY("church_id","id"),
	CONSTRAINT "student_consents_purpose_check" CHECK ("student_consents"."purpose" in ('enrolment', 'photos', 'messages')),
	CONSTRAINT "student_consents_method_check" CHECK ("student_consents"."method" in ('paper_form', 'in_person', 'digital_link')),
	CONSTRAINT "student_consents_user_agent_check" CHECK (char_length("student_consents"."user_agent") <= 500)
);
--> statement-breakpoint
ALTER TABLE "student_consents" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "attendance" DROP CONSTRAINT "attendance_student_fk";
--> statement-breakpoint
ALTER TABLE "churches" ADD COLUMN "retention_years" integer DEFAULT 3 NOT NULL;--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "retention_reviewed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "child_data_reads" ADD CONSTRAINT "child_data_reads_student_fk" FOREIGN KEY ("church_id","student_id") REFERENCES "public"."students"("church_id","id") ON DELETE SET NULL ("student_id") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "church_privacy_notices" ADD CONSTRAINT "church_privacy_notices_church_fk" FOREIGN KEY ("church_id") REFERENCES "public"."churches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consent_links" ADD CONSTRAINT "consent_links_student_fk" FOREIGN KEY ("church_id","student_id") REFERENCES "public"."students"("church_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "family_exports" ADD CONSTRAINT "family_exports_student_fk" FOREIGN KEY ("church_id","student_id") REFERENCES "public"."students"("church_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media_children" ADD CONSTRAINT "media_children_media_fk" FOREIGN KEY ("church_id","media_id") REFERENCES "public"."media"("church_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media_children" ADD CONSTRAINT "media_children_student_fk" FOREIGN KEY ("church_id","student_id") REFERENCES "public"."students"("church_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_consents" ADD CONSTRAINT "student_consents_student_fk" FOREIGN KEY ("church_id","student_id") REFERENCES "public"."students"("church_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "child_data_reads_church_student_idx" ON "child_data_reads" USING btree ("church_id","student_id","read_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "child_data_reads_church_read_idx" ON "child_data_reads" USING btree ("church_id","read_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "consent_links_church_token_key" ON "consent_links" USING btree ("church_id","token_hash");--> statement-breakpoint
CREATE INDEX "consent_links_token_hash_idx" ON "consent_links" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "family_exports_church_token_key" ON "family_exports" USING btree ("church_id","token_hash");--> statement-breakpoint
CREATE INDEX "media_children_church_student_idx" ON "media_children" USING btree ("church_id","student_id");--> statement-breakpoint
CREATE INDEX "student_consents_church_student_purpose_idx" ON "student_consents" USING btree ("church_id","student_id","purpose","recorded_at" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "churches" ADD CONSTRAINT "churches_retention_years_check" CHECK ("churches"."retention_years" between 1 and 10);--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "child_data_reads" AS PERMISSIVE FOR ALL TO "app_tenant" USING ("church_id" = nullif(current_setting('app.church_id', true), '')::uuid) WITH CHECK ("church_id" = nullif(current_setting('app.church_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "church_privacy_notices" AS PERMISSIVE FOR ALL TO "app_tenant" USING ("church_id" = nullif(current_setting('app.church_id', true), '')::uuid) WITH CHECK ("church_id" = nullif(current_setting('app.church_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "consent_links" AS PERMISSIVE FOR ALL TO "app_tenant" USING ("church_id" = nullif(current_setting('app.church_id', true), '')::uuid) WITH CHECK ("church_id" = nullif(current_setting('app.church_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "family_exports" AS PERMISSIVE FOR ALL TO "app_tenant" USING ("church_id" = nullif(current_setting('app.church_id', true), '')::uuid) WITH CHECK ("church_id" = nullif(current_setting('app.church_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "media_children" AS PERMISSIVE FOR ALL TO "app_tenant" USING ("church_id" = nullif(current_setting('app.church_id', true), '')::uuid) WITH CHECK ("church_id" = nullif(current_setting('app.church_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "student_consents" AS PERMISSIVE FOR ALL TO "app_tenant" USING ("church_id" = nullif(current_setting('app.church_id', true), '')::uuid) WITH CHECK ("church_id" = nullif(current_setting('app.church_id', true), '')::uuid);
--> statement-breakpoint
-- The medical note's reads from before join the access log (dropped in 0024). FORCE is lifted from
-- the old table and set on the new one only after the copy: a migrating owner that is not a
-- superuser would otherwise read nothing from one and be refused by the other.
ALTER TABLE "medical_note_views" NO FORCE ROW LEVEL SECURITY;--> statement-breakpoint
INSERT INTO "child_data_reads" ("church_id", "id", "student_id", "kind", "reader_id", "reader_name", "reader_role", "read_at")
  SELECT "church_id", "id", "student_id", 'medical_note', "viewer_id", "viewer_name", "viewer_role", "viewed_at" FROM "medical_note_views";--> statement-breakpoint
ALTER TABLE "child_data_reads" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "church_privacy_notices" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "consent_links" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "family_exports" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "media_children" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "student_consents" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
-- Consent answers and the access log are written once: the church may read and add them, never
-- change or remove them (they go with their student by the foreign keys, run as the owner).
GRANT SELECT, INSERT ON "student_consents", "child_data_reads" TO app_tenant;--> statement-breakpoint
GRANT SELECT, INSERT ON "consent_links" TO app_tenant;--> statement-breakpoint
GRANT UPDATE ("used_at") ON "consent_links" TO app_tenant;--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE ON "church_privacy_notices" TO app_tenant;--> statement-breakpoint
GRANT SELECT, INSERT, DELETE ON "media_children" TO app_tenant;--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON "family_exports" TO app_tenant;--> statement-breakpoint
GRANT UPDATE ("retention_years") ON "churches" TO app_tenant;--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON "student_consents", "child_data_reads", "consent_links", "church_privacy_notices",
  "media_children", "family_exports" TO app_platform;
