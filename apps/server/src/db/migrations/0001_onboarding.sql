CREATE TABLE "categories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"desc" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"title" text NOT NULL,
	"file_name" text NOT NULL,
	"original_name" text,
	"description" text,
	"mime" text NOT NULL,
	"size" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "party_categories" (
	"user_id" uuid NOT NULL,
	"category_id" uuid NOT NULL,
	CONSTRAINT "party_categories_user_id_category_id_pk" PRIMARY KEY("user_id","category_id")
);
--> statement-breakpoint
CREATE TABLE "verification_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"purpose" text NOT NULL,
	"target" text NOT NULL,
	"code_hash" text NOT NULL,
	"wrong_tries" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"consumed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "verification_logs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"level" integer NOT NULL,
	"desc" text NOT NULL,
	"operator_user_id" uuid,
	"operator_role" "role" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "outbox_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"channel" text NOT NULL,
	"recipient" text NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "providers" ADD COLUMN "first_name" text;--> statement-breakpoint
ALTER TABLE "providers" ADD COLUMN "last_name" text;--> statement-breakpoint
ALTER TABLE "providers" ADD COLUMN "company_title" text;--> statement-breakpoint
ALTER TABLE "providers" ADD COLUMN "company_desc" text;--> statement-breakpoint
ALTER TABLE "providers" ADD COLUMN "address" text;--> statement-breakpoint
ALTER TABLE "providers" ADD COLUMN "address2" text;--> statement-breakpoint
ALTER TABLE "providers" ADD COLUMN "instagram" text;--> statement-breakpoint
ALTER TABLE "providers" ADD COLUMN "email2" text;--> statement-breakpoint
ALTER TABLE "providers" ADD COLUMN "phone_country_code" text;--> statement-breakpoint
ALTER TABLE "providers" ADD COLUMN "phone_number" text;--> statement-breakpoint
ALTER TABLE "providers" ADD COLUMN "phone2_country_code" text;--> statement-breakpoint
ALTER TABLE "providers" ADD COLUMN "phone2_number" text;--> statement-breakpoint
ALTER TABLE "providers" ADD COLUMN "admin_verified" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "providers" ADD COLUMN "bank_verified" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "providers" ADD COLUMN "website" text;--> statement-breakpoint
ALTER TABLE "providers" ADD COLUMN "company_vat" text;--> statement-breakpoint
ALTER TABLE "providers" ADD COLUMN "tax_rate" integer;--> statement-breakpoint
ALTER TABLE "smes" ADD COLUMN "first_name" text;--> statement-breakpoint
ALTER TABLE "smes" ADD COLUMN "last_name" text;--> statement-breakpoint
ALTER TABLE "smes" ADD COLUMN "company_title" text;--> statement-breakpoint
ALTER TABLE "smes" ADD COLUMN "company_desc" text;--> statement-breakpoint
ALTER TABLE "smes" ADD COLUMN "address" text;--> statement-breakpoint
ALTER TABLE "smes" ADD COLUMN "address2" text;--> statement-breakpoint
ALTER TABLE "smes" ADD COLUMN "instagram" text;--> statement-breakpoint
ALTER TABLE "smes" ADD COLUMN "email2" text;--> statement-breakpoint
ALTER TABLE "smes" ADD COLUMN "phone_country_code" text;--> statement-breakpoint
ALTER TABLE "smes" ADD COLUMN "phone_number" text;--> statement-breakpoint
ALTER TABLE "smes" ADD COLUMN "phone2_country_code" text;--> statement-breakpoint
ALTER TABLE "smes" ADD COLUMN "phone2_number" text;--> statement-breakpoint
ALTER TABLE "smes" ADD COLUMN "admin_verified" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "smes" ADD COLUMN "bank_verified" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "smes" ADD COLUMN "credit_request" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "smes" ADD COLUMN "credit_limit" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "smes" ADD COLUMN "credit_amount" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "smes" ADD COLUMN "credit_spend" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "smes" ADD COLUMN "installment_plan" integer[] DEFAULT '{}'::integer[] NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email_verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "party_categories" ADD CONSTRAINT "party_categories_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "party_categories" ADD CONSTRAINT "party_categories_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verification_codes" ADD CONSTRAINT "verification_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verification_logs" ADD CONSTRAINT "verification_logs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verification_logs" ADD CONSTRAINT "verification_logs_operator_user_id_users_id_fk" FOREIGN KEY ("operator_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "categories_title_key" ON "categories" USING btree (lower("title"));--> statement-breakpoint
CREATE INDEX "documents_user_idx" ON "documents" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "documents_file_name_key" ON "documents" USING btree ("file_name");--> statement-breakpoint
CREATE INDEX "verification_codes_user_idx" ON "verification_codes" USING btree ("user_id","purpose","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "verification_logs_user_idx" ON "verification_logs" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "outbox_messages_due_idx" ON "outbox_messages" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "outbox_messages_created_idx" ON "outbox_messages" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "providers_level_created_idx" ON "providers" USING btree ("level","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "providers_created_idx" ON "providers" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "smes_level_created_idx" ON "smes" USING btree ("level","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "smes_created_idx" ON "smes" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "smes" ADD CONSTRAINT "smes_credit_amount_check" CHECK ("smes"."credit_amount" >= 0);