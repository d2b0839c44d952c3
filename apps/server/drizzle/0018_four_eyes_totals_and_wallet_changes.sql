ALTER TABLE "approvals" DROP CONSTRAINT "approvals_kind";--> statement-breakpoint
ALTER TABLE "approvals" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "approvals" ALTER COLUMN "amount_minor" DROP NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "approvals_one_waiting_wallet_change" ON "approvals" USING btree ("kind") WHERE "approvals"."kind" = 'wallet_change' and "approvals"."status" = 'awaiting';--> statement-breakpoint
CREATE INDEX "journal_entries_adjustments_idx" ON "journal_entries" USING btree ("user_id","created_at") WHERE "journal_entries"."kind" = 'adjustment';--> statement-breakpoint
ALTER TABLE "approvals" ADD CONSTRAINT "approvals_subject" CHECK (("approvals"."kind" = 'wallet_change') = ("approvals"."user_id" is null and "approvals"."amount_minor" is null) and ("approvals"."user_id" is null) = ("approvals"."amount_minor" is null));--> statement-breakpoint
ALTER TABLE "approvals" ADD CONSTRAINT "approvals_kind" CHECK ("approvals"."kind" in ('adjustment', 'withdrawal_approval', 'wallet_change'));