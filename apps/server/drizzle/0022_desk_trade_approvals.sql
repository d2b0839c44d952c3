ALTER TABLE "approvals" DROP CONSTRAINT "approvals_kind";--> statement-breakpoint
ALTER TABLE "approvals" ADD COLUMN "trade_id" uuid;--> statement-breakpoint
ALTER TABLE "approvals" ADD CONSTRAINT "approvals_trade_id_trades_id_fk" FOREIGN KEY ("trade_id") REFERENCES "public"."trades"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approvals" ADD CONSTRAINT "approvals_trade" CHECK ("approvals"."trade_id" is null or ("approvals"."kind" = 'desk_trade' and "approvals"."status" = 'approved'));--> statement-breakpoint
ALTER TABLE "approvals" ADD CONSTRAINT "approvals_kind" CHECK ("approvals"."kind" in ('adjustment', 'withdrawal_approval', 'wallet_change', 'four_eyes_threshold', 'desk_trade'));