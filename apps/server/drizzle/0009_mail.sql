ALTER TABLE "mail_outbox" ADD COLUMN "user_id" text;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "read_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "delivery_status" text DEFAULT 'kept' NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "last_error" text;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "next_attempt_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mail_outbox_user_created_idx" ON "mail_outbox" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "mail_outbox_due_idx" ON "mail_outbox" USING btree ("next_attempt_at") WHERE "mail_outbox"."delivery_status" in ('sending', 'retrying');--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_delivery_status_check" CHECK ("mail_outbox"."delivery_status" in ('kept', 'sending', 'sent', 'retrying', 'failed'));--> statement-breakpoint
-- hand-written: mail
-- Mail kept before this change becomes its account's (Messages); what belongs to no account is blanked.
UPDATE "mail_outbox" AS m SET "user_id" = u."id" FROM "users" AS u WHERE m."user_id" IS NULL AND lower(m."to_address") = u."email";--> statement-breakpoint
UPDATE "mail_outbox" SET "text_body" = '', "html_body" = NULL WHERE "user_id" IS NULL;
