-- A church user may edit its church's contact details and time zone, never its subscription
-- (tier, status, end date, lifetime) nor its code or owner: those change only through the platform
-- door (payments, the operator console). Column privileges make the database refuse it.
REVOKE UPDATE ON "churches" FROM app_tenant;--> statement-breakpoint
GRANT UPDATE ("name", "email", "phone", "address", "pincode", "time_zone", "updated_at") ON "churches" TO app_tenant;--> statement-breakpoint

-- Deactivating a user or changing their password ends every session they have. Revoked sessions
-- stay revoked, so reactivating the user does not bring old tokens back. A trigger keeps the rule
-- in one place, whichever module (users, password reset, operator console) makes the change. It runs
-- as the caller: row-level security still limits it to the user's church.
CREATE FUNCTION end_sessions_of_changed_user() RETURNS trigger
LANGUAGE plpgsql SET search_path = pg_catalog, public AS $$
BEGIN
  UPDATE user_sessions SET revoked_at = now()
  WHERE church_id = NEW.church_id AND user_id = NEW.id AND revoked_at IS NULL;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER users_end_sessions AFTER UPDATE OF is_active, password_hash ON "users"
FOR EACH ROW
WHEN ((OLD.is_active AND NOT NEW.is_active) OR OLD.password_hash IS DISTINCT FROM NEW.password_hash)
EXECUTE FUNCTION end_sessions_of_changed_user();
