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
ALTER TABLE "loan_applications" ADD CONSTRAINT "loan_applications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_applications" ADD CONSTRAINT "loan_applications_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_applications" ADD CONSTRAINT "loan_applications_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loans" ADD CONSTRAINT "loans_application_id_loan_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."loan_applications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loans" ADD CONSTRAINT "loans_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loans" ADD CONSTRAINT "loans_payout_entry_id_journal_entries_id_fk" FOREIGN KEY ("payout_entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "loan_applications_user_idx" ON "loan_applications" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "loan_applications_status_idx" ON "loan_applications" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "loan_applications_one_pending_idx" ON "loan_applications" USING btree ("user_id") WHERE "loan_applications"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "loans_user_idx" ON "loans" USING btree ("user_id","paid_out_at");--> statement-breakpoint
CREATE INDEX "loans_open_idx" ON "loans" USING btree ("status") WHERE "loans"."status" <> 'repaid';--> statement-breakpoint
CREATE UNIQUE INDEX "loans_one_open_idx" ON "loans" USING btree ("user_id") WHERE "loans"."status" <> 'repaid';