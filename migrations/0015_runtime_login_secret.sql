-- The secret the runtime logins' passwords are derived from (server/db/logins.ts): one row, drawn
-- once per database by the first provisioning. Only the owner may read it: whoever reads it can
-- compute the passwords of the logins that serve every church, so neither group role nor PUBLIC
-- gets any privilege on it (the platform role's earlier grant on all tables does not reach it).
CREATE TABLE "runtime_login_secret" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"secret" text NOT NULL,
	CONSTRAINT "runtime_login_secret_one_row" CHECK ("runtime_login_secret"."id"),
	CONSTRAINT "runtime_login_secret_length" CHECK (length("runtime_login_secret"."secret") >= 43)
);--> statement-breakpoint
REVOKE ALL ON "runtime_login_secret" FROM PUBLIC, app_tenant, app_platform;
