ALTER TABLE "approvals" ADD COLUMN "cancelled_by" text;--> statement-breakpoint
-- Decision 057, section of 2026-11-30: a customer who cancels their withdrawal while its
-- approval waits closes the approval as 'cancelled' by the customer, not as 'rejected' with the
-- customer as its checker (which read as a rejection no staff member made). The rows closed that
-- way before move to the same form: the customer is the approval's own customer (user_id), so
-- nothing is lost. The requests their makers cancelled say so.
UPDATE "approvals"
   SET "status" = 'cancelled', "cancelled_by" = 'customer', "checker_id" = NULL, "checker_role" = NULL
 WHERE "status" = 'rejected' AND "kind" = 'withdrawal_approval' AND "checker_role" = 'client';--> statement-breakpoint
UPDATE "approvals" SET "cancelled_by" = 'maker' WHERE "status" = 'cancelled' AND "cancelled_by" IS NULL;--> statement-breakpoint
ALTER TABLE "approvals" ADD CONSTRAINT "approvals_cancelled_by" CHECK ("approvals"."cancelled_by" in ('maker', 'customer'));--> statement-breakpoint
ALTER TABLE "approvals" ADD CONSTRAINT "approvals_cancelled_by_who" CHECK (("approvals"."status" = 'cancelled') = ("approvals"."cancelled_by" is not null) and ("approvals"."cancelled_by" is distinct from 'customer' or "approvals"."kind" = 'withdrawal_approval'));--> statement-breakpoint
ALTER TABLE "approvals" ADD CONSTRAINT "approvals_checker_staff" CHECK ("approvals"."checker_role" is null or "approvals"."checker_role" <> 'client');
