CREATE TABLE "erased_enrolments" (
	"church_id" uuid NOT NULL,
	"marks_id" uuid NOT NULL,
	"academic_year" text NOT NULL,
	"class_id" uuid NOT NULL,
	CONSTRAINT "erased_enrolments_church_id_marks_id_academic_year_pk" PRIMARY KEY("church_id","marks_id","academic_year")
);
--> statement-breakpoint
ALTER TABLE "erased_enrolments" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "erased_enrolments" ADD CONSTRAINT "erased_enrolments_church_fk" FOREIGN KEY ("church_id") REFERENCES "public"."churches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "erased_enrolments_church_class_idx" ON "erased_enrolments" USING btree ("church_id","class_id");--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "erased_enrolments" AS PERMISSIVE FOR ALL TO "app_tenant" USING ("church_id" = nullif(current_setting('app.church_id', true), '')::uuid) WITH CHECK ("church_id" = nullif(current_setting('app.church_id', true), '')::uuid);--> statement-breakpoint
ALTER TABLE "erased_enrolments" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
GRANT SELECT, INSERT ON "erased_enrolments" TO app_tenant;--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON "erased_enrolments" TO app_platform;--> statement-breakpoint
-- On a Citus cluster the new church table is distributed by church like the others (migration 0030):
-- its key to classes without the year's ON UPDATE CASCADE (Citus refuses it on the distribution
-- column), a trigger taking the rows along when a class changes year instead.
-- (A Citus local table may not refer to a distributed one, so there the key is made only after the
-- table is distributed.)
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'citus') THEN
    ALTER TABLE erased_enrolments ADD CONSTRAINT erased_enrolments_class_fk FOREIGN KEY (church_id, class_id, academic_year)
      REFERENCES classes (church_id, id, academic_year) ON DELETE CASCADE ON UPDATE CASCADE;
    RETURN;
  END IF;
  SET LOCAL citus.multi_shard_modify_mode TO 'sequential';
  SET LOCAL citus.enable_unsafe_triggers TO on;
  PERFORM create_distributed_table('erased_enrolments', 'church_id', colocate_with => 'users');
  ALTER TABLE erased_enrolments ADD CONSTRAINT erased_enrolments_class_fk
    FOREIGN KEY (church_id, class_id) REFERENCES classes (church_id, id) ON DELETE CASCADE;
  -- As the owner: the tenant role may not update erased_enrolments (a key's ON UPDATE CASCADE does the
  -- same as the owner on a plain server).
  CREATE FUNCTION erased_enrolments_follow_class_year() RETURNS trigger LANGUAGE plpgsql
  SECURITY DEFINER SET search_path = public, pg_catalog AS $fn$
  BEGIN
    UPDATE erased_enrolments SET academic_year = NEW.academic_year
    WHERE church_id = NEW.church_id AND class_id = NEW.id AND academic_year = OLD.academic_year;
    RETURN NEW;
  END
  $fn$;
  CREATE TRIGGER erased_enrolments_follow_class_year AFTER UPDATE OF academic_year ON classes
    FOR EACH ROW WHEN (OLD.academic_year IS DISTINCT FROM NEW.academic_year)
    EXECUTE FUNCTION erased_enrolments_follow_class_year();
END
$$;--> statement-breakpoint

