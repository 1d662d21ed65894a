-- Erasing a child on a Citus cluster: the audit log is a table of the coordinator there, and Citus
-- refuses an UPDATE that calls a function that is not IMMUTABLE with the row's columns
-- (jsonb_build_object is STABLE). The redacted entry's details are now built by an IMMUTABLE
-- function of the old details: the same result on every database, so the rule of what a redaction
-- keeps (migration 0025) is unchanged.
CREATE FUNCTION erasure_redacted_details(d jsonb)
RETURNS jsonb
LANGUAGE sql IMMUTABLE SET search_path = pg_catalog AS $$
  SELECT jsonb_strip_nulls(jsonb_build_object('redacted', true, 'by_user_id', d -> 'by_user_id',
    'by_user_role', d -> 'by_user_role', 'by_operator_email', d -> 'by_operator_email'))
$$;--> statement-breakpoint
REVOKE ALL ON FUNCTION erasure_redacted_details(jsonb) FROM PUBLIC;--> statement-breakpoint

CREATE OR REPLACE FUNCTION redact_church_audit_of_child(p_name text, p_ids uuid[])
RETURNS integer
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public AS $$
DECLARE
  church uuid := nullif(current_setting('app.church_id', true), '')::uuid;
  ids text[];
  id_patterns text[];
  -- The name with the characters regular expressions give a meaning escaped, as a whole word.
  escaped text := regexp_replace(p_name, '[.^$*+?()\[\]{}|\\]', '\\\&', 'g');
  name_re text := '(?<![[:alnum:]])' || escaped || '(?![[:alnum:]])';
  -- The name as it is written inside JSON text (quotes and backslashes escaped), to find entries.
  json_name text := substr(to_jsonb(p_name)::text, 2, length(to_jsonb(p_name)::text) - 2);
  json_name_re text := '(?<![[:alnum:]])' || regexp_replace(json_name, '[.^$*+?()\[\]{}|\\]', '\\\&', 'g') || '(?![[:alnum:]])';
  about integer;
  mentioning integer;
BEGIN
  IF church IS NULL THEN
    RAISE EXCEPTION 'redact_church_audit_of_child needs a tenant transaction' USING ERRCODE = '42501';
  END IF;
  IF coalesce(btrim(p_name), '') = '' OR coalesce(cardinality(p_ids), 0) = 0 THEN
    RAISE EXCEPTION 'redact_church_audit_of_child needs the child''s name and ids' USING ERRCODE = '22023';
  END IF;
  SELECT array_agg(i::text), array_agg('%' || i::text || '%') INTO ids, id_patterns FROM unnest(p_ids) AS i;

  UPDATE audit_log SET
    resource_id = NULL,
    details = erasure_redacted_details(details),
    description = 'Entry about an erased child (redacted)'
  WHERE target_church_id = church AND resource_id = ANY (ids);
  GET DIAGNOSTICS about = ROW_COUNT;

  UPDATE audit_log SET
    details = erasure_redact_jsonb(details, ids, name_re),
    description = erasure_redact_text(description, ids, name_re)
  WHERE target_church_id = church
    AND (details::text LIKE ANY (id_patterns) OR description LIKE ANY (id_patterns)
      OR details::text ~ json_name_re OR description ~ name_re);
  GET DIAGNOSTICS mentioning = ROW_COUNT;
  RETURN about + mentioning;
END
$$;
