-- Association officers' password reset links (association_officer_reset_tokens), an officer's
-- sessions ending when their password changes or they are deactivated (as a church user's do), and
-- the Google account that signs an officer in (google_subject, as a church user's).
ALTER TABLE "association_officers" ADD COLUMN "google_subject" text;--> statement-breakpoint
CREATE UNIQUE INDEX "association_officers_google_subject_key" ON "association_officers" USING btree ("association_id","google_subject");--> statement-breakpoint
CREATE TABLE "association_officer_reset_tokens" (
	"association_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"officer_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "association_officer_reset_tokens_association_id_id_pk" PRIMARY KEY("association_id","id")
);
--> statement-breakpoint
ALTER TABLE "association_officer_reset_tokens" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE UNIQUE INDEX "association_officer_reset_tokens_token_key" ON "association_officer_reset_tokens" USING btree ("association_id","token_hash");--> statement-breakpoint
CREATE INDEX "association_officer_reset_tokens_token_hash_idx" ON "association_officer_reset_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE POLICY "association_isolation" ON "association_officer_reset_tokens" AS PERMISSIVE FOR ALL TO "app_association" USING ("association_id" = nullif(current_setting('app.association_id', true), '')::uuid) WITH CHECK ("association_id" = nullif(current_setting('app.association_id', true), '')::uuid);--> statement-breakpoint
ALTER TABLE "association_officer_reset_tokens" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
-- The platform finds a token by its hash (a reset link names no association), as it may every
-- association table; the association's own transaction issues, spends and deletes its officers' tokens.
GRANT SELECT, INSERT, UPDATE, DELETE ON "association_officer_reset_tokens" TO app_platform;--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON "association_officer_reset_tokens" TO app_association;--> statement-breakpoint
-- Deactivating an officer or changing their password ends every session they have (revoked
-- sessions stay revoked). Runs as the caller: row-level security keeps it to the officer's association.
CREATE FUNCTION end_sessions_of_changed_officer() RETURNS trigger
LANGUAGE plpgsql SET search_path = pg_catalog, public AS $fn$
BEGIN
  UPDATE association_sessions SET revoked_at = now()
  WHERE association_id = NEW.association_id AND officer_id = NEW.id AND revoked_at IS NULL;
  RETURN NULL;
END
$fn$;--> statement-breakpoint
CREATE TRIGGER association_officers_end_sessions AFTER UPDATE OF is_active, password_hash ON "association_officers"
FOR EACH ROW
WHEN ((OLD.is_active AND NOT NEW.is_active) OR OLD.password_hash IS DISTINCT FROM NEW.password_hash)
EXECUTE FUNCTION end_sessions_of_changed_officer();--> statement-breakpoint
-- On Citus the association's tables stay on the coordinator (migration 0047); the foreign keys are
-- added as there.
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'citus') THEN
    SET LOCAL citus.multi_shard_modify_mode TO 'sequential';
    SET LOCAL citus.enable_unsafe_triggers TO on;
  END IF;
  ALTER TABLE "association_officer_reset_tokens" ADD CONSTRAINT "association_officer_reset_tokens_association_id_associations_id_fk" FOREIGN KEY ("association_id") REFERENCES "public"."associations"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "association_officer_reset_tokens" ADD CONSTRAINT "association_officer_reset_tokens_officer_fk" FOREIGN KEY ("association_id","officer_id") REFERENCES "public"."association_officers"("association_id","id") ON DELETE cascade ON UPDATE no action;
END
$$;
