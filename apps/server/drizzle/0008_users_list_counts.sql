CREATE TABLE "customer_counts" (
	"status" text NOT NULL,
	"identity_status" text NOT NULL,
	"customers" bigint NOT NULL,
	CONSTRAINT "customer_counts_status_identity_status_pk" PRIMARY KEY("status","identity_status")
);
--> statement-breakpoint
CREATE INDEX "ledger_accounts_kind_balance_idx" ON "ledger_accounts" USING btree ("kind","balance_minor" DESC NULLS LAST,"user_id" DESC NULLS LAST);--> statement-breakpoint
-- The Users tab's totals: one row per (status, verification) of customers, moved by every insert,
-- delete and change of role, status or verification of a user (in the same transaction).
CREATE FUNCTION customer_counts_track() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.role = 'client' THEN
    UPDATE customer_counts SET customers = customers - 1
      WHERE status = OLD.status AND identity_status = OLD.identity_status;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.role = 'client' THEN
    INSERT INTO customer_counts (status, identity_status, customers)
      VALUES (NEW.status, NEW.identity_status, 1)
      ON CONFLICT (status, identity_status) DO UPDATE SET customers = customer_counts.customers + 1;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER users_customer_counts AFTER INSERT OR DELETE OR UPDATE OF role, status, identity_status ON users
  FOR EACH ROW EXECUTE FUNCTION customer_counts_track();
--> statement-breakpoint
INSERT INTO customer_counts (status, identity_status, customers)
  SELECT status, identity_status, count(*) FROM users WHERE role = 'client' GROUP BY status, identity_status;
--> statement-breakpoint
-- Every customer has their cash and reserved accounts from the start (the ledger used to make them
-- at the first movement), so the Users tab sorted by balance is one ordered read of
-- ledger_accounts_kind_balance_idx joined to users, with no customer left out.
CREATE FUNCTION customer_accounts_open() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO ledger_accounts (kind, user_id) VALUES ('customer_cash', NEW.id), ('customer_reserved', NEW.id)
    ON CONFLICT (user_id, kind) DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER users_customer_accounts AFTER INSERT OR UPDATE OF role ON users
  FOR EACH ROW WHEN (NEW.role = 'client') EXECUTE FUNCTION customer_accounts_open();
--> statement-breakpoint
INSERT INTO ledger_accounts (kind, user_id)
  SELECT kind, users.id FROM users, (VALUES ('customer_cash'), ('customer_reserved')) AS kinds (kind)
  WHERE users.role = 'client'
  ON CONFLICT (user_id, kind) DO NOTHING;
