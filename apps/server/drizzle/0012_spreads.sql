ALTER TABLE "site_settings" ADD COLUMN "default_forex_spread_pips" numeric(4, 1) DEFAULT '2.0' NOT NULL;--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "default_other_spread_percent" numeric(4, 2) DEFAULT '0.20' NOT NULL;--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "default_max_leverage" integer DEFAULT 100 NOT NULL;--> statement-breakpoint
ALTER TABLE "trades" ADD COLUMN "open_mid_price" numeric;--> statement-breakpoint
ALTER TABLE "trades" ADD COLUMN "spread_unit" text;--> statement-breakpoint
ALTER TABLE "trades" ADD COLUMN "spread_value" numeric;--> statement-breakpoint
ALTER TABLE "trades" ADD COLUMN "close_mid_price" numeric;--> statement-breakpoint
ALTER TABLE "site_settings" ADD CONSTRAINT "site_settings_default_forex_spread" CHECK ("site_settings"."default_forex_spread_pips" between 0 and 100);--> statement-breakpoint
ALTER TABLE "site_settings" ADD CONSTRAINT "site_settings_default_other_spread" CHECK ("site_settings"."default_other_spread_percent" between 0 and 10);--> statement-breakpoint
ALTER TABLE "site_settings" ADD CONSTRAINT "site_settings_default_max_leverage" CHECK ("site_settings"."default_max_leverage" between 1 and 1000);--> statement-breakpoint
ALTER TABLE "trades" ADD CONSTRAINT "trades_spread_unit" CHECK ("trades"."spread_unit" in ('pips', 'percent'));--> statement-breakpoint
ALTER TABLE "trades" ADD CONSTRAINT "trades_spread" CHECK (("trades"."spread_unit" is null) = ("trades"."spread_value" is null));