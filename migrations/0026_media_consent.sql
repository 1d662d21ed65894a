-- A guest's file address is checked against photo consent on every fetch: the item is found by the
-- stored name the address names (original, thumbnail or web copy), each name indexed.
CREATE INDEX "media_church_thumbnail_path_idx" ON "media" USING btree ("church_id","thumbnail_path");--> statement-breakpoint
CREATE INDEX "media_church_web_path_idx" ON "media" USING btree ("church_id","web_path");