-- The weekly digest mail: a setting on each user (on by default), and its two ledgers, church tables
-- like the others (church_id leads every key, the one isolation policy, FORCE). The job that sends a
-- church's digest runs in that church's tenant door: it claims a recipient's row before sending, marks
-- it sent after, and records the week as done once every recipient has it.
CREATE TABLE "digest_deliveries" (
	"church_id" uuid NOT NULL,
	"week" date NOT NULL,
	"user_id" uuid NOT NULL,
	"claimed_until" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "digest_deliveries_church_id_week_user_id_pk" PRIMARY KEY("church_id","week","user_id")
);
--> statement-breakpoint
ALTER TABLE "digest_deliveries" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "digest_runs" (
	"church_id" uuid NOT NULL,
	"week" date NOT NULL,
	"completed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "digest_runs_church_id_week_pk" PRIMARY KEY("church_id","week")
);
--> statement-breakpoint
ALTER TABLE "digest_runs" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "weekly_digest" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "digest_deliveries" ADD CONSTRAINT "digest_deliveries_church_fk" FOREIGN KEY ("church_id") REFERENCES "public"."churches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "digest_deliveries" ADD CONSTRAINT "digest_deliveries_user_fk" FOREIGN KEY ("church_id","user_id") REFERENCES "public"."users"("church_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "digest_runs" ADD CONSTRAINT "digest_runs_church_fk" FOREIGN KEY ("church_id") REFERENCES "public"."churches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "digest_deliveries" AS PERMISSIVE FOR ALL TO "app_tenant" USING ("church_id" = nullif(current_setting('app.church_id', true), '')::uuid) WITH CHECK ("church_id" = nullif(current_setting('app.church_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "digest_runs" AS PERMISSIVE FOR ALL TO "app_tenant" USING ("church_id" = nullif(current_setting('app.church_id', true), '')::uuid) WITH CHECK ("church_id" = nullif(current_setting('app.church_id', true), '')::uuid);--> statement-breakpoint
ALTER TABLE "digest_deliveries" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "digest_runs" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
-- A delivery is claimed, its lease moved and marked sent; never handed to another user or removed
-- by the tenant role. A finished week is recorded once.
GRANT SELECT, INSERT ON "digest_deliveries" TO app_tenant;--> statement-breakpoint
GRANT UPDATE ("claimed_until", "sent_at") ON "digest_deliveries" TO app_tenant;--> statement-breakpoint
GRANT SELECT, INSERT ON "digest_runs" TO app_tenant;--> statement-breakpoint
-- The tick (platform door, across churches) only asks which weeks are done.
GRANT SELECT ON "digest_runs" TO app_platform;
