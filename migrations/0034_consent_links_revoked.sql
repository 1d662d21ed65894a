-- Consent links that stop before their expiry (revoked by staff, their guardian removed or changed, a
-- newer link made) and a child's links by student; the access log records reads of safety cards,
-- guardians, pickups, the consent form and each child of a follow-up list read.
ALTER TABLE "child_data_reads" DROP CONSTRAINT "child_data_reads_kind_check";--> statement-breakpoint
ALTER TABLE "consent_links" ADD COLUMN "revoked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "consent_links" ADD COLUMN "revoked_reason" text;--> statement-breakpoint
ALTER TABLE "consent_links" ADD COLUMN "revoked_by" uuid;--> statement-breakpoint
CREATE INDEX "consent_links_church_student_idx" ON "consent_links" USING btree ("church_id","student_id","guardian_id");--> statement-breakpoint
ALTER TABLE "child_data_reads" ADD CONSTRAINT "child_data_reads_kind_check" CHECK ("kind" in ('medical_note', 'export', 'consent_records', 'safety_card', 'guardians', 'pickups',
    'consent_form', 'follow_up'));--> statement-breakpoint
ALTER TABLE "consent_links" ADD CONSTRAINT "consent_links_revoked_check" CHECK (("revoked_at" is null) = ("revoked_reason" is null)
    and "revoked_reason" in ('revoked', 'guardian_removed', 'guardian_changed', 'replaced'));--> statement-breakpoint
GRANT UPDATE ("revoked_at", "revoked_reason", "revoked_by") ON "consent_links" TO app_tenant;
