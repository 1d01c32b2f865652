CREATE TABLE "refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"payment_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"sme_id" uuid NOT NULL,
	"gateway" text NOT NULL,
	"transaction_id" text NOT NULL,
	"amount" bigint NOT NULL,
	"reason" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"gateway_refund_id" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"next_attempt_at" timestamp with time zone NOT NULL,
	"lease_until" timestamp with time zone,
	"lease_token" uuid,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "refunds_amount_check" CHECK ("refunds"."amount" > 0),
	CONSTRAINT "refunds_status_check" CHECK ("refunds"."status" in ('pending', 'requested', 'succeeded', 'failed')),
	CONSTRAINT "refunds_reason_check" CHECK ("refunds"."reason" in ('declined', 'order_canceled', 'already_paid')),
	CONSTRAINT "refunds_requested_check" CHECK ("refunds"."status" not in ('requested', 'succeeded') or "refunds"."gateway_refund_id" is not null)
);
--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_payment_key" ON "refunds" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "refunds_due_idx" ON "refunds" USING btree ("next_attempt_at") WHERE "refunds"."status" in ('pending', 'requested');--> statement-breakpoint
CREATE INDEX "refunds_status_created_idx" ON "refunds" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "refunds_created_idx" ON "refunds" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "refunds_order_idx" ON "refunds" USING btree ("order_id");--> statement-breakpoint
-- Payments refunded before refunds had rows of their own: the sandbox's own record says whether the
-- money went back; any other is left pending for the worker to carry out (a repeat is harmless there).
INSERT INTO "refunds" ("payment_id", "order_id", "sme_id", "gateway", "transaction_id", "amount", "reason", "status",
  "gateway_refund_id", "next_attempt_at", "created_at", "updated_at", "completed_at")
SELECT p."id", p."order_id", p."sme_id", p."gateway", p."transaction_id", p."amount",
  CASE WHEN EXISTS (SELECT 1 FROM "ledger_entries" e WHERE e."payment_id" = p."id" AND e."kind" = 'refund') THEN 'declined'
       WHEN o."status" = -1 THEN 'order_canceled'
       ELSE 'already_paid' END,
  CASE WHEN s."status" = 'refunded' THEN 'succeeded' ELSE 'pending' END,
  CASE WHEN s."status" = 'refunded' THEN p."transaction_id" END,
  coalesce(p."settled_at", p."created_at"), coalesce(p."settled_at", p."created_at"), coalesce(p."settled_at", p."created_at"),
  CASE WHEN s."status" = 'refunded' THEN coalesce(s."completed_at", p."settled_at", p."created_at") END
FROM "payments" p JOIN "orders" o ON o."id" = p."order_id" LEFT JOIN "sandbox_transactions" s ON s."id" = p."transaction_id"
WHERE p."status" = 'refunded';
