ALTER TABLE "verification_logs" ALTER COLUMN "desc" SET DEFAULT '';--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "language" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "categories" ADD COLUMN "title_ar" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "categories" ADD COLUMN "desc_ar" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "verification_logs" ADD COLUMN "code" text;--> statement-breakpoint
ALTER TABLE "verification_logs" ADD COLUMN "params" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_language_check" CHECK ("users"."language" in ('en', 'ar'));--> statement-breakpoint
-- What the platform wrote as English sentences becomes a code with its params; desc keeps only an
-- operator's own words (empty when the row held a system sentence).
UPDATE "verification_logs" SET "code" = m."code", "desc" = ''
FROM (VALUES
  ('account created', 'accountCreated'),
  ('email verified', 'emailVerified'),
  ('phone verified', 'phoneVerified'),
  ('information added', 'infoAdded'),
  ('information edited after rejection', 'infoEdited'),
  ('documents uploaded', 'documentsUploaded'),
  ('verified by the admin', 'verified'),
  ('verified by the bank', 'verified'),
  ('activated with an instalment plan', 'activated')
) AS m("sentence", "code")
WHERE "verification_logs"."desc" = m."sentence";--> statement-breakpoint
UPDATE "verification_logs" SET
  "code" = 'creditGranted',
  "params" = jsonb_build_object(
    'amount', (substring("desc" from '^credit of (-?[0-9]+(?:\.[0-9]+)?) granted by '))::numeric,
    'company', substring("desc" from '^credit of -?[0-9]+(?:\.[0-9]+)? granted by (.*)$')),
  "desc" = ''
WHERE "code" IS NULL AND "desc" ~ '^credit of -?[0-9]+(\.[0-9]+)? granted by ';--> statement-breakpoint
UPDATE "verification_logs" SET
  "code" = 'insuranceDeclinedLast',
  "params" = jsonb_build_object('company', substring("desc" from '^declined by (.*); no insurance company is left$')),
  "desc" = ''
WHERE "code" IS NULL AND "desc" ~ '^declined by .*; no insurance company is left$';--> statement-breakpoint
UPDATE "verification_logs" SET
  "code" = 'insuranceDeclined',
  "params" = jsonb_build_object(
    'company', substring("desc" from '^declined by (.*); passed to '),
    'next', substring("desc" from '; passed to (.*)$')),
  "desc" = ''
WHERE "code" IS NULL AND "desc" ~ '^declined by .*; passed to ';--> statement-breakpoint
-- The demo's insurance step named neither the amount nor the company: both are on record.
UPDATE "verification_logs" l SET
  "code" = 'creditGranted',
  "params" = jsonb_build_object('amount', s."credit_limit" / 100.0, 'company', coalesce(c."name", '')),
  "desc" = ''
FROM "smes" s, "users" o LEFT JOIN "insurance_companies" c ON c."id" = o."insurance_company_id"
WHERE l."code" IS NULL AND l."desc" = 'verified by the insurance with credit'
  AND s."user_id" = l."user_id" AND o."id" = l."operator_user_id";--> statement-breakpoint
-- A decision whose operator wrote a note kept only the note: its code follows from the level it set,
-- where that level names one decision only. The note stays in desc.
UPDATE "verification_logs" SET "code" = CASE
    WHEN "level" = 5 AND "operator_role" = 'admin' THEN 'verified'
    WHEN "level" = 6 AND "operator_role" = 'bank' THEN 'verified'
    WHEN "level" = -2 THEN 'rejected'
    WHEN "level" = -1 THEN 'fullRejected'
    WHEN "level" = 8 AND "operator_role" = 'admin' THEN 'activated'
  END
WHERE "code" IS NULL AND "operator_role" IN ('admin', 'bank', 'insurance');
