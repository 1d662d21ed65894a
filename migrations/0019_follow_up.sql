-- Absentee follow-up. The church's setting (after how many absences in a row a child is followed
-- up; 2 unless set, 1 to 10) is a column of churches, whose UPDATE is granted column by column
-- (0004), so it is granted to the tenant role explicitly beside the other settings a church edits.
-- students.active: false once a child moved away (off the roll call and the follow-up list).
-- follow_up_contacts: a church table like the others (church_id leads every key, the one isolation
-- policy, FORCE); records are written once: the tenant role may read and add them, never change
-- or remove them (they go with their student by ON DELETE CASCADE, run as the table's owner).
CREATE TABLE "follow_up_contacts" (
	"church_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"student_id" uuid NOT NULL,
	"outcome" text NOT NULL,
	"note" text,
	"contacted_by" uuid,
	"contacted_by_name" text NOT NULL,
	"contacted_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "follow_up_contacts_church_id_id_pk" PRIMARY KEY("church_id","id"),
	CONSTRAINT "follow_up_contacts_outcome_check" CHECK ("follow_up_contacts"."outcome" in ('reached', 'no_answer', 'sick', 'moved_away', 'other')),
	CONSTRAINT "follow_up_contacts_note_check" CHECK (char_length("follow_up_contacts"."note") <= 500)
);
--> statement-breakpoint
ALTER TABLE "follow_up_contacts" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "churches" ADD COLUMN "follow_up_absences" integer DEFAULT 2 NOT NULL;--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "active" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "follow_up_contacts" ADD CONSTRAINT "follow_up_contacts_student_fk" FOREIGN KEY ("church_id","student_id") REFERENCES "public"."students"("church_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "follow_up_contacts_church_student_idx" ON "follow_up_contacts" USING btree ("church_id","student_id","contacted_at");--> statement-breakpoint
CREATE INDEX "follow_up_contacts_church_contacted_idx" ON "follow_up_contacts" USING btree ("church_id","contacted_at");--> statement-breakpoint
ALTER TABLE "churches" ADD CONSTRAINT "churches_follow_up_absences_check" CHECK ("churches"."follow_up_absences" between 1 and 10);--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "follow_up_contacts" AS PERMISSIVE FOR ALL TO "app_tenant" USING ("church_id" = nullif(current_setting('app.church_id', true), '')::uuid) WITH CHECK ("church_id" = nullif(current_setting('app.church_id', true), '')::uuid);--> statement-breakpoint
ALTER TABLE "follow_up_contacts" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
GRANT UPDATE ("follow_up_absences") ON "churches" TO app_tenant;--> statement-breakpoint
GRANT SELECT, INSERT ON "follow_up_contacts" TO app_tenant;--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON "follow_up_contacts" TO app_platform;
