CREATE TABLE "trades" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"symbol" text NOT NULL,
	"instrument_class" text NOT NULL,
	"direction" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"lot_hundredths" integer NOT NULL,
	"exposure_minor" bigint NOT NULL,
	"open_price" numeric NOT NULL,
	"opened_at" timestamp with time zone NOT NULL,
	"stop_out_price" numeric,
	"status" text NOT NULL,
	"close_price" numeric,
	"closed_at" timestamp with time zone,
	"result_minor" bigint,
	"closed_by" text,
	"closed_by_user_id" text,
	"close_reason" text,
	"booked_by_desk" boolean DEFAULT false NOT NULL,
	"booked_by" text,
	"price_source" text NOT NULL,
	"margin_entry_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trades_status" CHECK ("trades"."status" in ('open', 'closed')),
	CONSTRAINT "trades_direction" CHECK ("trades"."direction" in ('buy', 'sell')),
	CONSTRAINT "trades_amounts" CHECK ("trades"."amount_minor" > 0 and "trades"."lot_hundredths" > 0),
	CONSTRAINT "trades_result_cap" CHECK ("trades"."result_minor" is null or "trades"."result_minor" >= -"trades"."amount_minor")
);
--> statement-breakpoint
ALTER TABLE "trades" ADD CONSTRAINT "trades_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trades" ADD CONSTRAINT "trades_margin_entry_id_journal_entries_id_fk" FOREIGN KEY ("margin_entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "trades_user_idx" ON "trades" USING btree ("user_id","status","opened_at");--> statement-breakpoint
CREATE INDEX "trades_open_symbol_idx" ON "trades" USING btree ("symbol","stop_out_price") WHERE "trades"."status" = 'open';--> statement-breakpoint
CREATE INDEX "trades_opened_idx" ON "trades" USING btree ("opened_at");