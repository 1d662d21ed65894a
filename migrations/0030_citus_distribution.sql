-- On a Citus cluster (the citus extension is installed in this database), distribute the schema by
-- church; on plain PostgreSQL and PGlite this migration does nothing.
--
-- What each table becomes:
-- - plans and churches: reference tables, a full copy on every node. Every church table's foreign key
--   to churches is then a distributed-to-reference key, and the church-code lookup (by code, not by
--   id) is answered on any node. Written rarely (registration, plan and subscription changes).
-- - every table with a church_id column: distributed by church_id, all colocated with users, so one
--   church's rows of every table sit on one shard and a tenant transaction stays on one node.
-- - the platform tables (platform_operators and their sessions, codes and challenges, audit_log,
--   payment_webhook_events, payment_references, runtime_login_secret) and the job queue (pgboss): left
--   on the coordinator. Those referring to churches become Citus local tables (Citus adds them to its
--   metadata through their foreign key to the reference table).
--
-- Citus distributes a table only if no local table refers to it, and a table referred to by a
-- reference table's neighbours is already a Citus local table; so the foreign keys between church
-- tables are dropped, every church table distributed, and the keys made again as they were.
-- Triggers on distributed tables (the student's enrolment, the user's sessions) need
-- citus.enable_unsafe_triggers: they run on the shard, within the church's one node.
DO $$
DECLARE
  fk record;
  church_table text;
  church_tables text[];
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'citus') THEN
    RETURN;
  END IF;
  -- A door switches to app_tenant or app_platform, and Citus opens its connections to the workers
  -- as the current role: the two group roles must be able to log in there. They have no password,
  -- so no client can sign in as them by password; the nodes authenticate each other (certificates,
  -- or pg_dist_authinfo, and pg_hba admitting these roles from the coordinator only).
  ALTER ROLE app_tenant LOGIN;
  ALTER ROLE app_platform LOGIN;
  -- A write to a table that refers to a reference table (a church's rows to churches, churches to
  -- plans) makes Citus lock the reference table's shard on the workers, which it allows only to a
  -- role that may modify that table; these roles may not modify plans. The check guards against a
  -- role blocking others' writes with locks, not against reading or writing data.
  ALTER ROLE app_tenant SET citus.skip_advisory_lock_permission_checks = on;
  ALTER ROLE app_platform SET citus.skip_advisory_lock_permission_checks = on;
  SET LOCAL citus.multi_shard_modify_mode TO 'sequential';
  SET LOCAL citus.enable_unsafe_triggers TO on;

  SELECT array_agg(c.relname::text ORDER BY c.relname <> 'users', c.relname) INTO church_tables
  FROM pg_class c
  JOIN pg_attribute a ON a.attrelid = c.oid AND a.attname = 'church_id' AND NOT a.attisdropped
  WHERE c.relnamespace = 'public'::regnamespace AND c.relkind IN ('r', 'p');

  CREATE TEMP TABLE church_foreign_keys ON COMMIT DROP AS
  SELECT con.conrelid::regclass::text AS table_name, con.conname::text AS name, pg_get_constraintdef(con.oid) AS definition
  FROM pg_constraint con
  WHERE con.contype = 'f'
    AND con.conrelid::regclass::text = ANY (church_tables)
    AND con.confrelid::regclass::text = ANY (church_tables);

  FOR fk IN SELECT * FROM church_foreign_keys LOOP
    EXECUTE format('ALTER TABLE %I DROP CONSTRAINT %I', fk.table_name, fk.name);
  END LOOP;

  PERFORM create_reference_table('plans');
  PERFORM create_reference_table('churches');
  FOREACH church_table IN ARRAY church_tables LOOP
    PERFORM create_distributed_table(church_table, 'church_id',
      colocate_with => CASE WHEN church_table = 'users' THEN 'default' ELSE 'users' END);
  END LOOP;

  -- Citus refuses a key holding the distribution column with ON DELETE SET NULL or ON UPDATE
  -- CASCADE; those two actions become triggers instead (below), the keys plain ones.
  FOR fk IN SELECT * FROM church_foreign_keys LOOP
    EXECUTE format('ALTER TABLE %I ADD CONSTRAINT %I %s', fk.table_name, fk.name, CASE fk.name
      WHEN 'child_data_reads_student_fk' THEN 'FOREIGN KEY (church_id, student_id) REFERENCES students (church_id, id)'
      WHEN 'enrolments_class_fk' THEN 'FOREIGN KEY (church_id, class_id) REFERENCES classes (church_id, id)'
      ELSE fk.definition END);
  END LOOP;

  -- A child's erasure keeps the record that their data was read, without the child.
  -- As its owner, as the foreign key's action was: the tenant role may not change the access log.
  CREATE FUNCTION child_data_reads_forget_student() RETURNS trigger LANGUAGE plpgsql
    SECURITY DEFINER SET search_path = public, pg_temp AS $fn$
  BEGIN
    UPDATE child_data_reads SET student_id = NULL WHERE church_id = OLD.church_id AND student_id = OLD.id;
    RETURN OLD;
  END
  $fn$;
  CREATE TRIGGER child_data_reads_forget_student BEFORE DELETE ON students
    FOR EACH ROW EXECUTE FUNCTION child_data_reads_forget_student();

  -- An enrolment's year is its class's: a class moved to another year takes its enrolments along.
  CREATE FUNCTION enrolments_follow_class_year() RETURNS trigger LANGUAGE plpgsql AS $fn$
  BEGIN
    UPDATE enrolments SET academic_year = NEW.academic_year
    WHERE church_id = NEW.church_id AND class_id = NEW.id AND academic_year = OLD.academic_year;
    RETURN NEW;
  END
  $fn$;
  CREATE TRIGGER enrolments_follow_class_year AFTER UPDATE OF academic_year ON classes
    FOR EACH ROW WHEN (OLD.academic_year IS DISTINCT FROM NEW.academic_year)
    EXECUTE FUNCTION enrolments_follow_class_year();
END
$$;
