ALTER TABLE "churches" ADD COLUMN "class_days" smallint[] DEFAULT '{7}' NOT NULL;--> statement-breakpoint
ALTER TABLE "churches" ADD CONSTRAINT "churches_class_days_check" CHECK (cardinality("class_days") between 1 and 7 and "class_days" <@ '{1,2,3,4,5,6,7}'::smallint[]);--> statement-breakpoint
-- A church user (super admin, principal) sets the class days: the tenant role may update that column.
GRANT UPDATE ("class_days") ON "churches" TO app_tenant;
