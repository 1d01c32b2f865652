CREATE TABLE "payment_anomalies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"payment_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"sme_id" uuid NOT NULL,
	"gateway" text NOT NULL,
	"transaction_id" text NOT NULL,
	"kind" text NOT NULL,
	"expected_amount" bigint NOT NULL,
	"expected_currency" text NOT NULL,
	"gateway_status" text NOT NULL,
	"gateway_amount" bigint,
	"gateway_currency" text,
	"detail" text,
	"occurrences" integer DEFAULT 1 NOT NULL,
	"first_seen_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL,
	CONSTRAINT "payment_anomalies_kind_check" CHECK ("payment_anomalies"."kind" in ('amount_mismatch', 'currency_mismatch', 'unknown_state'))
);
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "gateway_reference" text;--> statement-breakpoint
ALTER TABLE "payment_anomalies" ADD CONSTRAINT "payment_anomalies_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_anomalies" ADD CONSTRAINT "payment_anomalies_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_anomalies_payment_kind_key" ON "payment_anomalies" USING btree ("payment_id","kind");--> statement-breakpoint
CREATE INDEX "payment_anomalies_last_seen_idx" ON "payment_anomalies" USING btree ("last_seen_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_gateway_reference_key" ON "payments" USING btree ("gateway","gateway_reference") WHERE "payments"."gateway_reference" is not null;