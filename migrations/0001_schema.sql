CREATE TABLE "audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"operator_id" uuid,
	"target_church_id" uuid,
	"action" text NOT NULL,
	"resource_type" text NOT NULL,
	"resource_id" text,
	"details" jsonb,
	"description" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "churches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"email" text,
	"phone" text,
	"address" text,
	"pincode" text,
	"owner_email" text,
	"time_zone" text DEFAULT 'Asia/Kolkata' NOT NULL,
	"subscription_tier" text NOT NULL,
	"subscription_status" text NOT NULL,
	"subscription_end_date" timestamp with time zone,
	"is_lifetime" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "churches_code_check" CHECK ("churches"."code" ~ '^[A-Z0-9]{6}$'),
	CONSTRAINT "churches_status_check" CHECK ("churches"."subscription_status" in ('active', 'pending_payment', 'inactive', 'suspended', 'trial'))
);
--> statement-breakpoint
ALTER TABLE "churches" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "operator_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"operator_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "plans" (
	"tier" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"price_paise" integer NOT NULL,
	"duration_days" integer NOT NULL,
	"max_principals" integer NOT NULL,
	"max_teachers" integer NOT NULL,
	"max_students" integer NOT NULL,
	"max_classes" integer NOT NULL,
	"features" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "plans_tier_check" CHECK ("plans"."tier" in ('free', 'basic', 'premium', 'lifetime')),
	CONSTRAINT "plans_price_check" CHECK ("plans"."price_paise" >= 0)
);
--> statement-breakpoint
CREATE TABLE "platform_operators" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"last_login_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "academic_year_configs" (
	"church_id" uuid NOT NULL,
	"start_month" integer NOT NULL,
	"years_ahead" integer NOT NULL,
	"years_back" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "academic_year_configs_church_id_pk" PRIMARY KEY("church_id"),
	CONSTRAINT "academic_year_configs_start_month_check" CHECK ("academic_year_configs"."start_month" between 1 and 12),
	CONSTRAINT "academic_year_configs_years_check" CHECK ("academic_year_configs"."years_ahead" between 1 and 10 and "academic_year_configs"."years_back" between 1 and 10)
);
--> statement-breakpoint
ALTER TABLE "academic_year_configs" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "attendance" (
	"church_id" uuid NOT NULL,
	"student_id" uuid NOT NULL,
	"date" date NOT NULL,
	"class_id" uuid NOT NULL,
	"status" text NOT NULL,
	"marked_by" uuid,
	"marked_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "attendance_church_id_student_id_date_pk" PRIMARY KEY("church_id","student_id","date"),
	CONSTRAINT "attendance_status_check" CHECK ("attendance"."status" in ('present', 'absent'))
);
--> statement-breakpoint
ALTER TABLE "attendance" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "classes" (
	"church_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"class_name" text NOT NULL,
	"section" text DEFAULT '' NOT NULL,
	"teacher_id" uuid,
	"academic_year" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "classes_church_id_id_pk" PRIMARY KEY("church_id","id"),
	CONSTRAINT "classes_academic_year_check" CHECK ("classes"."academic_year" ~ '^[0-9]{4}-[0-9]{4}$')
);
--> statement-breakpoint
ALTER TABLE "classes" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "media" (
	"church_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"academic_year" text NOT NULL,
	"month" text NOT NULL,
	"department" text DEFAULT 'sunday_school' NOT NULL,
	"file_type" text NOT NULL,
	"file_name" text NOT NULL,
	"file_path" text NOT NULL,
	"file_size" bigint NOT NULL,
	"uploaded_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "media_church_id_id_pk" PRIMARY KEY("church_id","id"),
	CONSTRAINT "media_month_check" CHECK ("media"."month" ~ '^(0[1-9]|1[0-2])$')
);
--> statement-breakpoint
ALTER TABLE "media" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "password_reset_tokens" (
	"church_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "password_reset_tokens_church_id_id_pk" PRIMARY KEY("church_id","id")
);
--> statement-breakpoint
ALTER TABLE "password_reset_tokens" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "payment_orders" (
	"church_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"provider" text NOT NULL,
	"provider_order_id" text NOT NULL,
	"provider_payment_id" text,
	"plan_tier" text NOT NULL,
	"amount_paise" integer NOT NULL,
	"currency" text DEFAULT 'INR' NOT NULL,
	"is_upgrade" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'created' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	CONSTRAINT "payment_orders_church_id_id_pk" PRIMARY KEY("church_id","id"),
	CONSTRAINT "payment_orders_status_check" CHECK ("payment_orders"."status" in ('created', 'paid', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "payment_orders" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "session_records" (
	"church_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"academic_year" text NOT NULL,
	"month" text NOT NULL,
	"date" timestamp with time zone NOT NULL,
	"notes" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "session_records_church_id_id_pk" PRIMARY KEY("church_id","id")
);
--> statement-breakpoint
ALTER TABLE "session_records" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "students" (
	"church_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"class_id" uuid NOT NULL,
	"name" text NOT NULL,
	"parent_phone" text NOT NULL,
	"parent_email" text,
	"date_of_birth" date NOT NULL,
	"roll_number" integer NOT NULL,
	"academic_year" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "students_church_id_id_pk" PRIMARY KEY("church_id","id")
);
--> statement-breakpoint
ALTER TABLE "students" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "user_sessions" (
	"church_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	"ip" text,
	"user_agent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_sessions_church_id_id_pk" PRIMARY KEY("church_id","id")
);
--> statement-breakpoint
ALTER TABLE "user_sessions" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "users" (
	"church_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text,
	"role" text NOT NULL,
	"password_hash" text,
	"google_subject" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"is_church_owner" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_church_id_id_pk" PRIMARY KEY("church_id","id"),
	CONSTRAINT "users_role_check" CHECK ("users"."role" in ('super_admin', 'principal', 'teacher', 'guest'))
);
--> statement-breakpoint
ALTER TABLE "users" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_operator_id_platform_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."platform_operators"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_target_church_id_churches_id_fk" FOREIGN KEY ("target_church_id") REFERENCES "public"."churches"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "churches" ADD CONSTRAINT "churches_subscription_tier_plans_tier_fk" FOREIGN KEY ("subscription_tier") REFERENCES "public"."plans"("tier") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operator_sessions" ADD CONSTRAINT "operator_sessions_operator_id_platform_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."platform_operators"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "academic_year_configs" ADD CONSTRAINT "academic_year_configs_church_fk" FOREIGN KEY ("church_id") REFERENCES "public"."churches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance" ADD CONSTRAINT "attendance_student_fk" FOREIGN KEY ("church_id","student_id") REFERENCES "public"."students"("church_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance" ADD CONSTRAINT "attendance_class_fk" FOREIGN KEY ("church_id","class_id") REFERENCES "public"."classes"("church_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "classes" ADD CONSTRAINT "classes_church_fk" FOREIGN KEY ("church_id") REFERENCES "public"."churches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "classes" ADD CONSTRAINT "classes_teacher_fk" FOREIGN KEY ("church_id","teacher_id") REFERENCES "public"."users"("church_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media" ADD CONSTRAINT "media_church_fk" FOREIGN KEY ("church_id") REFERENCES "public"."churches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_reset_tokens" ADD CONSTRAINT "password_reset_tokens_user_fk" FOREIGN KEY ("church_id","user_id") REFERENCES "public"."users"("church_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_orders" ADD CONSTRAINT "payment_orders_church_fk" FOREIGN KEY ("church_id") REFERENCES "public"."churches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_records" ADD CONSTRAINT "session_records_church_fk" FOREIGN KEY ("church_id") REFERENCES "public"."churches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "students" ADD CONSTRAINT "students_class_fk" FOREIGN KEY ("church_id","class_id") REFERENCES "public"."classes"("church_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_sessions" ADD CONSTRAINT "user_sessions_user_fk" FOREIGN KEY ("church_id","user_id") REFERENCES "public"."users"("church_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_church_fk" FOREIGN KEY ("church_id") REFERENCES "public"."churches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_created_at_idx" ON "audit_log" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "churches_code_key" ON "churches" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "operator_sessions_token_hash_key" ON "operator_sessions" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "platform_operators_email_key" ON "platform_operators" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "attendance_church_class_date_idx" ON "attendance" USING btree ("church_id","class_id","date");--> statement-breakpoint
CREATE UNIQUE INDEX "classes_church_year_name_section_key" ON "classes" USING btree ("church_id","academic_year","class_name","section");--> statement-breakpoint
CREATE INDEX "classes_church_teacher_idx" ON "classes" USING btree ("church_id","teacher_id");--> statement-breakpoint
CREATE UNIQUE INDEX "media_church_file_path_key" ON "media" USING btree ("church_id","file_path");--> statement-breakpoint
CREATE INDEX "media_church_year_month_idx" ON "media" USING btree ("church_id","academic_year","month");--> statement-breakpoint
CREATE UNIQUE INDEX "password_reset_tokens_church_token_key" ON "password_reset_tokens" USING btree ("church_id","token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_orders_church_provider_order_key" ON "payment_orders" USING btree ("church_id","provider_order_id");--> statement-breakpoint
CREATE INDEX "session_records_church_date_idx" ON "session_records" USING btree ("church_id","date");--> statement-breakpoint
CREATE UNIQUE INDEX "students_church_class_roll_key" ON "students" USING btree ("church_id","class_id","roll_number");--> statement-breakpoint
CREATE INDEX "students_church_year_idx" ON "students" USING btree ("church_id","academic_year");--> statement-breakpoint
CREATE UNIQUE INDEX "user_sessions_church_token_key" ON "user_sessions" USING btree ("church_id","token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "users_church_email_key" ON "users" USING btree ("church_id",lower("email"));--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "churches" AS PERMISSIVE FOR ALL TO "app_tenant" USING ("id" = nullif(current_setting('app.church_id', true), '')::uuid) WITH CHECK ("id" = nullif(current_setting('app.church_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "academic_year_configs" AS PERMISSIVE FOR ALL TO "app_tenant" USING ("church_id" = nullif(current_setting('app.church_id', true), '')::uuid) WITH CHECK ("church_id" = nullif(current_setting('app.church_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "attendance" AS PERMISSIVE FOR ALL TO "app_tenant" USING ("church_id" = nullif(current_setting('app.church_id', true), '')::uuid) WITH CHECK ("church_id" = nullif(current_setting('app.church_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "classes" AS PERMISSIVE FOR ALL TO "app_tenant" USING ("church_id" = nullif(current_setting('app.church_id', true), '')::uuid) WITH CHECK ("church_id" = nullif(current_setting('app.church_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "media" AS PERMISSIVE FOR ALL TO "app_tenant" USING ("church_id" = nullif(current_setting('app.church_id', true), '')::uuid) WITH CHECK ("church_id" = nullif(current_setting('app.church_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "password_reset_tokens" AS PERMISSIVE FOR ALL TO "app_tenant" USING ("church_id" = nullif(current_setting('app.church_id', true), '')::uuid) WITH CHECK ("church_id" = nullif(current_setting('app.church_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "payment_orders" AS PERMISSIVE FOR ALL TO "app_tenant" USING ("church_id" = nullif(current_setting('app.church_id', true), '')::uuid) WITH CHECK ("church_id" = nullif(current_setting('app.church_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "session_records" AS PERMISSIVE FOR ALL TO "app_tenant" USING ("church_id" = nullif(current_setting('app.church_id', true), '')::uuid) WITH CHECK ("church_id" = nullif(current_setting('app.church_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "students" AS PERMISSIVE FOR ALL TO "app_tenant" USING ("church_id" = nullif(current_setting('app.church_id', true), '')::uuid) WITH CHECK ("church_id" = nullif(current_setting('app.church_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "user_sessions" AS PERMISSIVE FOR ALL TO "app_tenant" USING ("church_id" = nullif(current_setting('app.church_id', true), '')::uuid) WITH CHECK ("church_id" = nullif(current_setting('app.church_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "users" AS PERMISSIVE FOR ALL TO "app_tenant" USING ("church_id" = nullif(current_setting('app.church_id', true), '')::uuid) WITH CHECK ("church_id" = nullif(current_setting('app.church_id', true), '')::uuid);