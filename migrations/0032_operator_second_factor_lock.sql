ALTER TABLE "platform_operators" ADD COLUMN "totp_failures" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "platform_operators" ADD COLUMN "totp_locked_at" timestamp with time zone;