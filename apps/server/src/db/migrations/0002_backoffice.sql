CREATE TABLE "insurance_declines" (
	"sme_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "insurance_declines_sme_id_company_id_pk" PRIMARY KEY("sme_id","company_id")
);
--> statement-breakpoint
CREATE TABLE "platform_settings" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"bank_share_rate" integer DEFAULT 1000 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "platform_settings_single_row" CHECK ("platform_settings"."id"),
	CONSTRAINT "platform_settings_share_rate_check" CHECK ("platform_settings"."bank_share_rate" between 0 and 9900)
);
--> statement-breakpoint
ALTER TABLE "insurance_declines" ADD CONSTRAINT "insurance_declines_sme_id_smes_id_fk" FOREIGN KEY ("sme_id") REFERENCES "public"."smes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insurance_declines" ADD CONSTRAINT "insurance_declines_company_id_insurance_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."insurance_companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
INSERT INTO "platform_settings" ("id") VALUES (true) ON CONFLICT DO NOTHING;
