-- The family export's download link: who asked for it (the link is their credential, so its download is
-- logged as their read), and the token's hash alone indexed (a link names no church; the platform door
-- finds its export by it). The tenant role's grants on the table cover the new columns.
ALTER TABLE "family_exports" ADD COLUMN "link_by" uuid;--> statement-breakpoint
ALTER TABLE "family_exports" ADD COLUMN "link_by_name" text;--> statement-breakpoint
ALTER TABLE "family_exports" ADD COLUMN "link_by_role" text;--> statement-breakpoint
CREATE INDEX "family_exports_token_hash_idx" ON "family_exports" USING btree ("token_hash");