ALTER TABLE "smes" ADD COLUMN "insured_by" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "insurer_id" uuid;--> statement-breakpoint
ALTER TABLE "smes" ADD CONSTRAINT "smes_insured_by_insurance_companies_id_fk" FOREIGN KEY ("insured_by") REFERENCES "public"."insurance_companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- The company that granted each SME its credit, from the level-7 decision its user recorded (an SME
-- reaches level 7 once: no step lowers a level from 7 on).
UPDATE "smes" s SET "insured_by" = u."insurance_company_id"
FROM "verification_logs" l JOIN "users" u ON u."id" = l."operator_user_id"
WHERE l."user_id" = s."user_id" AND l."level" = 7 AND u."insurance_company_id" IS NOT NULL;--> statement-breakpoint
UPDATE "orders" o SET "insurer_id" = s."insured_by"
FROM "smes" s
WHERE s."id" = o."sme_id" AND s."insured_by" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "smes_insured_created_idx" ON "smes" USING btree ("insured_by","created_at","id") WHERE "smes"."insured_by" is not null;--> statement-breakpoint
CREATE INDEX "orders_insurer_created_idx" ON "orders" USING btree ("insurer_id","created_at","id") WHERE "orders"."insurer_id" is not null;--> statement-breakpoint
CREATE INDEX "orders_insurer_status_created_idx" ON "orders" USING btree ("insurer_id","status","created_at","id") WHERE "orders"."insurer_id" is not null;--> statement-breakpoint
-- An SME's insurer is set once, by the level-7 decision, and never changed: its orders carry it.
CREATE FUNCTION smes_insurer_fixed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'the insurer of SME % is set once: % to % is refused', OLD.id, OLD.insured_by, NEW.insured_by USING ERRCODE = '55000';
END $$;--> statement-breakpoint
CREATE TRIGGER smes_insurer_fixed BEFORE UPDATE OF insured_by ON smes
  FOR EACH ROW WHEN (OLD.insured_by IS NOT NULL AND NEW.insured_by IS DISTINCT FROM OLD.insured_by) EXECUTE FUNCTION smes_insurer_fixed();--> statement-breakpoint
-- Every order carries its SME's insurer, whoever writes it.
CREATE FUNCTION orders_insurer_of_sme() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.insurer_id := (SELECT insured_by FROM smes WHERE id = NEW.sme_id);
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER orders_insurer_of_sme BEFORE INSERT ON orders FOR EACH ROW EXECUTE FUNCTION orders_insurer_of_sme();--> statement-breakpoint
CREATE FUNCTION orders_insurer_fixed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'order % keeps the SME and the insurer it was written with', OLD.id USING ERRCODE = '55000';
END $$;--> statement-breakpoint
CREATE TRIGGER orders_insurer_fixed BEFORE UPDATE OF insurer_id, sme_id ON orders
  FOR EACH ROW WHEN (NEW.insurer_id IS DISTINCT FROM OLD.insurer_id OR NEW.sme_id IS DISTINCT FROM OLD.sme_id) EXECUTE FUNCTION orders_insurer_fixed();
