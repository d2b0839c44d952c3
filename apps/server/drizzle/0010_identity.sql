CREATE TABLE "identity_submissions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"document_type" text NOT NULL,
	"document_number" text,
	"document_number_normalized" text,
	"document_expiry" date NOT NULL,
	"front_file_id" uuid,
	"back_file_id" uuid,
	"status" text DEFAULT 'pending' NOT NULL,
	"decided_by" text,
	"decided_at" timestamp with time zone,
	"reason_code" text,
	"note" text,
	"resubmit_side" text,
	"claimed_by" text,
	"claimed_until" timestamp with time zone,
	"expiry_notice_sent_at" timestamp with time zone,
	"lapsed_at" timestamp with time zone,
	"images_erased_at" timestamp with time zone,
	"record_erased_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "identity_submissions_document_type" CHECK ("identity_submissions"."document_type" in ('id_card', 'passport', 'driving_licence')),
	CONSTRAINT "identity_submissions_status" CHECK ("identity_submissions"."status" in ('pending', 'approved', 'declined', 'resubmit_requested')),
	CONSTRAINT "identity_submissions_resubmit_side" CHECK ("identity_submissions"."resubmit_side" in ('front', 'back'))
);
--> statement-breakpoint
CREATE TABLE "verification_reasons" (
	"code" text PRIMARY KEY NOT NULL,
	"label" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 100 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "declined_id_retention_days" integer DEFAULT 30 NOT NULL;--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "approved_id_retention_years" integer DEFAULT 5 NOT NULL;--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "withdrawals_need_verified_identity" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "unverified_deposit_limit_minor" bigint DEFAULT 100000 NOT NULL;--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "unverified_withdrawal_limit_minor" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "identity_submissions" ADD CONSTRAINT "identity_submissions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity_submissions" ADD CONSTRAINT "identity_submissions_front_file_id_files_id_fk" FOREIGN KEY ("front_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity_submissions" ADD CONSTRAINT "identity_submissions_back_file_id_files_id_fk" FOREIGN KEY ("back_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity_submissions" ADD CONSTRAINT "identity_submissions_reason_code_verification_reasons_code_fk" FOREIGN KEY ("reason_code") REFERENCES "public"."verification_reasons"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "identity_submissions_user_idx" ON "identity_submissions" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "identity_submissions_number_idx" ON "identity_submissions" USING btree ("document_number_normalized");--> statement-breakpoint
CREATE INDEX "identity_submissions_status_idx" ON "identity_submissions" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "identity_submissions_one_pending" ON "identity_submissions" USING btree ("user_id") WHERE "identity_submissions"."status" = 'pending';--> statement-breakpoint
ALTER TABLE "site_settings" ADD CONSTRAINT "site_settings_declined_id_retention" CHECK ("site_settings"."declined_id_retention_days" between 1 and 3650);--> statement-breakpoint
ALTER TABLE "site_settings" ADD CONSTRAINT "site_settings_approved_id_retention" CHECK ("site_settings"."approved_id_retention_years" between 1 and 50);--> statement-breakpoint
ALTER TABLE "site_settings" ADD CONSTRAINT "site_settings_unverified_deposit_limit" CHECK ("site_settings"."unverified_deposit_limit_minor" >= 0);--> statement-breakpoint
ALTER TABLE "site_settings" ADD CONSTRAINT "site_settings_unverified_withdrawal_limit" CHECK ("site_settings"."unverified_withdrawal_limit_minor" >= 0);--> statement-breakpoint
-- hand-written: idserver
INSERT INTO "verification_reasons" ("code", "label", "sort_order") VALUES
  ('unreadable', 'Unreadable', 10),
  ('expired', 'Expired', 20),
  ('name_mismatch', 'Name mismatch', 30),
  ('document_not_accepted', 'Document not accepted', 40),
  ('other', 'Other', 50)
ON CONFLICT ("code") DO NOTHING;