-- Erasing a child redacts exactly the audit entries tied to the child's ids, never who did what
-- (replaces migrations 0025 and 0031, which rewrote every string equal to the child's name in the
-- whole church's log, the by_* fields included):
-- - an entry about the child or one of the child's rows (resource_id one of p_ids) keeps its action,
--   time and author: the by_* fields and the description's closing "(by ...)"; everything else of it
--   goes (the child's and the family's names are written only in such entries);
-- - an entry that mentions one of p_ids elsewhere (an offline batch's refused marks, a photo's tags)
--   keeps its content with each of p_ids replaced by 'erased', its by_* fields and author untouched;
-- - no other entry is touched, whatever its text.
DROP FUNCTION redact_church_audit_of_child(text, uuid[]);--> statement-breakpoint
DROP FUNCTION erasure_redact_jsonb(jsonb, text[], text);--> statement-breakpoint
DROP FUNCTION erasure_redact_text(text, text[], text);--> statement-breakpoint

-- A description's author: the " (by ...)" that auditChurchChange and auditOperatorAction close it with.
CREATE FUNCTION erasure_description_author(t text)
RETURNS text
LANGUAGE sql IMMUTABLE SET search_path = pg_catalog AS $$
  SELECT coalesce(substring(t from '( \(by [^()]*\))$'), '')
$$;--> statement-breakpoint

-- A text without the given ids.
CREATE FUNCTION erasure_redact_ids(t text, ids text[])
RETURNS text
LANGUAGE plpgsql IMMUTABLE SET search_path = pg_catalog AS $$
DECLARE
  one text;
BEGIN
  IF t IS NULL THEN
    RETURN NULL;
  END IF;
  FOREACH one IN ARRAY ids LOOP
    t := replace(t, one, 'erased');
  END LOOP;
  RETURN t;
END
$$;--> statement-breakpoint

-- The same over every string value of a JSON document (keys and structure untouched); at the top
-- level the by_* fields (who did it) are kept as they are.
CREATE FUNCTION erasure_redact_ids_jsonb(j jsonb, ids text[], top boolean)
RETURNS jsonb
LANGUAGE plpgsql IMMUTABLE SET search_path = pg_catalog, public AS $$
DECLARE
  result jsonb;
BEGIN
  CASE jsonb_typeof(j)
    WHEN 'object' THEN
      SELECT coalesce(jsonb_object_agg(e.key,
        CASE WHEN top AND e.key LIKE 'by\_%' THEN e.value ELSE erasure_redact_ids_jsonb(e.value, ids, false) END), '{}'::jsonb)
        INTO result FROM jsonb_each(j) AS e;
    WHEN 'array' THEN
      SELECT coalesce(jsonb_agg(erasure_redact_ids_jsonb(e.value, ids, false) ORDER BY e.n), '[]'::jsonb) INTO result
        FROM jsonb_array_elements(j) WITH ORDINALITY AS e(value, n);
    WHEN 'string' THEN
      result := to_jsonb(erasure_redact_ids(j #>> '{}', ids));
    ELSE
      result := j;
  END CASE;
  RETURN result;
END
$$;--> statement-breakpoint

-- p_ids: the child's id and the ids of the child's rows (guardians, pickups, consents, consent
-- links, exports, follow-up contacts). Answers how many entries were redacted.
CREATE FUNCTION redact_church_audit_of_child(p_ids uuid[])
RETURNS integer
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public AS $$
DECLARE
  church uuid := nullif(current_setting('app.church_id', true), '')::uuid;
  ids text[];
  id_patterns text[];
  about integer;
  mentioning integer;
BEGIN
  IF church IS NULL THEN
    RAISE EXCEPTION 'redact_church_audit_of_child needs a tenant transaction' USING ERRCODE = '42501';
  END IF;
  IF coalesce(cardinality(p_ids), 0) = 0 THEN
    RAISE EXCEPTION 'redact_church_audit_of_child needs the child''s ids' USING ERRCODE = '22023';
  END IF;
  SELECT array_agg(i::text), array_agg('%' || i::text || '%') INTO ids, id_patterns FROM unnest(p_ids) AS i;

  UPDATE audit_log SET
    resource_id = NULL,
    details = erasure_redacted_details(details),
    description = 'Entry about an erased child (redacted)' || erasure_description_author(description)
  WHERE target_church_id = church AND resource_id = ANY (ids);
  GET DIAGNOSTICS about = ROW_COUNT;

  UPDATE audit_log SET
    details = erasure_redact_ids_jsonb(details, ids, true),
    description = erasure_redact_ids(left(description, length(description) - length(erasure_description_author(description))), ids)
      || erasure_description_author(description)
  WHERE target_church_id = church
    AND (details::text LIKE ANY (id_patterns) OR description LIKE ANY (id_patterns));
  GET DIAGNOSTICS mentioning = ROW_COUNT;
  RETURN about + mentioning;
END
$$;--> statement-breakpoint
REVOKE ALL ON FUNCTION erasure_description_author(text) FROM PUBLIC;--> statement-breakpoint
REVOKE ALL ON FUNCTION erasure_redact_ids(text, text[]) FROM PUBLIC;--> statement-breakpoint
REVOKE ALL ON FUNCTION erasure_redact_ids_jsonb(jsonb, text[], boolean) FROM PUBLIC;--> statement-breakpoint
REVOKE ALL ON FUNCTION redact_church_audit_of_child(uuid[]) FROM PUBLIC;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION redact_church_audit_of_child(uuid[]) TO app_tenant;
