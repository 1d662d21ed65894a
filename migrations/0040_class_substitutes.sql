-- A teacher's absence from a class on a class day and the substitute who takes its roll call that
-- day (issue 43, item 10). A church table like the others: church_id leads its keys, the one
-- isolation policy, FORCE RLS, the tenant role's grants; distributed by church on Citus.
CREATE TABLE "class_substitutes" (
	"church_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"class_id" uuid NOT NULL,
	"date" date NOT NULL,
	"absent_teacher_id" uuid NOT NULL,
	"substitute_id" uuid,
	"reported_by" uuid NOT NULL,
	"arranged_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "class_substitutes_church_id_id_pk" PRIMARY KEY("church_id","id"),
	CONSTRAINT "class_substitutes_not_self_check" CHECK ("substitute_id" is null or "substitute_id" <> "absent_teacher_id")
);
--> statement-breakpoint
ALTER TABLE "class_substitutes" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "class_substitutes" ADD CONSTRAINT "class_substitutes_church_fk" FOREIGN KEY ("church_id") REFERENCES "public"."churches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "class_substitutes_church_class_date_key" ON "class_substitutes" USING btree ("church_id","class_id","date");--> statement-breakpoint
CREATE INDEX "class_substitutes_church_date_idx" ON "class_substitutes" USING btree ("church_id","date");--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "class_substitutes" AS PERMISSIVE FOR ALL TO "app_tenant" USING ("church_id" = nullif(current_setting('app.church_id', true), '')::uuid) WITH CHECK ("church_id" = nullif(current_setting('app.church_id', true), '')::uuid);--> statement-breakpoint
ALTER TABLE "class_substitutes" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON "class_substitutes" TO app_tenant;--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON "class_substitutes" TO app_platform;--> statement-breakpoint
-- On a Citus cluster the new church table is distributed by church like the others (migration 0030);
-- a Citus local table may not refer to a distributed one, so there the key to classes is made after.
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'citus') THEN
    SET LOCAL citus.multi_shard_modify_mode TO 'sequential';
    PERFORM create_distributed_table('class_substitutes', 'church_id', colocate_with => 'users');
  END IF;
  ALTER TABLE class_substitutes ADD CONSTRAINT class_substitutes_class_fk FOREIGN KEY (church_id, class_id)
    REFERENCES classes (church_id, id) ON DELETE CASCADE;
END
$$;
