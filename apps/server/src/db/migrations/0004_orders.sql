CREATE TABLE "installments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"sme_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"rate" integer NOT NULL,
	"amount" bigint NOT NULL,
	"deadline" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	"reminder_sent_at" timestamp with time zone,
	"late_notice_sent_at" timestamp with time zone,
	CONSTRAINT "installments_amount_check" CHECK ("installments"."amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"order_id" uuid,
	"sme_id" uuid,
	"payment_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ledger_postings" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"entry_id" uuid NOT NULL,
	"account" text NOT NULL,
	"sme_id" uuid,
	"order_id" uuid,
	"amount" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"sme_id" uuid NOT NULL,
	"provider_id" uuid NOT NULL,
	"amount" bigint NOT NULL,
	"status" integer DEFAULT 0 NOT NULL,
	"paid" boolean DEFAULT false NOT NULL,
	"description" text NOT NULL,
	"tax_rate" integer NOT NULL,
	"bank_share_rate" integer NOT NULL,
	"verify_code" text,
	"invoice_file" text,
	"late_active" boolean DEFAULT false NOT NULL,
	"late_once" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_amount_check" CHECK ("orders"."amount" > 0),
	CONSTRAINT "orders_status_check" CHECK ("orders"."status" between -1 and 6)
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"transaction_id" text NOT NULL,
	"gateway" text NOT NULL,
	"payment_url" text NOT NULL,
	"order_id" uuid NOT NULL,
	"sme_id" uuid NOT NULL,
	"installment_id" uuid NOT NULL,
	"amount" bigint NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sandbox_transactions" (
	"id" text PRIMARY KEY NOT NULL,
	"amount" bigint NOT NULL,
	"description" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "installments" ADD CONSTRAINT "installments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "installments" ADD CONSTRAINT "installments_sme_id_smes_id_fk" FOREIGN KEY ("sme_id") REFERENCES "public"."smes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_sme_id_smes_id_fk" FOREIGN KEY ("sme_id") REFERENCES "public"."smes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_postings" ADD CONSTRAINT "ledger_postings_entry_id_ledger_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."ledger_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_postings" ADD CONSTRAINT "ledger_postings_sme_id_smes_id_fk" FOREIGN KEY ("sme_id") REFERENCES "public"."smes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_postings" ADD CONSTRAINT "ledger_postings_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_sme_id_smes_id_fk" FOREIGN KEY ("sme_id") REFERENCES "public"."smes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_provider_id_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."providers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_sme_id_smes_id_fk" FOREIGN KEY ("sme_id") REFERENCES "public"."smes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_installment_id_installments_id_fk" FOREIGN KEY ("installment_id") REFERENCES "public"."installments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "installments_order_position_key" ON "installments" USING btree ("order_id","position");--> statement-breakpoint
CREATE INDEX "installments_unpaid_deadline_idx" ON "installments" USING btree ("deadline") WHERE "installments"."paid_at" is null;--> statement-breakpoint
CREATE INDEX "ledger_entries_order_idx" ON "ledger_entries" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE INDEX "ledger_postings_account_sme_idx" ON "ledger_postings" USING btree ("account","sme_id");--> statement-breakpoint
CREATE INDEX "ledger_postings_order_idx" ON "ledger_postings" USING btree ("order_id","account");--> statement-breakpoint
CREATE INDEX "ledger_postings_entry_idx" ON "ledger_postings" USING btree ("entry_id");--> statement-breakpoint
CREATE INDEX "orders_sme_created_idx" ON "orders" USING btree ("sme_id","created_at","id");--> statement-breakpoint
CREATE INDEX "orders_sme_status_created_idx" ON "orders" USING btree ("sme_id","status","created_at","id");--> statement-breakpoint
CREATE INDEX "orders_provider_status_created_idx" ON "orders" USING btree ("provider_id","status","created_at","id");--> statement-breakpoint
CREATE INDEX "orders_status_created_idx" ON "orders" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "orders_created_idx" ON "orders" USING btree ("created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_transaction_key" ON "payments" USING btree ("transaction_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_pending_installment_key" ON "payments" USING btree ("installment_id") WHERE "payments"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "payments_order_idx" ON "payments" USING btree ("order_id","created_at");--> statement-breakpoint
-- A journal entry whose postings do not sum to zero cannot commit, whatever code wrote it.
CREATE FUNCTION ledger_entry_balanced() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (SELECT coalesce(sum(amount), 0) FROM ledger_postings WHERE entry_id = NEW.entry_id) <> 0 THEN
    RAISE EXCEPTION 'ledger entry % does not balance', NEW.entry_id USING ERRCODE = '23514';
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER ledger_postings_balanced AFTER INSERT ON ledger_postings
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION ledger_entry_balanced();
