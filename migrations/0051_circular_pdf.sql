ALTER TABLE "association_circulars" ADD COLUMN "pdf_key" text;--> statement-breakpoint
ALTER TABLE "association_circulars" ADD COLUMN "pdf_name" text;--> statement-breakpoint
ALTER TABLE "association_circulars" ADD COLUMN "pdf_bytes" integer;--> statement-breakpoint
-- The columns unqualified: Citus refuses a check that names its table on ALTER TABLE (the schema's own words).
ALTER TABLE "association_circulars" ADD CONSTRAINT "association_circulars_pdf_whole" CHECK (("pdf_key" IS NULL) = ("pdf_name" IS NULL) AND ("pdf_key" IS NULL) = ("pdf_bytes" IS NULL));--> statement-breakpoint
-- The circulars sent to the transaction's church now say whether a PDF is attached (its name and
-- size for the list, its storage key for the download, which the server reads and never sends).
-- Its columns change, so it is made again, owned by app_platform as in migration 0047.
DROP FUNCTION church_circulars();--> statement-breakpoint
CREATE FUNCTION church_circulars()
RETURNS TABLE (id uuid, association_id uuid, association_name text, title text, body text, published_by_name text, published_at timestamptz,
  pdf_key text, pdf_name text, pdf_bytes integer)
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = pg_catalog, public AS $fn$
  SELECT c.id, a.id, a.name, c.title, c.body, c.published_by_name, c.published_at, c.pdf_key, c.pdf_name, c.pdf_bytes
  FROM association_memberships m
  JOIN associations a ON a.id = m.association_id
  JOIN association_circulars c ON c.association_id = m.association_id AND (c.section_id IS NULL OR c.section_id = m.section_id)
  WHERE m.church_id = nullif(current_setting('app.church_id', true), '')::uuid AND m.status = 'active'
$fn$;--> statement-breakpoint
GRANT CREATE ON SCHEMA public TO app_platform;--> statement-breakpoint
ALTER FUNCTION church_circulars() OWNER TO app_platform;--> statement-breakpoint
REVOKE CREATE ON SCHEMA public FROM app_platform;--> statement-breakpoint
REVOKE ALL ON FUNCTION church_circulars() FROM PUBLIC;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION church_circulars() TO app_tenant;
