-- The access log replaces the medical note's own read log (its rows were copied in 0023). attendance now
-- goes with its church directly: it no longer goes with its student.
ALTER TABLE "medical_note_views" DISABLE ROW LEVEL SECURITY;--> statement-breakpoint
DROP POLICY "tenant_isolation" ON "medical_note_views" CASCADE;--> statement-breakpoint
DROP TABLE "medical_note_views" CASCADE;--> statement-breakpoint
ALTER TABLE "attendance" ADD CONSTRAINT "attendance_church_fk" FOREIGN KEY ("church_id") REFERENCES "public"."churches"("id") ON DELETE cascade ON UPDATE no action;