CREATE TABLE "payout_approvals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"amount" bigint NOT NULL,
	"requested_by" uuid NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"reason" text,
	CONSTRAINT "payout_approvals_status_check" CHECK ("payout_approvals"."status" in ('pending', 'approved', 'rejected')),
	CONSTRAINT "payout_approvals_decided_check" CHECK (("payout_approvals"."status" = 'pending') = ("payout_approvals"."decided_by" is null))
);
--> statement-breakpoint
ALTER TABLE "platform_settings" ADD COLUMN "payout_approval_threshold" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payout_approvals" ADD CONSTRAINT "payout_approvals_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_approvals" ADD CONSTRAINT "payout_approvals_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_approvals" ADD CONSTRAINT "payout_approvals_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payout_approvals_pending_order_key" ON "payout_approvals" USING btree ("order_id") WHERE "payout_approvals"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "payout_approvals_status_requested_idx" ON "payout_approvals" USING btree ("status","requested_at","id");--> statement-breakpoint
CREATE INDEX "payout_approvals_order_idx" ON "payout_approvals" USING btree ("order_id","requested_at");--> statement-breakpoint
ALTER TABLE "platform_settings" ADD CONSTRAINT "platform_settings_payout_threshold_check" CHECK ("platform_settings"."payout_approval_threshold" >= 0);