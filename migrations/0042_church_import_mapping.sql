ALTER TABLE "churches" ADD COLUMN "import_mapping" jsonb;--> statement-breakpoint
-- Whoever may import students (a church user) saves the columns of the church's last import.
GRANT UPDATE ("import_mapping") ON "churches" TO app_tenant;
