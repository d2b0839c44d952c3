CREATE TABLE "copy_high_water_marks" (
	"follower_user_id" text NOT NULL,
	"provider_user_id" text NOT NULL,
	"cumulative_minor" bigint DEFAULT 0 NOT NULL,
	"peak_minor" bigint DEFAULT 0 NOT NULL,
	"unpaid_fee_minor" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "copy_high_water_marks_follower_user_id_provider_user_id_pk" PRIMARY KEY("follower_user_id","provider_user_id"),
	CONSTRAINT "copy_high_water_marks_peak" CHECK ("copy_high_water_marks"."peak_minor" >= 0 and "copy_high_water_marks"."cumulative_minor" <= "copy_high_water_marks"."peak_minor")
);
--> statement-breakpoint
CREATE TABLE "copy_relations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"follower_user_id" text NOT NULL,
	"provider_id" uuid NOT NULL,
	"provider_user_id" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"profit_share_bps" integer NOT NULL,
	"copy_stop_loss_minor" bigint,
	"copied_open_positions" boolean NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"ended_at" timestamp with time zone,
	"ended_by" text,
	"end_reason" text,
	CONSTRAINT "copy_relations_status" CHECK ("copy_relations"."status" in ('active', 'cancelled', 'stopped')),
	CONSTRAINT "copy_relations_not_self" CHECK ("copy_relations"."follower_user_id" <> "copy_relations"."provider_user_id"),
	CONSTRAINT "copy_relations_ended" CHECK (("copy_relations"."status" = 'active') = ("copy_relations"."ended_at" is null) and ("copy_relations"."status" = 'active') = ("copy_relations"."end_reason" is null)),
	CONSTRAINT "copy_relations_stop_loss" CHECK ("copy_relations"."copy_stop_loss_minor" is null or "copy_relations"."copy_stop_loss_minor" > 0)
);
--> statement-breakpoint
CREATE TABLE "skipped_copies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"copy_relation_id" uuid NOT NULL,
	"provider_trade_id" uuid NOT NULL,
	"follower_user_id" text NOT NULL,
	"reason_code" text NOT NULL,
	"message" text NOT NULL,
	"skipped_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "strategy_providers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"display_name" text NOT NULL,
	"image_file_id" uuid,
	"minimum_balance_minor" bigint NOT NULL,
	"profit_share_bps" integer NOT NULL,
	"status" text DEFAULT 'invited' NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"responded_at" timestamp with time zone,
	"removed_at" timestamp with time zone,
	"removed_by" text,
	"removal_reason" text,
	CONSTRAINT "strategy_providers_status" CHECK ("strategy_providers"."status" in ('invited', 'active', 'declined', 'removed')),
	CONSTRAINT "strategy_providers_profit_share" CHECK ("strategy_providers"."profit_share_bps" >= 0 and "strategy_providers"."profit_share_bps" <= 5000),
	CONSTRAINT "strategy_providers_minimum_balance" CHECK ("strategy_providers"."minimum_balance_minor" >= 0)
);
--> statement-breakpoint
ALTER TABLE "journal_entries" DROP CONSTRAINT "journal_entries_kind";--> statement-breakpoint
ALTER TABLE "trades" DROP CONSTRAINT "trades_closed_by";--> statement-breakpoint
ALTER TABLE "trades" ADD COLUMN "copied_from_trade_id" uuid;--> statement-breakpoint
ALTER TABLE "trades" ADD COLUMN "copy_relation_id" uuid;--> statement-breakpoint
ALTER TABLE "copy_high_water_marks" ADD CONSTRAINT "copy_high_water_marks_follower_user_id_users_id_fk" FOREIGN KEY ("follower_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "copy_high_water_marks" ADD CONSTRAINT "copy_high_water_marks_provider_user_id_users_id_fk" FOREIGN KEY ("provider_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "copy_relations" ADD CONSTRAINT "copy_relations_follower_user_id_users_id_fk" FOREIGN KEY ("follower_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "copy_relations" ADD CONSTRAINT "copy_relations_provider_id_strategy_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."strategy_providers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "copy_relations" ADD CONSTRAINT "copy_relations_provider_user_id_users_id_fk" FOREIGN KEY ("provider_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "skipped_copies" ADD CONSTRAINT "skipped_copies_copy_relation_id_copy_relations_id_fk" FOREIGN KEY ("copy_relation_id") REFERENCES "public"."copy_relations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "skipped_copies" ADD CONSTRAINT "skipped_copies_follower_user_id_users_id_fk" FOREIGN KEY ("follower_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "strategy_providers" ADD CONSTRAINT "strategy_providers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "strategy_providers" ADD CONSTRAINT "strategy_providers_image_file_id_files_id_fk" FOREIGN KEY ("image_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "copy_relations_active_idx" ON "copy_relations" USING btree ("follower_user_id","provider_id") WHERE "copy_relations"."status" = 'active';--> statement-breakpoint
CREATE INDEX "copy_relations_provider_idx" ON "copy_relations" USING btree ("provider_id","status");--> statement-breakpoint
CREATE INDEX "copy_relations_follower_idx" ON "copy_relations" USING btree ("follower_user_id","started_at");--> statement-breakpoint
CREATE UNIQUE INDEX "skipped_copies_once_idx" ON "skipped_copies" USING btree ("provider_trade_id","copy_relation_id");--> statement-breakpoint
CREATE INDEX "skipped_copies_follower_idx" ON "skipped_copies" USING btree ("follower_user_id","skipped_at");--> statement-breakpoint
CREATE UNIQUE INDEX "strategy_providers_user_idx" ON "strategy_providers" USING btree ("user_id") WHERE "strategy_providers"."status" in ('invited', 'active');--> statement-breakpoint
CREATE INDEX "strategy_providers_status_idx" ON "strategy_providers" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "trades_copy_idx" ON "trades" USING btree ("copied_from_trade_id","copy_relation_id");--> statement-breakpoint
ALTER TABLE "journal_entries" ADD CONSTRAINT "journal_entries_kind" CHECK ("journal_entries"."kind" in ('deposit', 'reservation', 'release', 'withdrawal', 'withdrawal_fee', 'adjustment', 'trade_margin', 'trade_margin_release', 'trade_result', 'plan_purchase', 'plan_credit', 'loan_payout', 'loan_interest', 'loan_repayment', 'profit_share'));--> statement-breakpoint
ALTER TABLE "trades" ADD CONSTRAINT "trades_copy" CHECK (("trades"."copied_from_trade_id" is null) = ("trades"."copy_relation_id" is null));--> statement-breakpoint
ALTER TABLE "trades" ADD CONSTRAINT "trades_closed_by" CHECK ("trades"."closed_by" in ('customer', 'admin', 'stop_out', 'desk', 'copy'));