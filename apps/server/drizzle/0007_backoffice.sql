CREATE TABLE "approvals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'awaiting' NOT NULL,
	"user_id" text NOT NULL,
	"withdrawal_id" uuid,
	"amount_minor" bigint NOT NULL,
	"request" jsonb NOT NULL,
	"maker_id" text NOT NULL,
	"maker_role" text NOT NULL,
	"maker_reason" text NOT NULL,
	"checker_id" text,
	"checker_role" text,
	"checker_reason" text,
	"entry_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	CONSTRAINT "approvals_kind" CHECK ("approvals"."kind" in ('adjustment', 'withdrawal_approval')),
	CONSTRAINT "approvals_status" CHECK ("approvals"."status" in ('awaiting', 'approved', 'rejected')),
	CONSTRAINT "approvals_amount_positive" CHECK ("approvals"."amount_minor" > 0),
	CONSTRAINT "approvals_checker_not_maker" CHECK ("approvals"."checker_id" is null or "approvals"."checker_id" <> "approvals"."maker_id")
);
--> statement-breakpoint
CREATE TABLE "audit_chain_head" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"seq" bigint DEFAULT 0 NOT NULL,
	"hash" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sign_ins" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"ip_address" text,
	"user_agent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" DROP CONSTRAINT "users_role";--> statement-breakpoint
-- Staff roles replace the one admin flag: every existing administrator becomes an owner.
UPDATE "users" SET "role" = 'owner' WHERE "role" = 'admin';--> statement-breakpoint
DROP INDEX "audit_log_actor_idx";--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "seq" bigint;--> statement-breakpoint
-- Rows written before the chain are numbered in the order they were written; the server seals them
-- (computes their hashes) at its next start.
UPDATE "audit_log" SET "seq" = numbered.n FROM (
  SELECT "id", row_number() OVER (ORDER BY "created_at", "id") AS n FROM "audit_log"
) AS numbered WHERE numbered."id" = "audit_log"."id";--> statement-breakpoint
ALTER TABLE "audit_log" ALTER COLUMN "seq" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "approver_id" text;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "approver_role" text;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "subject_user_id" text;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "prev_hash" text;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "hash" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "closed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "identity_status" text DEFAULT 'unverified' NOT NULL;--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "four_eyes_threshold_minor" bigint DEFAULT 100000 NOT NULL;--> statement-breakpoint
ALTER TABLE "approvals" ADD CONSTRAINT "approvals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approvals" ADD CONSTRAINT "approvals_withdrawal_id_withdrawals_id_fk" FOREIGN KEY ("withdrawal_id") REFERENCES "public"."withdrawals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sign_ins" ADD CONSTRAINT "sign_ins_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "approvals_status_idx" ON "approvals" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "approvals_user_idx" ON "approvals" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "approvals_one_waiting_per_withdrawal" ON "approvals" USING btree ("withdrawal_id") WHERE "approvals"."status" = 'awaiting';--> statement-breakpoint
CREATE INDEX "sign_ins_user_idx" ON "sign_ins" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_log_subject_idx" ON "audit_log" USING btree ("subject_user_id","seq");--> statement-breakpoint
CREATE INDEX "audit_log_action_idx" ON "audit_log" USING btree ("action","seq");--> statement-breakpoint
CREATE INDEX "users_email_prefix_idx" ON "users" USING btree ("email" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "users_username_prefix_idx" ON "users" USING btree ("username" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "users_name_prefix_idx" ON "users" USING btree (lower("name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "users_created_idx" ON "users" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_log_actor_idx" ON "audit_log" USING btree ("actor_id","seq");--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_seq_unique" UNIQUE("seq");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_identity_status" CHECK ("users"."identity_status" in ('unverified', 'pending', 'verified', 'declined'));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_role" CHECK ("users"."role" in ('client', 'owner', 'admin', 'support', 'compliance', 'accountant'));--> statement-breakpoint
ALTER TABLE "site_settings" ADD CONSTRAINT "site_settings_four_eyes_threshold" CHECK ("site_settings"."four_eyes_threshold_minor" >= 0);--> statement-breakpoint
INSERT INTO "audit_chain_head" ("id", "seq", "hash") VALUES (1, 0, repeat('0', 64));--> statement-breakpoint
ALTER TABLE "audit_chain_head" ADD CONSTRAINT "audit_chain_head_single_row" CHECK ("id" = 1);--> statement-breakpoint
-- The audit log is append-only: no UPDATE or DELETE, except sealing a row written before the chain
-- (setting its prev_hash and hash once, nothing else).
CREATE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.hash IS NULL AND NEW.hash IS NOT NULL
     AND (NEW.id, NEW.seq, NEW.actor_id, NEW.actor_role, NEW.approver_id, NEW.approver_role, NEW.action,
          NEW.target_type, NEW.target_id, NEW.subject_user_id, NEW.reason, NEW.before, NEW.after, NEW.created_at)
         IS NOT DISTINCT FROM
         (OLD.id, OLD.seq, OLD.actor_id, OLD.actor_role, OLD.approver_id, OLD.approver_role, OLD.action,
          OLD.target_type, OLD.target_id, OLD.subject_user_id, OLD.reason, OLD.before, OLD.after, OLD.created_at)
  THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'audit_log is append-only: % is not allowed', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;--> statement-breakpoint
CREATE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE ON "audit_log"
  FOR EACH ROW EXECUTE FUNCTION audit_log_append_only();--> statement-breakpoint
CREATE FUNCTION audit_log_no_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only: TRUNCATE is not allowed' USING ERRCODE = 'insufficient_privilege';
END;
$$;--> statement-breakpoint
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON "audit_log"
  FOR EACH STATEMENT EXECUTE FUNCTION audit_log_no_truncate();
