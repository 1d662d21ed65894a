-- Operators sign in with a password and a second factor (TOTP). An operator is enrolled once its
-- first code has confirmed the secret (totp_confirmed_at); totp_last_step is the time step of the
-- last code accepted, so the same code (or an earlier one) is refused when replayed. The secret is
-- kept as it is: the server must read it to check a code, only the owner and the platform login can
-- read the table, and a key held by the same process would not protect it from that process.
ALTER TABLE "platform_operators" ADD COLUMN "totp_secret" text;--> statement-breakpoint
ALTER TABLE "platform_operators" ADD COLUMN "totp_confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "platform_operators" ADD COLUMN "totp_last_step" bigint;--> statement-breakpoint
ALTER TABLE "platform_operators" ADD CONSTRAINT "platform_operators_totp_confirmed_has_secret" CHECK ("totp_confirmed_at" IS NULL OR "totp_secret" IS NOT NULL);--> statement-breakpoint
-- One-time recovery codes: only their SHA-256 is stored; a code is spent by setting used_at.
CREATE TABLE "operator_recovery_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"operator_id" uuid NOT NULL,
	"code_hash" text NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
ALTER TABLE "operator_recovery_codes" ADD CONSTRAINT "operator_recovery_codes_operator_id_platform_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."platform_operators"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "operator_recovery_codes_operator_code_key" ON "operator_recovery_codes" USING btree ("operator_id","code_hash");--> statement-breakpoint
-- Between the password and the second factor: a short-lived challenge (SHA-256 of an opaque token),
-- not a session. An operator not yet enrolled gets the secret to confirm on the challenge.
CREATE TABLE "operator_sign_in_challenges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"operator_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"enrolment_secret" text,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
ALTER TABLE "operator_sign_in_challenges" ADD CONSTRAINT "operator_sign_in_challenges_operator_id_platform_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."platform_operators"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "operator_sign_in_challenges_token_hash_key" ON "operator_sign_in_challenges" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "operator_sign_in_challenges_operator_idx" ON "operator_sign_in_challenges" USING btree ("operator_id");--> statement-breakpoint
-- Platform tables: the platform door only; the tenant role gets nothing.
GRANT SELECT, INSERT, UPDATE, DELETE ON "operator_recovery_codes", "operator_sign_in_challenges" TO app_platform;
