ALTER TABLE "withdrawals" ADD COLUMN "hold_released_by" text;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "hold_released_at" timestamp with time zone;--> statement-breakpoint
-- The releases made before these columns, from the audit log (each release is audited there).
UPDATE "withdrawals" AS w SET "hold_released_by" = a."actor_id", "hold_released_at" = a."created_at"
  FROM (
    SELECT DISTINCT ON ("target_id") "target_id", "actor_id", "created_at"
      FROM "audit_log"
     WHERE "action" = 'withdrawal.release_hold' AND "target_type" = 'withdrawal'
     ORDER BY "target_id", "seq" DESC
  ) AS a
 WHERE a."target_id" = w."id"::text;
