-- Changing a user's role ends their sessions too, like deactivating them or changing their password:
-- a session must never carry a role the user no longer has.
DROP TRIGGER "users_end_sessions" ON "users";--> statement-breakpoint
CREATE TRIGGER "users_end_sessions" AFTER UPDATE OF "is_active", "password_hash", "role" ON "users"
FOR EACH ROW
WHEN ((OLD.is_active AND NOT NEW.is_active) OR OLD.password_hash IS DISTINCT FROM NEW.password_hash
  OR OLD.role IS DISTINCT FROM NEW.role)
EXECUTE FUNCTION end_sessions_of_changed_user();--> statement-breakpoint

-- Church users' changes to their own church (users added, edited, deleted) are audited in the same
-- tenant transaction. The audit log is a platform table the tenant role can neither read nor write;
-- this one function, running as its owner, appends an entry for the church of the current tenant
-- transaction (app.church_id) and nothing else, so a church cannot read the log or write into
-- another church's entries.
CREATE FUNCTION write_church_audit(p_action text, p_resource_type text, p_resource_id text, p_details jsonb, p_description text)
RETURNS void
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public AS $$
DECLARE
  church uuid := nullif(current_setting('app.church_id', true), '')::uuid;
BEGIN
  IF church IS NULL THEN
    RAISE EXCEPTION 'write_church_audit needs a tenant transaction' USING ERRCODE = '42501';
  END IF;
  INSERT INTO audit_log (target_church_id, action, resource_type, resource_id, details, description)
  VALUES (church, p_action, p_resource_type, p_resource_id, p_details, coalesce(p_description, ''));
END
$$;--> statement-breakpoint
REVOKE ALL ON FUNCTION write_church_audit(text, text, text, jsonb, text) FROM PUBLIC;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION write_church_audit(text, text, text, jsonb, text) TO app_tenant;
