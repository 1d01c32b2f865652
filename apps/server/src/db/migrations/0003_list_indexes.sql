DROP INDEX "providers_level_created_idx";--> statement-breakpoint
DROP INDEX "providers_created_idx";--> statement-breakpoint
DROP INDEX "smes_level_created_idx";--> statement-breakpoint
DROP INDEX "smes_created_idx";--> statement-breakpoint
DROP INDEX "verification_codes_user_idx";--> statement-breakpoint
DROP INDEX "outbox_messages_created_idx";--> statement-breakpoint
DROP INDEX "preregistrations_created_at_idx";--> statement-breakpoint
CREATE INDEX "providers_level_created_idx" ON "providers" USING btree ("level","created_at","id");--> statement-breakpoint
CREATE INDEX "providers_created_idx" ON "providers" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "smes_level_created_idx" ON "smes" USING btree ("level","created_at","id");--> statement-breakpoint
CREATE INDEX "smes_created_idx" ON "smes" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "verification_codes_user_idx" ON "verification_codes" USING btree ("user_id","purpose","created_at");--> statement-breakpoint
CREATE INDEX "outbox_messages_created_idx" ON "outbox_messages" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "preregistrations_created_at_idx" ON "preregistrations" USING btree ("created_at","id");