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
ALTER TABLE "trades" DROP CONSTRAINT "trades_closed_by";--> statement-breakpoint
ALTER TABLE "trades" ADD COLUMN "copied_from_trade_id" uuid;--> statement-breakpoint
ALTER TABLE "trades" ADD COLUMN "copy_relation_id" uuid;--> statement-breakpoint
ALTER TABLE "copy_high_water_marks" ADD CONSTRAINT "copy_high_water_marks_follower_user_id_users_id_fk" FOREIGN KEY ("follower_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "copy_high_water_marks" ADD CONSTRAINT "copy_high_water_marks_provider_user_id_users_id_fk" FOREIGN KEY ("provider_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "skipped_copies" ADD CONSTRAINT "skipped_copies_copy_relation_id_copy_relations_id_fk" FOREIGN KEY ("copy_relation_id") REFERENCES "public"."copy_relations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "skipped_copies" ADD CONSTRAINT "skipped_copies_follower_user_id_users_id_fk" FOREIGN KEY ("follower_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "skipped_copies_once_idx" ON "skipped_copies" USING btree ("provider_trade_id","copy_relation_id");--> statement-breakpoint
CREATE INDEX "skipped_copies_follower_idx" ON "skipped_copies" USING btree ("follower_user_id","skipped_at");--> statement-breakpoint
CREATE UNIQUE INDEX "trades_copy_idx" ON "trades" USING btree ("copied_from_trade_id","copy_relation_id");--> statement-breakpoint
ALTER TABLE "trades" ADD CONSTRAINT "trades_copy" CHECK (("trades"."copied_from_trade_id" is null) = ("trades"."copy_relation_id" is null));--> statement-breakpoint
ALTER TABLE "trades" ADD CONSTRAINT "trades_closed_by" CHECK ("trades"."closed_by" in ('customer', 'admin', 'stop_out', 'desk', 'copy'));