ALTER TABLE "plans" ADD COLUMN "storage_quota_mb" integer DEFAULT 500 NOT NULL;--> statement-breakpoint
-- Gallery storage per plan (originals and their copies, in MB; -1 unlimited): about 150 phone photos
-- on the free trial, 1,500 on Basic, 7,500 on Premium.
UPDATE "plans" SET "storage_quota_mb" = CASE "tier"
  WHEN 'free' THEN 500 WHEN 'basic' THEN 5120 WHEN 'premium' THEN 25600 ELSE -1 END;
