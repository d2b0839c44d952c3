CREATE TABLE "loan_applications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"plan_id" uuid NOT NULL,
	"plan_name" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"annual_rate_bps" integer NOT NULL,
	"term_days" integer NOT NULL,
	"minimum_portfolio_minor" bigint NOT NULL,
	"full_name" text NOT NULL,
	"monthly_income_minor" bigint NOT NULL,
	"goal" text NOT NULL,
	"portfolio_minor" bigint NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"decision_reason" text,
	"decided_by" text,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "loan_applications_status" CHECK ("loan_applications"."status" in ('pending', 'approved', 'declined')),
	CONSTRAINT "loan_applications_amount" CHECK ("loan_applications"."amount_minor" > 0 and "loan_applications"."term_days" > 0 and "loan_applications"."annual_rate_bps" >= 0)
);
--> statement-breakpoint
CREATE TABLE "loans" (
	"id" uuid PRIMARY KEY NOT NULL,
	"application_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"plan_name" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"annual_rate_bps" integer NOT NULL,
	"term_days" integer NOT NULL,
	"paid_out_at" timestamp with time zone NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"principal_outstanding_minor" bigint NOT NULL,
	"interest_outstanding_minor" bigint NOT NULL,
	"interest_accrued_minor" bigint NOT NULL,
	"interest_days" integer DEFAULT 0 NOT NULL,
	"repaid_minor" bigint NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"overdue_at" timestamp with time zone,
	"repaid_at" timestamp with time zone,
	"payout_entry_id" bigint NOT NULL,
	CONSTRAINT "loans_application_id_unique" UNIQUE("application_id"),
	CONSTRAINT "loans_status" CHECK ("loans"."status" in ('active', 'overdue', 'repaid')),
	CONSTRAINT "loans_amounts" CHECK ("loans"."principal_outstanding_minor" >= 0 and "loans"."interest_outstanding_minor" >= 0 and "loans"."interest_days" between 0 and "loans"."term_days"),
	CONSTRAINT "loans_repaid_owes_nothing" CHECK ("loans"."status" <> 'repaid' or ("loans"."principal_outstanding_minor" = 0 and "loans"."interest_outstanding_minor" = 0))
);
--> statement-breakpoint
CREATE TABLE "plan_purchases" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"plan_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"price_minor" bigint NOT NULL,
	"duration_days" integer,
	"rank" integer NOT NULL,
	"features" jsonb NOT NULL,
	"purchased_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone,
	"replaced_at" timestamp with time zone,
	"replaced_by_purchase_id" uuid,
	"replacement_credit_minor" bigint,
	"entry_id" bigint NOT NULL,
	"credit_entry_id" bigint,
	CONSTRAINT "plan_purchases_kind" CHECK ("plan_purchases"."kind" in ('signal', 'trading'))
);
--> statement-breakpoint
CREATE TABLE "plans" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"price_minor" bigint,
	"duration_days" integer,
	"on_sale" boolean DEFAULT true NOT NULL,
	"rank" integer DEFAULT 0 NOT NULL,
	"features" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text,
	CONSTRAINT "plans_kind" CHECK ("plans"."kind" in ('signal', 'trading', 'loan')),
	CONSTRAINT "plans_features_kind" CHECK ("plans"."features"->>'kind' = "plans"."kind"),
	CONSTRAINT "plans_price" CHECK (("plans"."kind" = 'loan') = ("plans"."price_minor" is null) and coalesce("plans"."price_minor", 1) > 0),
	CONSTRAINT "plans_duration" CHECK ("plans"."duration_days" is null or "plans"."duration_days" > 0)
);
--> statement-breakpoint
CREATE TABLE "signal_alerts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"symbol" text NOT NULL,
	"interval" text NOT NULL,
	"threshold" integer NOT NULL,
	"direction" text NOT NULL,
	"last_rating" integer,
	"last_rated_at" timestamp with time zone,
	"last_notified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "signal_alerts_interval" CHECK ("signal_alerts"."interval" in ('1h', '4h', '1d')),
	CONSTRAINT "signal_alerts_direction" CHECK ("signal_alerts"."direction" in ('above', 'below')),
	CONSTRAINT "signal_alerts_threshold" CHECK ("signal_alerts"."threshold" between 1 and 99)
);
--> statement-breakpoint
CREATE TABLE "signal_instruments" (
	"user_id" text NOT NULL,
	"symbol" text NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "signal_instruments_user_id_symbol_pk" PRIMARY KEY("user_id","symbol")
);
--> statement-breakpoint
ALTER TABLE "journal_entries" DROP CONSTRAINT "journal_entries_kind";--> statement-breakpoint
ALTER TABLE "ledger_accounts" DROP CONSTRAINT "ledger_accounts_customer_not_negative";--> statement-breakpoint
ALTER TABLE "ledger_accounts" DROP CONSTRAINT "ledger_accounts_kind";--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "default_forex_spread_pips" numeric(4, 1) DEFAULT '2.0' NOT NULL;--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "default_other_spread_percent" numeric(4, 2) DEFAULT '0.20' NOT NULL;--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "default_max_leverage" integer DEFAULT 100 NOT NULL;--> statement-breakpoint
ALTER TABLE "trades" ADD COLUMN "open_mid_price" numeric;--> statement-breakpoint
ALTER TABLE "trades" ADD COLUMN "spread_unit" text;--> statement-breakpoint
ALTER TABLE "trades" ADD COLUMN "spread_value" numeric;--> statement-breakpoint
ALTER TABLE "trades" ADD COLUMN "close_mid_price" numeric;--> statement-breakpoint
ALTER TABLE "loan_applications" ADD CONSTRAINT "loan_applications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_applications" ADD CONSTRAINT "loan_applications_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_applications" ADD CONSTRAINT "loan_applications_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loans" ADD CONSTRAINT "loans_application_id_loan_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."loan_applications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loans" ADD CONSTRAINT "loans_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loans" ADD CONSTRAINT "loans_payout_entry_id_journal_entries_id_fk" FOREIGN KEY ("payout_entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_purchases" ADD CONSTRAINT "plan_purchases_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_purchases" ADD CONSTRAINT "plan_purchases_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_purchases" ADD CONSTRAINT "plan_purchases_entry_id_journal_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_purchases" ADD CONSTRAINT "plan_purchases_credit_entry_id_journal_entries_id_fk" FOREIGN KEY ("credit_entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signal_alerts" ADD CONSTRAINT "signal_alerts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signal_instruments" ADD CONSTRAINT "signal_instruments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "loan_applications_user_idx" ON "loan_applications" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "loan_applications_status_idx" ON "loan_applications" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "loan_applications_one_pending_idx" ON "loan_applications" USING btree ("user_id") WHERE "loan_applications"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "loans_user_idx" ON "loans" USING btree ("user_id","paid_out_at");--> statement-breakpoint
CREATE INDEX "loans_open_idx" ON "loans" USING btree ("status") WHERE "loans"."status" <> 'repaid';--> statement-breakpoint
CREATE UNIQUE INDEX "loans_one_open_idx" ON "loans" USING btree ("user_id") WHERE "loans"."status" <> 'repaid';--> statement-breakpoint
CREATE INDEX "plan_purchases_user_idx" ON "plan_purchases" USING btree ("user_id","kind","purchased_at");--> statement-breakpoint
CREATE UNIQUE INDEX "plan_purchases_current_idx" ON "plan_purchases" USING btree ("user_id","kind") WHERE "plan_purchases"."replaced_at" is null;--> statement-breakpoint
CREATE INDEX "plans_kind_rank_idx" ON "plans" USING btree ("kind","rank");--> statement-breakpoint
CREATE INDEX "signal_alerts_user_idx" ON "signal_alerts" USING btree ("user_id","created_at");--> statement-breakpoint
ALTER TABLE "journal_entries" ADD CONSTRAINT "journal_entries_kind" CHECK ("journal_entries"."kind" in ('deposit', 'reservation', 'release', 'withdrawal', 'withdrawal_fee', 'adjustment', 'trade_margin', 'trade_margin_release', 'trade_result', 'plan_purchase', 'plan_credit', 'loan_payout', 'loan_interest', 'loan_repayment'));--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_loan_not_positive" CHECK ("ledger_accounts"."kind" <> 'customer_loan' or "ledger_accounts"."balance_minor" <= 0);--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_customer_not_negative" CHECK ("ledger_accounts"."kind" not like 'customer%' or "ledger_accounts"."kind" = 'customer_loan' or "ledger_accounts"."balance_minor" >= 0);--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_kind" CHECK ("ledger_accounts"."kind" in ('customer_cash', 'customer_reserved', 'customer_loan', 'platform_transit', 'platform_fee_revenue', 'platform_house', 'platform_adjustments', 'platform_plan_revenue', 'platform_interest_revenue'));--> statement-breakpoint
ALTER TABLE "site_settings" ADD CONSTRAINT "site_settings_default_forex_spread" CHECK ("site_settings"."default_forex_spread_pips" between 0 and 100);--> statement-breakpoint
ALTER TABLE "site_settings" ADD CONSTRAINT "site_settings_default_other_spread" CHECK ("site_settings"."default_other_spread_percent" between 0 and 10);--> statement-breakpoint
ALTER TABLE "site_settings" ADD CONSTRAINT "site_settings_default_max_leverage" CHECK ("site_settings"."default_max_leverage" between 1 and 1000);--> statement-breakpoint
ALTER TABLE "trades" ADD CONSTRAINT "trades_spread_unit" CHECK ("trades"."spread_unit" in ('pips', 'percent'));--> statement-breakpoint
ALTER TABLE "trades" ADD CONSTRAINT "trades_spread" CHECK (("trades"."spread_unit" is null) = ("trades"."spread_value" is null));--> statement-breakpoint
-- hand-written: plans
INSERT INTO ledger_accounts (kind) VALUES ('platform_plan_revenue'), ('platform_interest_revenue');
--> statement-breakpoint
-- Every customer has a loan account from sign-up on (what they owe is −balance), like cash and reserved.
CREATE OR REPLACE FUNCTION customer_accounts_open() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO ledger_accounts (kind, user_id)
    VALUES ('customer_cash', NEW.id), ('customer_reserved', NEW.id), ('customer_loan', NEW.id)
    ON CONFLICT (user_id, kind) DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
