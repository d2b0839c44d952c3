CREATE TABLE "security_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"wait_until" timestamp with time zone,
	"ip_address" text,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "security_events_kind" CHECK ("security_events"."kind" in ('password_changed', 'password_reset', 'email_changed', 'two_factor_changed', 'withdrawals_frozen', 'withdrawals_unfrozen', 'freeze_released'))
);
--> statement-breakpoint
CREATE TABLE "withdrawal_freeze_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"withdrawal_id" uuid,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "withdrawal_protections" (
	"user_id" text PRIMARY KEY NOT NULL,
	"wait_until" timestamp with time zone,
	"wait_cause" text,
	"frozen_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "withdrawal_protections_wait_cause" CHECK ("withdrawal_protections"."wait_cause" in ('password_change', 'password_reset', 'email_change', 'two_factor_change'))
);
--> statement-breakpoint
ALTER TABLE "withdrawals" DROP CONSTRAINT "withdrawals_status";--> statement-breakpoint
ALTER TABLE "security_events" ADD CONSTRAINT "security_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawal_freeze_tokens" ADD CONSTRAINT "withdrawal_freeze_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawal_protections" ADD CONSTRAINT "withdrawal_protections_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "security_events_user_idx" ON "security_events" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "withdrawal_freeze_tokens_user_idx" ON "withdrawal_freeze_tokens" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_status" CHECK ("withdrawals"."status" in ('awaiting_confirmation', 'on_hold', 'pending', 'approved', 'rejected', 'cancelled'));