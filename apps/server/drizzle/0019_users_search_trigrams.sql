-- Trigram indexes for the Users tab's search by any part of an e-mail, username or name (decision 049).
-- pg_trgm is a trusted extension (PostgreSQL 13+): the database's owner may create it; PGlite loads it too.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
DROP INDEX "users_username_prefix_idx";--> statement-breakpoint
DROP INDEX "users_name_prefix_idx";--> statement-breakpoint
CREATE INDEX "users_email_trgm_idx" ON "users" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_username_trgm_idx" ON "users" USING gin ("username" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_name_trgm_idx" ON "users" USING gin (lower("name") gin_trgm_ops);