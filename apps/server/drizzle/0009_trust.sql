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
CREATE TABLE "two_factors" (
	"id" text PRIMARY KEY NOT NULL,
	"secret" text NOT NULL,
	"backup_codes" text NOT NULL,
	"user_id" text NOT NULL,
	"verified" boolean DEFAULT true NOT NULL,
	"failed_verification_count" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "passkeys" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text,
	"public_key" text NOT NULL,
	"user_id" text NOT NULL,
	"credential_id" text NOT NULL,
	"counter" bigint NOT NULL,
	"device_type" text NOT NULL,
	"backed_up" boolean NOT NULL,
	"transports" text,
	"aaguid" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "passkeys_credential_id_unique" UNIQUE("credential_id")
);
--> statement-breakpoint
CREATE TABLE "rate_limit_hits" (
	"key" text NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"hits" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "rate_limit_hits_key_window_start_pk" PRIMARY KEY("key","window_start")
);
--> statement-breakpoint
CREATE TABLE "known_browsers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_sign_in_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "known_browsers_user_token_key" UNIQUE("user_id","token_hash")
);
--> statement-breakpoint
CREATE TABLE "sign_in_unlocks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "sign_in_unlocks_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "withdrawals" DROP CONSTRAINT "withdrawals_status";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "two_factor_enabled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "user_id" text;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "read_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "delivery_status" text DEFAULT 'kept' NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "last_error" text;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "next_attempt_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "trades" ADD COLUMN "desk_status" text;--> statement-breakpoint
ALTER TABLE "trades" ADD COLUMN "desk_reason" text;--> statement-breakpoint
ALTER TABLE "trades" ADD COLUMN "desk_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "trades" ADD COLUMN "desk_decided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "trades" ADD COLUMN "desk_entry_id" bigint;--> statement-breakpoint
ALTER TABLE "security_events" ADD CONSTRAINT "security_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawal_freeze_tokens" ADD CONSTRAINT "withdrawal_freeze_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawal_protections" ADD CONSTRAINT "withdrawal_protections_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "two_factors" ADD CONSTRAINT "two_factors_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "passkeys" ADD CONSTRAINT "passkeys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "known_browsers" ADD CONSTRAINT "known_browsers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sign_in_unlocks" ADD CONSTRAINT "sign_in_unlocks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "security_events_user_idx" ON "security_events" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "withdrawal_freeze_tokens_user_idx" ON "withdrawal_freeze_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "two_factors_user_id_idx" ON "two_factors" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "passkeys_user_id_idx" ON "passkeys" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "rate_limit_hits_expires_idx" ON "rate_limit_hits" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "sign_in_unlocks_user_idx" ON "sign_in_unlocks" USING btree ("user_id","expires_at");--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trades" ADD CONSTRAINT "trades_desk_entry_id_journal_entries_id_fk" FOREIGN KEY ("desk_entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mail_outbox_user_created_idx" ON "mail_outbox" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "mail_outbox_due_idx" ON "mail_outbox" USING btree ("next_attempt_at") WHERE "mail_outbox"."delivery_status" in ('sending', 'retrying');--> statement-breakpoint
CREATE INDEX "trades_desk_proposed_idx" ON "trades" USING btree ("user_id","desk_expires_at") WHERE "trades"."desk_status" = 'proposed';--> statement-breakpoint
CREATE INDEX "trades_desk_expiry_idx" ON "trades" USING btree ("desk_expires_at") WHERE "trades"."desk_status" = 'proposed';--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_delivery_status_check" CHECK ("mail_outbox"."delivery_status" in ('kept', 'sending', 'sent', 'retrying', 'failed'));--> statement-breakpoint
ALTER TABLE "trades" ADD CONSTRAINT "trades_desk_status" CHECK ("trades"."desk_status" in ('proposed', 'accepted', 'rejected', 'expired'));--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_status" CHECK ("withdrawals"."status" in ('awaiting_confirmation', 'on_hold', 'pending', 'approved', 'rejected', 'cancelled'));--> statement-breakpoint
-- hand-written: desk
-- Desk trades booked before they needed the customer's acceptance were posted at booking: they
-- stand as accepted, at their booking time, linked to the entry that posted their result.
UPDATE "trades" SET
  "desk_status" = 'accepted',
  "desk_reason" = coalesce("close_reason", 'Booked before desk trades needed the customer''s acceptance'),
  "desk_expires_at" = "created_at",
  "desk_decided_at" = "created_at",
  "desk_entry_id" = (
    SELECT e."id" FROM "journal_entries" e
     WHERE e."kind" = 'trade_result' AND e."reference"->>'trade' = "trades"."id"::text
     ORDER BY e."id" LIMIT 1
  )
WHERE "booked_by_desk" AND "desk_status" IS NULL;--> statement-breakpoint
-- A desk trade always carries its proposal (state, reason, expiry); no other trade has one; a
-- decided proposal has its decision time.
ALTER TABLE "trades" ADD CONSTRAINT "trades_desk_proposal" CHECK (
  ("booked_by_desk" AND "desk_status" IS NOT NULL AND "desk_reason" IS NOT NULL AND "desk_expires_at" IS NOT NULL
    AND ("desk_status" = 'proposed') = ("desk_decided_at" IS NULL))
  OR (NOT "booked_by_desk" AND "desk_status" IS NULL AND "desk_entry_id" IS NULL)
);
--> statement-breakpoint
-- hand-written: mail
-- Mail kept before this change becomes its account's (Messages); what belongs to no account is blanked.
UPDATE "mail_outbox" AS m SET "user_id" = u."id" FROM "users" AS u WHERE m."user_id" IS NULL AND lower(m."to_address") = u."email";--> statement-breakpoint
UPDATE "mail_outbox" SET "text_body" = '', "html_body" = NULL WHERE "user_id" IS NULL;
