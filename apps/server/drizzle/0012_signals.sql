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
ALTER TABLE "signal_alerts" ADD CONSTRAINT "signal_alerts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signal_instruments" ADD CONSTRAINT "signal_instruments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "signal_alerts_user_idx" ON "signal_alerts" USING btree ("user_id","created_at");