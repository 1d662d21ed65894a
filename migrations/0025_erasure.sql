-- Erasing a child: the audit log's earlier entries about the child are redacted in the erasing
-- tenant transaction. The runtime roles may not change the audit log (append-only, migrations 0008
-- and 0010), so one SECURITY DEFINER function does it, for the transaction's own church only.
--
-- What a redaction keeps: that something was done, when, and by whom. Entries about the child or one
-- of the child's rows (resource_id one of p_ids) keep only their action, time and author; entries
-- that mention the child among other things (an offline batch's refused marks, a class's change)
-- keep their content with every one of p_ids replaced by 'erased' and the child's name, as a whole
-- word, by 'erased child'. Only string values are rewritten, never keys or the JSON's structure.

-- A text without the given ids and name (name_re: the name as a whole word, a regular expression).
CREATE FUNCTION erasure_redact_text(t text, ids text[], name_re text)
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
  RETURN regexp_replace(t, name_re, 'erased child', 'g');
END
$$;--> statement-breakpoint

-- The same over every string value of a JSON document (keys and structure untouched).
CREATE FUNCTION erasure_redact_jsonb(j jsonb, ids text[], name_re text)
RETURNS jsonb
LANGUAGE plpgsql IMMUTABLE SET search_path = pg_catalog, public AS $$
DECLARE
  result jsonb;
BEGIN
  CASE jsonb_typeof(j)
    WHEN 'object' THEN
      SELECT coalesce(jsonb_object_agg(e.key, erasure_redact_jsonb(e.value, ids, name_re)), '{}'::jsonb) INTO result FROM jsonb_each(j) AS e;
    WHEN 'array' THEN
      SELECT coalesce(jsonb_agg(erasure_redact_jsonb(e.value, ids, name_re) ORDER BY e.n), '[]'::jsonb) INTO result
        FROM jsonb_array_elements(j) WITH ORDINALITY AS e(value, n);
    WHEN 'string' THEN
      result := to_jsonb(erasure_redact_text(j #>> '{}', ids, name_re));
    ELSE
      result := j;
  END CASE;
  RETURN result;
END
$$;--> statement-breakpoint

-- p_name: the child's name as stored; p_ids: the child's id and the ids of the child's rows
-- (guardians, pickups, consents, consent links, exports, follow-up contacts). Answers how many
-- entries were redacted.
CREATE FUNCTION redact_church_audit_of_child(p_name text, p_ids uuid[])
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
    details = jsonb_strip_nulls(jsonb_build_object('redacted', true, 'by_user_id', details -> 'by_user_id',
      'by_user_role', details -> 'by_user_role', 'by_operator_email', details -> 'by_operator_email')),
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
$$;--> statement-breakpoint
REVOKE ALL ON FUNCTION erasure_redact_text(text, text[], text) FROM PUBLIC;--> statement-breakpoint
REVOKE ALL ON FUNCTION erasure_redact_jsonb(jsonb, text[], text) FROM PUBLIC;--> statement-breakpoint
REVOKE ALL ON FUNCTION redact_church_audit_of_child(text, uuid[]) FROM PUBLIC;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION redact_church_audit_of_child(text, uuid[]) TO app_tenant;
