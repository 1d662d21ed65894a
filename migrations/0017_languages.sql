-- The language each user chose (NULL: the church's default) and the church's default language,
-- which its super admin sets: one of the languages the church area speaks (common/i18n/locales.ts).
-- users keeps its table-wide grants; churches' UPDATE is granted column by column (0004), so the
-- new column is granted to the tenant role explicitly, beside the other settings a church edits.
ALTER TABLE "users" ADD COLUMN "language" text;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_language_check" CHECK ("users"."language" in ('en', 'ml', 'ta', 'hi'));--> statement-breakpoint
ALTER TABLE "churches" ADD COLUMN "default_language" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "churches" ADD CONSTRAINT "churches_default_language_check" CHECK ("churches"."default_language" in ('en', 'ml', 'ta', 'hi'));--> statement-breakpoint
GRANT UPDATE ("default_language") ON "churches" TO app_tenant;
