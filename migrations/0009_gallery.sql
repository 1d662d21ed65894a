DROP INDEX "media_church_year_month_idx";--> statement-breakpoint
ALTER TABLE "media" ADD COLUMN "thumbnail_path" text;--> statement-breakpoint
ALTER TABLE "media" ADD COLUMN "web_path" text;--> statement-breakpoint
ALTER TABLE "media" ADD COLUMN "uploaded_by_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "media_church_created_idx" ON "media" USING btree ("church_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "media_church_year_month_created_idx" ON "media" USING btree ("church_id","academic_year","month","created_at" DESC NULLS LAST);