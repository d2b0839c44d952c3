ALTER TABLE "approvals" DROP CONSTRAINT "approvals_status";--> statement-breakpoint
CREATE INDEX "trades_desk_booked_idx" ON "trades" USING btree ("user_id","created_at") WHERE "trades"."booked_by_desk";--> statement-breakpoint
ALTER TABLE "approvals" ADD CONSTRAINT "approvals_expired" CHECK ("approvals"."status" <> 'expired' or "approvals"."kind" in ('desk_trade'));--> statement-breakpoint
ALTER TABLE "approvals" ADD CONSTRAINT "approvals_status" CHECK ("approvals"."status" in ('awaiting', 'approved', 'rejected', 'expired'));