INSERT INTO ledger_accounts (kind, user_id)
  SELECT 'customer_loan', users.id FROM users WHERE users.role = 'client'
  ON CONFLICT (user_id, kind) DO NOTHING;
--> statement-breakpoint
-- The catalogue of seed-spec §9, with what each plan does instead of what it promises (no ROI).
INSERT INTO plans (kind, name, description, price_minor, duration_days, rank, features) VALUES
  ('signal', 'Unlimited', 'Computed ratings of 5 instruments on hourly candles, with no end date.', 50000, NULL, 10,
   '{"kind":"signal","instrumentCount":5,"intervals":["1h"],"alerts":false}'),
  ('signal', 'Basic', 'Computed ratings of 10 instruments on hourly candles.', 100000, 30, 20,
   '{"kind":"signal","instrumentCount":10,"intervals":["1h"],"alerts":false}'),
  ('signal', 'Silver', 'Computed ratings of 25 instruments on 1-hour and 4-hour candles, with rating alerts.', 200000, 30, 30,
   '{"kind":"signal","instrumentCount":25,"intervals":["1h","4h"],"alerts":true}'),
  ('signal', 'Gold', 'Computed ratings of 50 instruments on 1-hour, 4-hour and daily candles, with rating alerts.', 300000, 30, 40,
   '{"kind":"signal","instrumentCount":50,"intervals":["1h","4h","1d"],"alerts":true}'),
  ('signal', 'Diamond', 'Computed ratings of every instrument on 1-hour, 4-hour and daily candles, with rating alerts.', 400000, 30, 50,
   '{"kind":"signal","instrumentCount":null,"intervals":["1h","4h","1d"],"alerts":true}'),
  ('trading', 'Zero', 'Every instrument of the platform.', 50000, 30, 10,
   '{"kind":"trading","maxLeverage":200,"forexSpreadPips":"1.2","otherSpreadPercent":"0.12"}'),
  ('trading', 'Enc', 'Every instrument of the platform.', 150000, 30, 20,
   '{"kind":"trading","maxLeverage":300,"forexSpreadPips":"0.8","otherSpreadPercent":"0.08"}'),
  ('trading', 'Raw', 'Every instrument of the platform.', 250000, 30, 30,
   '{"kind":"trading","maxLeverage":500,"forexSpreadPips":"0.8","otherSpreadPercent":"0.08"}'),
  ('trading', 'Gold', 'Every instrument of the platform.', 500000, 30, 40,
   '{"kind":"trading","maxLeverage":500,"forexSpreadPips":"0.3","otherSpreadPercent":"0.03"}'),
  ('loan', 'Level 1', 'Borrowed money can be traded but not withdrawn; it is repaid from your cash balance.', NULL, 25, 10,
   '{"kind":"loan","amount":"2000000.00","annualInterestPercent":"12.17","minimumPortfolio":"350000.00"}'),
  ('loan', 'Level 2', 'Borrowed money can be traded but not withdrawn; it is repaid from your cash balance.', NULL, 90, 20,
   '{"kind":"loan","amount":"5000000.00","annualInterestPercent":"12.17","minimumPortfolio":"500000.00"}');
