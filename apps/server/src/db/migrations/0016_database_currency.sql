ALTER TABLE "platform_settings" ADD COLUMN "currency" text;--> statement-breakpoint
ALTER TABLE "platform_settings" ADD COLUMN "currency_minor_unit" integer;--> statement-breakpoint
ALTER TABLE "platform_settings" ADD CONSTRAINT "platform_settings_currency_check" CHECK (("platform_settings"."currency" is null) = ("platform_settings"."currency_minor_unit" is null) and ("platform_settings"."currency" is null or "platform_settings"."currency" ~ '^[A-Z]{3}$'));--> statement-breakpoint
-- A database used before the currency was configurable holds dollars in cents: record that, so a start
-- under another currency is refused rather than reading its cents as fils. A new database is recorded
-- at its first start (db/currency.ts).
INSERT INTO "platform_settings" ("id", "currency", "currency_minor_unit")
SELECT true, 'USD', 2 WHERE EXISTS (SELECT 1 FROM "users")
ON CONFLICT ("id") DO UPDATE SET "currency" = 'USD', "currency_minor_unit" = 2;
