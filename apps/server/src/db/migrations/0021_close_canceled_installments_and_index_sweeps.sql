ALTER TABLE "installments" ADD COLUMN "closed_at" timestamp with time zone;--> statement-breakpoint
-- A canceled order owes nothing: its unpaid instalments are closed, at the time it was canceled (a
-- canceled order is never written again, so that is its updated_at). They still show unpaid.
UPDATE "installments" i SET "closed_at" = o."updated_at"
FROM "orders" o
WHERE o."id" = i."order_id" AND o."status" = -1 AND i."paid_at" IS NULL;--> statement-breakpoint
CREATE INDEX "users_insurance_company_idx" ON "users" USING btree ("insurance_company_id") WHERE "users"."insurance_company_id" is not null;--> statement-breakpoint
CREATE INDEX "verification_logs_operator_level_idx" ON "verification_logs" USING btree ("operator_user_id","level","user_id");--> statement-breakpoint
CREATE INDEX "installments_late_due_idx" ON "installments" USING btree ("deadline") WHERE "installments"."paid_at" is null and "installments"."closed_at" is null and "installments"."late_notice_sent_at" is null and "installments"."position" > 0;--> statement-breakpoint
ALTER TABLE "installments" ADD CONSTRAINT "installments_closed_unpaid_check" CHECK ("installments"."closed_at" is null or "installments"."paid_at" is null);