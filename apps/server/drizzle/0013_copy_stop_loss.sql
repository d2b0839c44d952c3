ALTER TABLE "trades" DROP CONSTRAINT "trades_closed_by";--> statement-breakpoint
CREATE INDEX "trades_copy_relation_idx" ON "trades" USING btree ("copy_relation_id","status") WHERE "trades"."copy_relation_id" is not null;--> statement-breakpoint
CREATE INDEX "trades_open_copy_idx" ON "trades" USING btree ("symbol","copy_relation_id") WHERE "trades"."status" = 'open' and "trades"."copy_relation_id" is not null;--> statement-breakpoint
ALTER TABLE "trades" ADD CONSTRAINT "trades_closed_by" CHECK ("trades"."closed_by" in ('customer', 'admin', 'stop_out', 'desk', 'copy', 'copy_stop_loss'));