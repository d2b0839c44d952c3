DROP INDEX "trades_open_symbol_idx";--> statement-breakpoint
CREATE INDEX "trades_open_stop_out_idx" ON "trades" USING btree ("symbol","direction","stop_out_price") WHERE "trades"."status" = 'open';