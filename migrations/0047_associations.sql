-- Associations (issue 45): a tenant of its own over member churches. Its officers' requests run as
-- app_association in the association door with app.association_id set; the role is granted these
-- tables only (never a church table) and reads the member churches' figures through functions owned by
-- the platform. On Citus all these tables stay on the coordinator (Citus local tables, made so by
-- their keys to churches): the association door's statements run there, never on a worker, so its
-- setting needs no propagation, and the platform's functions of the members' figures reach the
-- workers as the platform; a church's door reads and writes them on the coordinator too. (As
-- reference tables, a write was a two-phase commit on every node, and two officers signing in at
-- once deadlocked.)
-- The keys are made after the conversion.
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'app_association') THEN
    CREATE ROLE app_association NOLOGIN NOSUPERUSER NOBYPASSRLS NOINHERIT;
  END IF;
  -- The migrating user switches to it per transaction, as to the other two (migration 0000).
  EXECUTE format('GRANT app_association TO %I', current_user);
END
$$;--> statement-breakpoint
CREATE TABLE "association_circulars" (
	"association_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"section_id" uuid,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"published_by_name" text NOT NULL,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "association_circulars_association_id_id_pk" PRIMARY KEY("association_id","id")
);
--> statement-breakpoint
ALTER TABLE "association_circulars" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "association_memberships" (
	"association_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"church_id" uuid NOT NULL,
	"section_id" uuid,
	"status" text DEFAULT 'invited' NOT NULL,
	"invited_by_name" text NOT NULL,
	"invited_at" timestamp with time zone DEFAULT now() NOT NULL,
	"answered_at" timestamp with time zone,
	"answered_by_user_id" uuid,
	"left_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "association_memberships_association_id_id_pk" PRIMARY KEY("association_id","id"),
	CONSTRAINT "association_memberships_status_check" CHECK ("association_memberships"."status" in ('invited', 'active', 'declined', 'left', 'withdrawn'))
);
--> statement-breakpoint
ALTER TABLE "association_memberships" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "association_officers" (
	"association_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"password_hash" text,
	"role" text NOT NULL,
	"section_id" uuid,
	"is_active" boolean DEFAULT true NOT NULL,
	"language" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "association_officers_association_id_id_pk" PRIMARY KEY("association_id","id"),
	CONSTRAINT "association_officers_role_check" CHECK ("association_officers"."role" in ('association_admin', 'examination_controller', 'section_convener', 'valuer')),
	CONSTRAINT "association_officers_language_check" CHECK ("association_officers"."language" in ('en', 'ml', 'ta', 'hi'))
);
--> statement-breakpoint
ALTER TABLE "association_officers" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "association_sections" (
	"association_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "association_sections_association_id_id_pk" PRIMARY KEY("association_id","id")
);
--> statement-breakpoint
ALTER TABLE "association_sections" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "association_sessions" (
	"association_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"officer_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "association_sessions_association_id_id_pk" PRIMARY KEY("association_id","id")
);
--> statement-breakpoint
ALTER TABLE "association_sessions" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "associations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"languages" text[] DEFAULT '{en}' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "associations_code_check" CHECK ("associations"."code" ~ '^[A-Z0-9]{6}$'),
	CONSTRAINT "associations_kind_check" CHECK ("associations"."kind" in ('diocese', 'district', 'region', 'association')),
	CONSTRAINT "associations_languages_check" CHECK (cardinality("associations"."languages") between 1 and 4 and "associations"."languages" <@ array['en', 'ml', 'ta', 'hi'])
);
--> statement-breakpoint
ALTER TABLE "associations" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "circular_reads" (
	"church_id" uuid NOT NULL,
	"association_id" uuid NOT NULL,
	"circular_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"reader_name" text NOT NULL,
	"reader_role" text NOT NULL,
	"read_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "circular_reads_church_id_circular_id_user_id_pk" PRIMARY KEY("church_id","circular_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "circular_reads" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "target_association_id" uuid;--> statement-breakpoint
CREATE INDEX "association_circulars_published_idx" ON "association_circulars" USING btree ("association_id","published_at");--> statement-breakpoint
CREATE UNIQUE INDEX "association_memberships_one_active_key" ON "association_memberships" USING btree ("church_id") WHERE status = 'active';--> statement-breakpoint
CREATE UNIQUE INDEX "association_memberships_open_key" ON "association_memberships" USING btree ("association_id","church_id") WHERE status in ('invited', 'active');--> statement-breakpoint
CREATE INDEX "association_memberships_church_idx" ON "association_memberships" USING btree ("church_id");--> statement-breakpoint
CREATE UNIQUE INDEX "association_officers_email_key" ON "association_officers" USING btree ("association_id",lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "association_sections_name_key" ON "association_sections" USING btree ("association_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "association_sessions_token_key" ON "association_sessions" USING btree ("association_id","token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "associations_code_key" ON "associations" USING btree ("code");--> statement-breakpoint
CREATE INDEX "circular_reads_circular_idx" ON "circular_reads" USING btree ("association_id","circular_id");--> statement-breakpoint
CREATE INDEX "audit_log_association_created_idx" ON "audit_log" USING btree ("target_association_id","created_at","id");--> statement-breakpoint
CREATE POLICY "association_isolation" ON "association_circulars" AS PERMISSIVE FOR ALL TO "app_association" USING ("association_id" = nullif(current_setting('app.association_id', true), '')::uuid) WITH CHECK ("association_id" = nullif(current_setting('app.association_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "association_isolation" ON "association_memberships" AS PERMISSIVE FOR ALL TO "app_association" USING ("association_id" = nullif(current_setting('app.association_id', true), '')::uuid) WITH CHECK ("association_id" = nullif(current_setting('app.association_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "member_church_answers" ON "association_memberships" AS PERMISSIVE FOR ALL TO "app_tenant" USING ("association_memberships"."church_id" = nullif(current_setting('app.church_id', true), '')::uuid) WITH CHECK ("association_memberships"."church_id" = nullif(current_setting('app.church_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "association_isolation" ON "association_officers" AS PERMISSIVE FOR ALL TO "app_association" USING ("association_id" = nullif(current_setting('app.association_id', true), '')::uuid) WITH CHECK ("association_id" = nullif(current_setting('app.association_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "association_isolation" ON "association_sections" AS PERMISSIVE FOR ALL TO "app_association" USING ("association_id" = nullif(current_setting('app.association_id', true), '')::uuid) WITH CHECK ("association_id" = nullif(current_setting('app.association_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "association_isolation" ON "association_sessions" AS PERMISSIVE FOR ALL TO "app_association" USING ("association_id" = nullif(current_setting('app.association_id', true), '')::uuid) WITH CHECK ("association_id" = nullif(current_setting('app.association_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "association_isolation" ON "associations" AS PERMISSIVE FOR ALL TO "app_association" USING ("id" = nullif(current_setting('app.association_id', true), '')::uuid) WITH CHECK ("id" = nullif(current_setting('app.association_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "circular_reads" AS PERMISSIVE FOR ALL TO "app_tenant" USING ("circular_reads"."church_id" = nullif(current_setting('app.church_id', true), '')::uuid) WITH CHECK ("circular_reads"."church_id" = nullif(current_setting('app.church_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "association_reads" ON "circular_reads" AS PERMISSIVE FOR SELECT TO "app_association" USING ("circular_reads"."association_id" = nullif(current_setting('app.association_id', true), '')::uuid);--> statement-breakpoint
ALTER TABLE "associations" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "association_sections" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "association_officers" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "association_sessions" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "association_memberships" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "association_circulars" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "circular_reads" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
GRANT USAGE ON SCHEMA public TO app_association;--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON "associations", "association_sections", "association_officers", "association_sessions",
  "association_memberships", "association_circulars", "circular_reads" TO app_platform;--> statement-breakpoint
-- The association's officers: their association (read), its sections, officers, sessions, circulars;
-- invitations (made, withdrawn, a section given); who read a circular (read). Nothing of a church.
GRANT SELECT ON "associations" TO app_association;--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON "association_sections", "association_officers", "association_sessions", "association_circulars" TO app_association;--> statement-breakpoint
GRANT SELECT, INSERT, DELETE ON "association_memberships" TO app_association;--> statement-breakpoint
GRANT UPDATE ("section_id", "status", "updated_at") ON "association_memberships" TO app_association;--> statement-breakpoint
GRANT SELECT ON "circular_reads" TO app_association;--> statement-breakpoint
-- A church: its own invitations and membership (read), its answer and its leaving, and its own
-- readers of circulars (read, and written once the service has found the circular among those sent
-- to the church). The association's name and the circulars sent to it come through the functions
-- below: a policy on Citus takes no subquery.
GRANT SELECT ON "association_memberships" TO app_tenant;--> statement-breakpoint
GRANT UPDATE ("status", "answered_at", "answered_by_user_id", "left_at", "updated_at") ON "association_memberships" TO app_tenant;--> statement-breakpoint
GRANT SELECT, INSERT ON "circular_reads" TO app_tenant;--> statement-breakpoint
-- Who may move a membership where: the association invites (a new row is 'invited') and withdraws an
-- invitation not yet answered; the church accepts or declines it, and leaves. Nothing else, whatever
-- the caller sends: the church's answer is the church's, leaving is the church's decision.
CREATE FUNCTION association_membership_moves() RETURNS trigger LANGUAGE plpgsql AS $fn$
DECLARE
  who text := current_user;
BEGIN
  IF who NOT IN ('app_tenant', 'app_association') THEN
    RETURN NEW;
  END IF;
  IF TG_OP = 'INSERT' THEN
    IF who <> 'app_association' OR NEW.status <> 'invited' THEN
      RAISE EXCEPTION 'A membership starts as an invitation of the association' USING ERRCODE = '42501';
    END IF;
    RETURN NEW;
  END IF;
  IF NEW.association_id <> OLD.association_id OR NEW.church_id <> OLD.church_id THEN
    RAISE EXCEPTION 'A membership keeps its association and church' USING ERRCODE = '42501';
  END IF;
  IF NEW.status IS DISTINCT FROM OLD.status AND NOT (
    (who = 'app_tenant' AND OLD.status = 'invited' AND NEW.status IN ('active', 'declined'))
    OR (who = 'app_tenant' AND OLD.status = 'active' AND NEW.status = 'left')
    OR (who = 'app_association' AND OLD.status = 'invited' AND NEW.status = 'withdrawn')
  ) THEN
    RAISE EXCEPTION 'This membership cannot move from % to % by %', OLD.status, NEW.status, who USING ERRCODE = '42501';
  END IF;
  IF who = 'app_tenant' AND NEW.section_id IS DISTINCT FROM OLD.section_id THEN
    RAISE EXCEPTION 'A section is the association''s to give' USING ERRCODE = '42501';
  END IF;
  RETURN NEW;
END
$fn$;--> statement-breakpoint
CREATE TRIGGER association_membership_moves BEFORE INSERT OR UPDATE ON "association_memberships"
  FOR EACH ROW EXECUTE FUNCTION association_membership_moves();--> statement-breakpoint
-- An association's officers' changes in the operators' audit log, for that association only.
CREATE FUNCTION write_association_audit(p_action text, p_resource_type text, p_resource_id text, p_details jsonb, p_description text)
RETURNS void
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public AS $fn$
DECLARE
  association uuid := nullif(current_setting('app.association_id', true), '')::uuid;
BEGIN
  IF association IS NULL THEN
    RAISE EXCEPTION 'write_association_audit needs an association transaction' USING ERRCODE = '42501';
  END IF;
  INSERT INTO audit_log (target_association_id, action, resource_type, resource_id, details, description)
  VALUES (association, p_action, p_resource_type, p_resource_id, p_details, coalesce(p_description, ''));
END
$fn$;--> statement-breakpoint
REVOKE ALL ON FUNCTION write_association_audit(text, text, text, jsonb, text) FROM PUBLIC;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION write_association_audit(text, text, text, jsonb, text) TO app_association;--> statement-breakpoint
-- The churches an association has invited (unanswered) or holds now, by name and code, and a church
-- found by its code to be invited: the association reads no church row itself, and a church that
-- declined or left is out of its sight. Owned by the platform (BYPASSRLS).
CREATE FUNCTION association_member_churches()
RETURNS TABLE (membership_id uuid, church_id uuid, church_code text, church_name text, section_id uuid, status text,
  invited_by_name text, invited_at timestamptz, answered_at timestamptz, left_at timestamptz)
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = pg_catalog, public AS $fn$
  SELECT m.id, m.church_id, c.code, c.name, m.section_id, m.status, m.invited_by_name, m.invited_at, m.answered_at, m.left_at
  FROM association_memberships m JOIN churches c ON c.id = m.church_id
  WHERE m.association_id = nullif(current_setting('app.association_id', true), '')::uuid
    AND m.status IN ('invited', 'active')
$fn$;--> statement-breakpoint
CREATE FUNCTION association_find_church(p_code text)
RETURNS TABLE (church_id uuid, church_name text)
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = pg_catalog, public AS $fn$
  SELECT c.id, c.name FROM churches c
  WHERE c.code = p_code AND nullif(current_setting('app.association_id', true), '') IS NOT NULL
$fn$;--> statement-breakpoint
-- Giving a function to a role needs that role's CREATE on its schema when the migrating login is
-- not a superuser: lent for these statements (as in 0048).
GRANT CREATE ON SCHEMA public TO app_platform;--> statement-breakpoint
ALTER FUNCTION association_member_churches() OWNER TO app_platform;--> statement-breakpoint
ALTER FUNCTION association_find_church(text) OWNER TO app_platform;--> statement-breakpoint
REVOKE CREATE ON SCHEMA public FROM app_platform;--> statement-breakpoint
REVOKE ALL ON FUNCTION association_member_churches() FROM PUBLIC;--> statement-breakpoint
REVOKE ALL ON FUNCTION association_find_church(text) FROM PUBLIC;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION association_member_churches() TO app_association;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION association_find_church(text) TO app_association;--> statement-breakpoint
-- What a church reads of its association, for the church of the transaction only (app.church_id):
-- its invitations and membership with the association's name, code and kind; the circulars sent to
-- it (of the association it belongs to now, to all members or to its section). Owned by the platform
-- (BYPASSRLS); they write nothing (on Citus a write inside them would reach the workers as the
-- platform, which may not act as the tenant there).
CREATE FUNCTION church_association_memberships()
RETURNS TABLE (id uuid, association_id uuid, association_name text, association_code text, association_kind text, status text,
  invited_by_name text, invited_at timestamptz, answered_at timestamptz)
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = pg_catalog, public AS $fn$
  SELECT m.id, a.id, a.name, a.code, a.kind, m.status, m.invited_by_name, m.invited_at, m.answered_at
  FROM association_memberships m JOIN associations a ON a.id = m.association_id
  WHERE m.church_id = nullif(current_setting('app.church_id', true), '')::uuid AND m.status IN ('invited', 'active')
$fn$;--> statement-breakpoint
CREATE FUNCTION church_circulars()
RETURNS TABLE (id uuid, association_id uuid, association_name text, title text, body text, published_by_name text, published_at timestamptz)
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = pg_catalog, public AS $fn$
  SELECT c.id, a.id, a.name, c.title, c.body, c.published_by_name, c.published_at
  FROM association_memberships m
  JOIN associations a ON a.id = m.association_id
  JOIN association_circulars c ON c.association_id = m.association_id AND (c.section_id IS NULL OR c.section_id = m.section_id)
  WHERE m.church_id = nullif(current_setting('app.church_id', true), '')::uuid AND m.status = 'active'
$fn$;--> statement-breakpoint
GRANT CREATE ON SCHEMA public TO app_platform;--> statement-breakpoint
ALTER FUNCTION church_association_memberships() OWNER TO app_platform;--> statement-breakpoint
ALTER FUNCTION church_circulars() OWNER TO app_platform;--> statement-breakpoint
REVOKE CREATE ON SCHEMA public FROM app_platform;--> statement-breakpoint
REVOKE ALL ON FUNCTION church_association_memberships() FROM PUBLIC;--> statement-breakpoint
REVOKE ALL ON FUNCTION church_circulars() FROM PUBLIC;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION church_association_memberships() TO app_tenant;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION church_circulars() TO app_tenant;--> statement-breakpoint
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'citus') THEN
    -- The association role never reaches a worker (its tables are on the coordinator), so unlike the
    -- other two (migration 0030) it has no LOGIN there.
    SET LOCAL citus.multi_shard_modify_mode TO 'sequential';
    SET LOCAL citus.enable_unsafe_triggers TO on;
  END IF;
  ALTER TABLE "association_circulars" ADD CONSTRAINT "association_circulars_association_id_associations_id_fk" FOREIGN KEY ("association_id") REFERENCES "associations"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "association_memberships" ADD CONSTRAINT "association_memberships_association_id_associations_id_fk" FOREIGN KEY ("association_id") REFERENCES "associations"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "association_memberships" ADD CONSTRAINT "association_memberships_church_id_churches_id_fk" FOREIGN KEY ("church_id") REFERENCES "churches"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "association_officers" ADD CONSTRAINT "association_officers_association_id_associations_id_fk" FOREIGN KEY ("association_id") REFERENCES "associations"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "association_sections" ADD CONSTRAINT "association_sections_association_id_associations_id_fk" FOREIGN KEY ("association_id") REFERENCES "associations"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "association_sessions" ADD CONSTRAINT "association_sessions_association_id_associations_id_fk" FOREIGN KEY ("association_id") REFERENCES "associations"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "circular_reads" ADD CONSTRAINT "circular_reads_church_id_churches_id_fk" FOREIGN KEY ("church_id") REFERENCES "churches"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "circular_reads" ADD CONSTRAINT "circular_reads_circular_fk" FOREIGN KEY ("association_id","circular_id") REFERENCES "association_circulars"("association_id","id") ON DELETE cascade ON UPDATE no action;
  -- A section deleted leaves its churches, conveners and circulars in the association, without a section.
  ALTER TABLE "association_memberships" ADD CONSTRAINT "association_memberships_section_fk" FOREIGN KEY ("association_id","section_id") REFERENCES "association_sections"("association_id","id") ON DELETE SET NULL ("section_id");
  ALTER TABLE "association_officers" ADD CONSTRAINT "association_officers_section_fk" FOREIGN KEY ("association_id","section_id") REFERENCES "association_sections"("association_id","id") ON DELETE SET NULL ("section_id");
  ALTER TABLE "association_circulars" ADD CONSTRAINT "association_circulars_section_fk" FOREIGN KEY ("association_id","section_id") REFERENCES "association_sections"("association_id","id") ON DELETE SET NULL ("section_id");
  ALTER TABLE "association_sessions" ADD CONSTRAINT "association_sessions_officer_fk" FOREIGN KEY ("association_id","officer_id") REFERENCES "association_officers"("association_id","id") ON DELETE cascade;
END
$$;
