ALTER TABLE "users" ADD CONSTRAINT "users_role" CHECK ("users"."role" in ('client', 'admin'));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_status" CHECK ("users"."status" in ('active', 'suspended', 'closed'));--> statement-breakpoint
ALTER TABLE "deposit_quotes" ADD CONSTRAINT "deposit_quotes_coin" CHECK ("deposit_quotes"."coin" in ('bitcoin', 'ethereum', 'usdt'));--> statement-breakpoint
ALTER TABLE "deposit_quotes" ADD CONSTRAINT "deposit_quotes_rate_source" CHECK ("deposit_quotes"."rate_source" in ('simulated', 'coingecko', 'fixed'));--> statement-breakpoint
ALTER TABLE "deposits" ADD CONSTRAINT "deposits_coin" CHECK ("deposits"."coin" in ('bitcoin', 'ethereum', 'usdt'));--> statement-breakpoint
ALTER TABLE "deposits" ADD CONSTRAINT "deposits_rate_source" CHECK ("deposits"."rate_source" in ('simulated', 'coingecko', 'fixed'));--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_purpose" CHECK ("files"."purpose" in ('favicon', 'profile_picture', 'trader_picture', 'proof_of_payment', 'id_card'));--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_visibility" CHECK ("files"."visibility" in ('public', 'private'));--> statement-breakpoint
ALTER TABLE "journal_entries" ADD CONSTRAINT "journal_entries_kind" CHECK ("journal_entries"."kind" in ('deposit', 'reservation', 'release', 'withdrawal', 'withdrawal_fee', 'adjustment', 'trade_margin', 'trade_margin_release', 'trade_result'));--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_kind" CHECK ("ledger_accounts"."kind" in ('customer_cash', 'customer_reserved', 'platform_transit', 'platform_fee_revenue', 'platform_house', 'platform_adjustments'));--> statement-breakpoint
ALTER TABLE "trades" ADD CONSTRAINT "trades_instrument_class" CHECK ("trades"."instrument_class" in ('forex', 'crypto', 'stock'));--> statement-breakpoint
ALTER TABLE "trades" ADD CONSTRAINT "trades_closed_by" CHECK ("trades"."closed_by" in ('customer', 'admin', 'stop_out', 'desk'));--> statement-breakpoint
ALTER TABLE "trades" ADD CONSTRAINT "trades_price_source" CHECK ("trades"."price_source" in ('simulated', 'coingecko'));--> statement-breakpoint
ALTER TABLE "wallet_addresses" ADD CONSTRAINT "wallet_addresses_coin" CHECK ("wallet_addresses"."coin" in ('bitcoin', 'ethereum', 'usdt'));--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_method" CHECK ("withdrawals"."method" in ('bank', 'crypto', 'paypal', 'cashapp', 'gcash'));