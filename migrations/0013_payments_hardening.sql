-- A payment order whose money arrived while the church's status was set by the platform operator
-- (suspended, inactive) is 'held': recorded as received, its plan not applied; only the operator
-- changes such a church's subscription.
ALTER TABLE "payment_orders" DROP CONSTRAINT "payment_orders_status_check";--> statement-breakpoint
ALTER TABLE "payment_orders" ADD CONSTRAINT "payment_orders_status_check" CHECK ("payment_orders"."status" in ('created', 'paid', 'held', 'failed'));--> statement-breakpoint
-- A payment token is spent once its church's payment is made: it may then only read where its
-- orders stand, never start or sign another payment.
ALTER TABLE "payment_tokens" ADD COLUMN "consumed_at" timestamp with time zone;--> statement-breakpoint
-- Trial extensions are unlimited; the console shows how many a church has taken.
ALTER TABLE "churches" ADD COLUMN "trial_extensions" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "churches" ADD CONSTRAINT "churches_trial_extensions_check" CHECK ("churches"."trial_extensions" >= 0);--> statement-breakpoint
-- Every payment reference (a provider's payment id, or a UPI transfer's bank reference confirmed by
-- the operator) pays one order only, whichever church it names. It is the platform's, not a
-- church's: the key is (provider, reference) across churches, so it has no church_id of its own and
-- no foreign key into the church-owned orders; a reference once used stays used.
CREATE TABLE "payment_references" (
	"provider" text NOT NULL,
	"reference" text NOT NULL,
	"order_church_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_references_provider_reference_pk" PRIMARY KEY("provider","reference")
);--> statement-breakpoint
GRANT SELECT, INSERT ON "payment_references" TO app_platform;--> statement-breakpoint
-- Orders and payment tokens are written only through the platform door (orders, payments and a
-- token's consumption change a subscription, which only the platform does). The tenant door keeps
-- reading its own tokens (row-level security limits the lookup to its church) to know who may pay.
REVOKE ALL ON "payment_orders" FROM app_tenant;--> statement-breakpoint
REVOKE INSERT, UPDATE, DELETE ON "payment_tokens" FROM app_tenant;
