CREATE TABLE "reconciliations" (
	"date" date PRIMARY KEY NOT NULL,
	"gateway" text NOT NULL,
	"currency" text NOT NULL,
	"matched" integer NOT NULL,
	"differences" integer NOT NULL,
	"result" jsonb NOT NULL,
	"signature" text NOT NULL,
	"checked_at" timestamp with time zone NOT NULL,
	"reviewed_at" timestamp with time zone,
	"reviewed_by" uuid,
	"reviewed_signature" text,
	CONSTRAINT "reconciliations_counts_check" CHECK ("reconciliations"."matched" >= 0 and "reconciliations"."differences" >= 0),
	CONSTRAINT "reconciliations_review_check" CHECK (("reconciliations"."reviewed_at" is null) = ("reconciliations"."reviewed_signature" is null))
);
--> statement-breakpoint
ALTER TABLE "reconciliations" ADD CONSTRAINT "reconciliations_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reconciliations_open_idx" ON "reconciliations" USING btree ("date") WHERE "reconciliations"."differences" > 0;--> statement-breakpoint
CREATE INDEX "ledger_entries_received_idx" ON "ledger_entries" USING btree ("created_at") WHERE "ledger_entries"."kind" = 'installment_paid';--> statement-breakpoint
CREATE INDEX "payments_gateway_created_idx" ON "payments" USING btree ("gateway","created_at");--> statement-breakpoint
CREATE INDEX "sandbox_transactions_completed_idx" ON "sandbox_transactions" USING btree ("completed_at");