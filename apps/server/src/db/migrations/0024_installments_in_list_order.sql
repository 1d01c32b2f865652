ALTER TABLE "installments" ADD COLUMN "order_created_at" timestamp with time zone;--> statement-breakpoint
UPDATE "installments" i SET "order_created_at" = o."created_at" FROM "orders" o WHERE o."id" = i."order_id";--> statement-breakpoint
ALTER TABLE "installments" ALTER COLUMN "order_created_at" SET NOT NULL;--> statement-breakpoint
CREATE INDEX "installments_list_idx" ON "installments" USING btree ("order_created_at" DESC NULLS FIRST,"order_id" DESC NULLS FIRST,"position");
--> statement-breakpoint
CREATE FUNCTION "installments_follow_order_created_at"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "installments" SET "order_created_at" = NEW."created_at" WHERE "order_id" = NEW."id" AND "order_created_at" IS DISTINCT FROM NEW."created_at";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "installments_follow_order_created_at" AFTER UPDATE OF "created_at" ON "orders"
  FOR EACH ROW WHEN (OLD."created_at" IS DISTINCT FROM NEW."created_at") EXECUTE FUNCTION "installments_follow_order_created_at"();
