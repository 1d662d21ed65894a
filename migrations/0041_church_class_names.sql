ALTER TABLE "churches" ADD COLUMN "class_names" text[] DEFAULT '{LKG,UKG,1st,2nd,3rd,4th,5th,6th,7th,8th,9th,10th,11th,12th}' NOT NULL;--> statement-breakpoint
ALTER TABLE "churches" ADD CONSTRAINT "churches_class_names_check" CHECK (cardinality("class_names") between 1 and 30);--> statement-breakpoint
-- A church user (super admin, principal) sets the class list: the tenant role may update that column.
GRANT UPDATE ("class_names") ON "churches" TO app_tenant;
