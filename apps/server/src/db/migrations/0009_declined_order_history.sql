ALTER TABLE "orders" ADD COLUMN "reached_supplier" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Orders that reached their supplier: every order under way, and every canceled one whose first
-- instalment was paid. Paying the first instalment moves an order from created to waiting in the same
-- transaction that posts its installment_paid entry; an order canceled before that has no such entry
-- (money arriving after a cancel is refunded without one).
UPDATE "orders" o SET "reached_supplier" = true
WHERE o."status" >= 1
   OR (o."status" = -1 AND EXISTS (
         SELECT 1 FROM "ledger_entries" e WHERE e."order_id" = o."id" AND e."kind" = 'installment_paid'));--> statement-breakpoint
-- A canceled order owes nothing: a decline used to leave it flagged paid (a one-instalment plan) or
-- late now. Its instalments say whether it is paid; late once is history and stays.
UPDATE "orders" o SET
  "paid" = NOT EXISTS (SELECT 1 FROM "installments" i WHERE i."order_id" = o."id" AND i."paid_at" IS NULL),
  "late_active" = false
WHERE o."status" = -1 AND (o."paid" OR o."late_active");--> statement-breakpoint
-- An instalment paid after its deadline was late, whether or not the late sweep ran in between.
UPDATE "orders" o SET "late_once" = true
WHERE NOT o."late_once" AND EXISTS (
  SELECT 1 FROM "installments" i
  WHERE i."order_id" = o."id" AND i."position" > 0 AND i."paid_at" IS NOT NULL AND i."paid_at" > i."deadline");--> statement-breakpoint
CREATE INDEX "orders_provider_reached_created_idx" ON "orders" USING btree ("provider_id","created_at","id") WHERE "orders"."reached_supplier";--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_reached_supplier_check" CHECK ("orders"."status" = -1 or "orders"."reached_supplier" = ("orders"."status" >= 1));
