-- FORCE makes row-level security apply to the tables' owner as well, so no path that is not a
-- superuser reads across churches by accident. Every church-owned table is listed; the isolation
-- test enumerates the catalog and fails if a table with church_id is missing here.
ALTER TABLE "churches" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "users" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "user_sessions" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "password_reset_tokens" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "academic_year_configs" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "classes" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "students" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "attendance" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "media" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "session_records" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "payment_orders" FORCE ROW LEVEL SECURITY;--> statement-breakpoint

GRANT USAGE ON SCHEMA public TO app_tenant, app_platform;--> statement-breakpoint
-- Church users read the plan list and their own church row (the policy on churches limits it).
GRANT SELECT ON "plans" TO app_tenant;--> statement-breakpoint
GRANT SELECT, UPDATE ON "churches" TO app_tenant;--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON
  "users", "user_sessions", "password_reset_tokens", "academic_year_configs", "classes",
  "students", "attendance", "media", "session_records", "payment_orders"
  TO app_tenant;--> statement-breakpoint
-- The platform door reads and writes everything; it bypasses RLS by its role attribute.
GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO app_platform;--> statement-breakpoint
GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO app_platform;--> statement-breakpoint

-- Plans: one source of truth for prices (paise) and limits (-1 unlimited), decisions.md.
INSERT INTO "plans" ("tier", "name", "description", "price_paise", "duration_days",
  "max_principals", "max_teachers", "max_students", "max_classes", "features", "sort_order") VALUES
  ('free', 'Free Trial', 'Try everything for 30 days', 0, 30, 1, 1, 5, 2,
    '["1 principal", "1 teacher", "5 students", "2 classes"]', 0),
  ('basic', 'Basic Plan', 'For a growing Sunday School', 29900, 30, 1, 10, 50, 20,
    '["1 principal", "10 teachers", "50 students", "20 classes"]', 1),
  ('premium', 'Premium Plan', 'For large churches', 59900, 30, 2, -1, -1, -1,
    '["2 principals", "Unlimited teachers", "Unlimited students", "Unlimited classes"]', 2),
  ('lifetime', 'Lifetime', 'Granted by the platform', 0, 36500, -1, -1, -1, -1,
    '["Unlimited everything"]', 3)
ON CONFLICT ("tier") DO NOTHING;
