CREATE INDEX "audit_log_church_created_idx" ON "audit_log" USING btree ("target_church_id","created_at","id");--> statement-breakpoint
CREATE INDEX "churches_created_idx" ON "churches" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "media_id_idx" ON "media" USING btree ("id");--> statement-breakpoint
CREATE INDEX "media_created_idx" ON "media" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "users_id_idx" ON "users" USING btree ("id");--> statement-breakpoint
CREATE INDEX "users_created_idx" ON "users" USING btree ("created_at","id");