ALTER TABLE "installments" ADD COLUMN "order_created_at" timestamp with time zone;--> statement-breakpoint
UPDATE "installments" i SET "order_created_at" = o."created_at" FROM "orders" o WHERE o."id" = i."order_id";--> statement-breakpoint
ALTER TABLE "installments" ALTER COLUMN "order_created_at" SET NOT NULL;--> statement-breakpoint
CREATE INDEX "installments_list_idx" ON "installments" USING btree ("order_created_at" DESC NULLS FIRST,"order_id" DESC NULLS FIRST,"position");
