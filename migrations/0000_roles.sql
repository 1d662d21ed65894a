-- Roles are cluster-wide, so they are created only when missing (several databases share them).
-- app_tenant: runtime role of church users; owns nothing, never bypasses row-level security.
-- app_platform: the single cross-church door (church-code lookup at sign-in, operator console).
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'app_tenant') THEN
    CREATE ROLE app_tenant NOLOGIN NOSUPERUSER NOBYPASSRLS NOINHERIT;
  END IF;
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'app_platform') THEN
    CREATE ROLE app_platform NOLOGIN NOSUPERUSER BYPASSRLS NOINHERIT;
  END IF;
  -- The connecting user switches to these roles per transaction (set_config('role', ...)).
  EXECUTE format('GRANT app_tenant, app_platform TO %I', current_user);
END
$$;
