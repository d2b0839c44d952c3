CREATE TABLE "operator_reset_links" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "security_events" DROP CONSTRAINT "security_events_kind";--> statement-breakpoint
ALTER TABLE "withdrawal_protections" DROP CONSTRAINT "withdrawal_protections_wait_cause";--> statement-breakpoint
ALTER TABLE "operator_reset_links" ADD CONSTRAINT "operator_reset_links_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "operator_reset_links_user_idx" ON "operator_reset_links" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "security_events" ADD CONSTRAINT "security_events_kind" CHECK ("security_events"."kind" in ('password_changed', 'password_reset', 'password_reset_by_operator', 'email_changed', 'two_factor_changed', 'withdrawals_frozen', 'withdrawals_unfrozen', 'freeze_released', 'passkey_added', 'passkey_removed'));--> statement-breakpoint
ALTER TABLE "withdrawal_protections" ADD CONSTRAINT "withdrawal_protections_wait_cause" CHECK ("withdrawal_protections"."wait_cause" in ('password_change', 'password_reset', 'email_change', 'two_factor_change', 'operator_reset'));