ALTER TABLE "site_settings" ADD COLUMN "withdrawals_need_verified_identity" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "unverified_deposit_limit_minor" bigint DEFAULT 100000 NOT NULL;--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "unverified_withdrawal_limit_minor" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "site_settings" ADD CONSTRAINT "site_settings_unverified_deposit_limit" CHECK ("site_settings"."unverified_deposit_limit_minor" >= 0);--> statement-breakpoint
ALTER TABLE "site_settings" ADD CONSTRAINT "site_settings_unverified_withdrawal_limit" CHECK ("site_settings"."unverified_withdrawal_limit_minor" >= 0);